import Foundation
import XCTest

/// Tern on a server, over ssh and in tmux: the real binary in tmux, as a user runs it there.
final class RemoteComfortsEndToEndTests: XCTestCase {
    /// Over ssh, TERM names the terminal the user sits at, whose entry the server often lacks (WezTerm's,
    /// Ghostty's). Tern draws as the closest terminal it knows and says so, rather than stopping.
    func testATerminalThisMachineDoesNotKnowIsDrawnAsXtermWithANotice() throws {
        let tern = try TmuxSession.ternBinary()
        for unknown in ["wezterm", "xterm-ghostty"] {
            // The test means something only where the entry is missing.
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            probe.arguments = ["infocmp", unknown]
            probe.standardOutput = FileHandle.nullDevice
            probe.standardError = FileHandle.nullDevice
            try probe.run()
            probe.waitUntilExit()
            XCTAssertNotEqual(probe.terminationStatus, 0, "this machine knows \(unknown): pick a terminal it does not")
            let tmux = try TmuxSession(command: "env TERM=\(unknown) \(tern.path) demo --new-post-every 0; sleep 30")
            defer { tmux.close() }
            // One row where it fits beside the status line's right part, else two, split after the ';'.
            let shown = tmux.wait { s in
                s.contains("Sol Novak @user32") && s.contains("TERM=\(unknown) unknown here, drawn as xterm-256color;")
                    && s.contains("install: infocmp -x \(unknown) | ssh ")
            }
            XCTAssertTrue(shown.ok, "TERM=\(unknown): the timeline and the notice:\n\(shown.screen)")
            try tmux.send("j")
            XCTAssertTrue(tmux.wait { $0.contains(" 2/") }.ok, "keys work as on xterm:\n\(tmux.screen())")
        }
    }

