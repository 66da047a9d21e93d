import Foundation
import XCTest

/// Threads, profiles, notifications, the mouse and a remapped key, in the real binary in tmux.
final class ScreensEndToEndTests: XCTestCase {
    /// The list's lines as they read: trailing blanks (which curses may or may not have written) dropped.
    func listArea(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast(2)
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    func testThreadProfileNotificationsAndBackToTheSamePost() throws {
        let tern = try TmuxSession.ternBinary()
        let tmux = try TmuxSession(command: "\(tern.path) demo --new-post-every 0; sleep 30")
        defer { tmux.close() }
        XCTAssertTrue(tmux.wait { $0.contains("Sol Novak @user32") && $0.contains("☆") }.ok, tmux.screen())
        // The third post has the demo's 40-reply thread under it.
        for _ in 0..<2 { try tmux.send("j"); usleep(100_000) }
        // Compared after the pictures have finished loading, so only the place can differ.
        let before = tmux.waitSettled { $0.contains("3/") }
        XCTAssertTrue(before.ok, before.screen)
        try tmux.send("Enter")
        let thread = tmux.wait { $0.contains("tern · Thread") && $0.contains("Reply 1:") }
        XCTAssertTrue(thread.ok, "Enter did not open the thread:\n\(thread.screen)")
        // Replies are indented under what they answer: a reply to a reply starts further right.
        let lines = thread.screen.split(separator: "\n")
        let first = try XCTUnwrap(lines.first { $0.contains("Reply 1:") })
        let nested = try XCTUnwrap(lines.first { $0.contains("Reply 3:") })
        XCTAssertGreaterThan(nested.prefix { $0 == " " }.count, first.prefix { $0 == " " }.count, thread.screen)

        try tmux.send("Escape")
        // The same place, once its pictures are drawn again (on a busy machine an avatar came back after the
        // screen had been quiet for a moment).
        let back = tmux.wait { $0.contains("tern · Home") && listArea($0) == listArea(before.screen) }
        XCTAssertTrue(back.ok, "Esc did not return to the same place:\n--- before:\n\(before.screen)\n--- after:\n\(back.screen)")

        try tmux.send("p")
        let profile = tmux.wait { $0.contains("tern · @user") && $0.contains("followers") && $0.contains("joined") }
        XCTAssertTrue(profile.ok, "p did not open the author:\n\(profile.screen)")
        try tmux.send("Escape")
        try tmux.send("n")
        let notifications = tmux.wait { $0.contains("tern · Notifications") && $0.contains("asked to follow you") }
        XCTAssertTrue(notifications.ok, "n did not show notifications:\n\(notifications.screen)")

        // The thread again, after it was closed: its engine was stopped, a new one shows it.
        try tmux.send("Escape")
        XCTAssertTrue(tmux.wait { $0.contains("tern · Home") }.ok, tmux.screen())
        try tmux.send("Enter")
        let again = tmux.wait { $0.contains("tern · Thread") && $0.contains("Reply 1:") }
        XCTAssertTrue(again.ok, "the thread did not open a second time:\n\(again.screen)")
    }

    func testTheMouseWheelScrolls() throws {
        let tern = try TmuxSession.ternBinary()
        let tmux = try TmuxSession(command: "\(tern.path) demo --new-post-every 0; sleep 30")
        defer { tmux.close() }
        // Pictures and avatars loaded first: what changes after this is the scroll.
        let first = tmux.waitSettled { $0.contains("Sol Novak @user32") && $0.contains("☆") }
        XCTAssertTrue(first.ok, first.screen)
        // A wheel-down report in xterm's SGR encoding, as a terminal sends it: ESC [ < 65 ; 10 ; 10 M.
        try tmux.run(["send-keys", "-H"] + Array("\u{1B}[<65;10;10M".utf8).map { String(format: "%02x", $0) })
        // (Pictures arriving change the screen too: what counts is the top line.)
        let scrolled = tmux.wait { self.listArea($0).first?.dropFirst(2) != self.listArea(first.screen).first?.dropFirst(2) }
        XCTAssertTrue(scrolled.ok, "the wheel did not scroll:\n\(scrolled.screen)")
        // Three lines: the first line now on top was the fourth (the selection gutter aside).
        XCTAssertEqual(listArea(scrolled.screen).first?.dropFirst(2), listArea(first.screen)[3].dropFirst(2))
    }

    func testARemappedKeyDoesItsActionAndHelpShowsIt() throws {
        let tern = try TmuxSession.ternBinary()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-e2e-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home.appendingPathComponent("tern"), withIntermediateDirectories: true)
        try "# my keys\n[keys]\nlike = \"L\"\n".write(to: home.appendingPathComponent("tern/config.toml"), atomically: true, encoding: .utf8)
        let tmux = try TmuxSession(command: "env XDG_CONFIG_HOME=\(home.path) \(tern.path) demo --new-post-every 0; sleep 30")
        defer { tmux.close() }
        XCTAssertTrue(tmux.wait { $0.contains("Sol Novak @user32") && $0.contains("☆") }.ok, tmux.screen())
        // Keys are taken in order: once `?`'s help is up, `f` has been taken, and a like would show (pending) at once.
        try tmux.send("f")
        try tmux.send("?")
        let helped = tmux.wait { $0.contains("Keys (") }
        XCTAssertTrue(helped.ok, helped.screen)
        try tmux.send("Escape")
        let back = tmux.wait { !$0.contains("Keys (") && $0.contains("Sol Novak @user32") }
        XCTAssertTrue(back.ok, back.screen)
        XCTAssertFalse(back.screen.contains("liked") || back.screen.contains("liking"), "f still likes after being remapped:\n\(back.screen)")
        try tmux.send("L")
        let liked = tmux.wait { s in s.split(separator: "\n").contains { $0.hasPrefix("▌") && $0.contains("liked") } }
        XCTAssertTrue(liked.ok, "L did not like:\n\(liked.screen)")
        try tmux.send("?")
        // The help's like line, once the frame that holds it is drawn whole (a capture can catch its first rows
        // drawn over the list, before the rest: a CI run did).
        let help = tmux.wait { $0.contains("Keys (") && $0.contains("like / unlike") }
        XCTAssertTrue(help.ok, help.screen)
        XCTAssertTrue(help.screen.contains("L                   like / unlike"), help.screen)

        // A key name that doesn't exist stops Tern before the screen starts, naming the line.
        try "[keys]\n\nsave = \"hyper-s\"\n".write(to: home.appendingPathComponent("tern/config.toml"), atomically: true, encoding: .utf8)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tern-e2e-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let failing = try TmuxSession(command: "env XDG_CONFIG_HOME=\(home.path) \(tern.path) demo > \(out.path) 2>&1; echo exit=$? >> \(out.path); sleep 30")
        defer { failing.close() }
        let deadline = Date().addingTimeInterval(20)
        var text = ""
        while Date() < deadline {
            text = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
            if text.contains("exit=") { break }
            usleep(100_000)
        }
        XCTAssertTrue(text.contains("line 3: unknown key 'hyper-s' for save"), text)
        XCTAssertFalse(text.contains("exit=0"), text)
    }
}