    /// Links, mentions and hashtags are OSC 8 hyperlinks where the terminal takes them (`hyperlinks = "on"`
    /// here, as this tmux is older than 3.4, which drops them), each around its own text; where it is not
    /// known to (`auto` in this tmux), no OSC 8 is written at all.
    func testLinksAreHyperlinksWhereTheTerminalTakesThemAndPlainElsewhere() throws {
        let tern = try TmuxSession.ternBinary()
        for on in [true, false] {
            let home = TernHome()
            defer { home.remove() }
            let config = home.url.appendingPathComponent("config/tern")
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            try "hyperlinks = \"\(on ? "on" : "auto")\"\n".write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
            // Tall enough that the first screen holds a hashtag (the third post's), below two posts with link cards.
            let tmux = try TmuxSession(command: "env \(home.env) \(tern.path) demo --new-post-every 0; sleep 30", columns: 100, rows: 60)
            defer { tmux.close() }
            let output = home.url.appendingPathComponent("output")
            try tmux.run(["pipe-pane", "-O", "cat > \(output.path)"])
            XCTAssertTrue(tmux.wait { $0.contains("Sol Novak @user32") && $0.contains(" 1/") }.ok, tmux.screen())
            // What is written after the terminal was asked what it is (the probe ends with the device
            // attributes query), from the frame drawn whole after it: what hyperlinks were decided on.
            let written = { String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self) }
            func afterProbe() -> Substring? {
                let all = written()
                guard let asked = all.range(of: "\u{1B}[c", options: .backwards),
                      let whole = all.range(of: "\u{1B}[2J", range: asked.upperBound..<all.endIndex) else { return nil }
                let frame = all[whole.upperBound...]
                return frame.contains("Path corner keyboard paper lake.") ? frame : nil
            }
            let deadline = Date().addingTimeInterval(15)
            while afterProbe() == nil, Date() < deadline { usleep(50_000) }
            let bytes = String(try XCTUnwrap(afterProbe(), "the list drawn whole after the probe:\n\(written().debugDescription.suffix(2000))"))
            if on {
                // The first post's link card: its words between the link's start and its end.
                let opened = try XCTUnwrap(bytes.range(of: "\u{1B}]8;id=t"), "a hyperlink was written")
                let rest = bytes[opened.upperBound...]
                let uri = rest.drop { $0 != ";" }.dropFirst().prefix { $0 != "\u{1B}" }
                XCTAssertTrue(uri.hasPrefix("https://"), "the link's address: \(uri)")
                // Up to the link's end, past its colours and moves: the words it is on.
                let inside = try XCTUnwrap(rest.drop { $0 != "\\" }.dropFirst().components(separatedBy: "\u{1B}]8;;\u{1B}\\").first)
                let text = inside.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
                XCTAssertFalse(text.trimmingCharacters(in: .whitespaces).isEmpty, "words inside the link: \(inside.debugDescription)")
                XCTAssertFalse(text.contains("\u{1B}"), "nothing but words and their looks inside: \(inside.debugDescription)")
                XCTAssertTrue(bytes.contains("/tags/"), "hashtags link to their pages")
            } else {
                XCTAssertFalse(bytes.contains("\u{1B}]8;"), "no OSC 8 where the terminal is not known to take it")
            }
        }
    }

    /// `y` copies the selected post's link and `Y` its text through OSC 52, which tmux (with
    /// `set-clipboard on`) takes into its paste buffer, as it passes it on to the terminal over ssh.
    func testYCopiesThePostsLinkAndShiftYItsTextThroughTheTerminal() throws {
        let tern = try TmuxSession.ternBinary()
        let tmux = try TmuxSession(command: "\(tern.path) demo --new-post-every 0; sleep 30")
        defer { tmux.close() }
        try tmux.run(["set-option", "-g", "set-clipboard", "on"])
        XCTAssertTrue(tmux.wait { $0.contains("Sol Novak @user32") && $0.contains(" 1/") }.ok, tmux.screen())
        try tmux.send("y")
        let linked = tmux.wait { $0.contains("Copied the post's link") }
        XCTAssertTrue(linked.ok, "y says what it copied:\n\(linked.screen)")
        var buffer = ""
        let deadline = Date().addingTimeInterval(10)
        while !buffer.hasPrefix("http"), Date() < deadline {
            buffer = (try? tmux.run(["show-buffer"])) ?? ""
            if !buffer.hasPrefix("http") { usleep(50_000) }
        }
        XCTAssertTrue(buffer.hasPrefix("http") && buffer.contains("/"), "the post's address reached tmux's buffer: \(buffer)")
        XCTAssertTrue(linked.screen.contains(buffer.trimmingCharacters(in: .whitespacesAndNewlines).prefix(30)), linked.screen)
        try tmux.send("Y")
        XCTAssertTrue(tmux.wait { $0.contains("Copied the post's text") }.ok, tmux.screen())
        let texted = Date().addingTimeInterval(10)
        while !buffer.contains("Path corner keyboard paper lake."), Date() < texted {
            buffer = (try? tmux.run(["show-buffer"])) ?? ""
            if !buffer.contains("Path corner") { usleep(50_000) }
        }
        XCTAssertTrue(buffer.contains("Path corner keyboard paper lake."), "the post's text reached tmux's buffer: \(buffer)")
    }

    /// A paste is one paste (bracketed paste), not keys: two lines pasted into the search line stay on it,
    /// where the line break would otherwise have searched and the rest been taken as commands in the list.
    func testAPasteWithALineBreakIsOnePasteNotKeys() throws {
        let tern = try TmuxSession.ternBinary()
        let tmux = try TmuxSession(command: "\(tern.path) demo --new-post-every 0; sleep 30")
        defer { tmux.close() }
        XCTAssertTrue(tmux.wait { $0.contains("Sol Novak @user32") && $0.contains(" 1/") }.ok, tmux.screen())
        try tmux.send("/")
        XCTAssertTrue(tmux.wait { $0.contains("Search (a link opens it; Esc cancels):") }.ok, tmux.screen())
        try tmux.run(["set-buffer", "harbour\nGq"])
        // -p: as tmux pastes into a program that asked for bracketed paste.
        try tmux.run(["paste-buffer", "-p"])
        let pasted = tmux.wait { $0.contains("Search (a link opens it; Esc cancels): harbour Gq") }
        XCTAssertTrue(pasted.ok, "the paste is on the search line, its line break a space:\n\(pasted.screen)")
        try tmux.send("Enter")
        XCTAssertTrue(tmux.wait { $0.contains("harbour Gq") && !$0.contains("Search (a link opens it; Esc cancels):") }.ok, tmux.screen())
    }

    /// `copy = COMMAND`: the text goes to the program's input (a clipboard tool), started without a
    /// shell; one that ends without reading it leaves Tern running.
    func testACopyCommandGetsTheTextAndOneThatReadsNothingHarmsNothing() throws {
        let tern = try TmuxSession.ternBinary()
        let home = TernHome()
        defer { home.remove() }
        let copied = home.url.appendingPathComponent("copied")
        let config = home.url.appendingPathComponent("config/tern")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        for (command, check) in [("tee \(copied.path)", true), ("true", false)] {
            try "copy = \"\(command)\"\n".write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
            let tmux = try TmuxSession(command: "env \(home.env) \(tern.path) demo --new-post-every 0; echo EXIT $?; sleep 30")
            defer { tmux.close() }
            XCTAssertTrue(tmux.wait { $0.contains("Sol Novak @user32") && $0.contains(" 1/") }.ok, tmux.screen())
            try tmux.send("y")
            XCTAssertTrue(tmux.wait { $0.contains("Copied the post's link: http") }.ok, "\(command):\n\(tmux.screen())")
            if check {
                var text = ""
                let deadline = Date().addingTimeInterval(10)
                while !text.hasPrefix("http"), Date() < deadline {
                    text = (try? String(contentsOf: copied, encoding: .utf8)) ?? ""
                    if !text.hasPrefix("http") { usleep(50_000) }
                }
                XCTAssertTrue(text.hasPrefix("http://127.0.0.1:") && text.contains("/@user32/"), "the command got the link: \(text)")
            }
            // Still here, and answering keys, after a program that read nothing (a write to it fails quietly).
            try tmux.send("Y")
            try tmux.send("j")
            XCTAssertTrue(tmux.wait { $0.contains(" 2/") && !$0.contains("EXIT") }.ok, "\(command):\n\(tmux.screen())")
        }
    }
}
