import Foundation
import TernDemo
import XCTest

/// `tern --plain`, and `tern` whose output is a pipe or whose terminal is `dumb`: the newest posts as
/// plain text, readable by a screen reader or `less`, with no drawing characters and no escapes.
final class PlainOutputEndToEndTests: XCTestCase {
    func testPostsArePrintedAsPlainTextToAPipeAndOnADumbTerminal() async throws {
        let demo = try await DemoHome.start()
        let (tern, server, home) = (demo.tern, demo.server, demo.home)
        defer { home.remove() }
        let environment = ["LANG": "C.UTF-8", "TERM": "xterm-256color", "COLUMNS": "72"]
        func printed(_ arguments: [String]) throws -> (status: Int32, out: String) { try home.run(tern, arguments, extra: environment) }
        func isDrawing(_ s: Unicode.Scalar) -> Bool { (0x2500...0x25FF).contains(s.value) || (0x2190...0x21FF).contains(s.value) }

        // Asked for, and a pipe without asking: the same plain posts, newest first.
        for arguments in [["--plain"], []] {
            let (status, out) = try printed(arguments)
            XCTAssertEqual(status, 0, out)
            XCTAssertTrue(out.hasPrefix("Sol Novak (@user32), "), "newest first, named in words:\n\(out.prefix(400))")
            XCTAssertTrue(out.contains("Path corner keyboard paper lake."), out)
            XCTAssertTrue(out.contains("[Picture: Generated picture of concentric coloured rings]"), "alt text for a picture:\n\(out.prefix(600))")
            XCTAssertTrue(out.contains(" replies, ") && out.contains(" likes"), "counts in words")
            XCTAssertFalse(out.unicodeScalars.contains { $0.value == 0x1B || isDrawing($0) }, "no escapes or drawing characters:\n\(out.prefix(600))")
            let lines = out.components(separatedBy: "\n")
            let long = lines.filter { $0.count > 72 }
            XCTAssertTrue(long.allSatisfy { $0.contains("://") }, "wrapped at COLUMNS, only addresses beyond it: \(long)")
        }
        // Offline, from what the first runs cached.
        await server.stop()
        let (status, cached) = try printed(["--plain", "--offline"])
        XCTAssertEqual(status, 0)
        XCTAssertTrue(cached.contains("Path corner keyboard paper lake."), cached)

        // Beside a Tern that has the cache open (it holds the store's lock), the cached posts, read beside it.
        let envWords = home.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let running = try TmuxSession(command: "env \(envWords) \(tern.path) --offline; sleep 30")
        defer { running.close() }
        XCTAssertTrue(running.wait { $0.contains("Path corner keyboard paper lake.") }.ok, running.screen())
        let (besideStatus, beside) = try printed(["--plain"])
        XCTAssertEqual(besideStatus, 0)
        XCTAssertTrue(beside.hasPrefix("Sol Novak (@user32), "), "the cached posts beside a running Tern:\n\(beside.prefix(300))")
        running.close()

        // A terminal that can't draw a screen gets the same text, not an error.
        let env = envWords
        let tmux = try TmuxSession(command: "env \(env) TERM=dumb \(tern.path) --offline; echo exit $?; sleep 30")
        defer { tmux.close() }
        let dumb = tmux.wait { $0.contains("exit 0") }
        XCTAssertTrue(dumb.ok && dumb.screen.contains("likes"), "TERM=dumb prints posts:\n\(dumb.screen)")
    }

    /// A config.toml that the screen refuses is refused by `--plain` too, with the same words: a run on
    /// defaults that ends 0 would hide the mistake.
    func testABrokenConfigFailsPlainOutputAsItFailsTheScreen() async throws {
        let demo = try await DemoHome.start(quiet: false)
        let (tern, server, home) = (demo.tern, demo.server, demo.home)
        defer { home.remove() }
        let folder = home.url.appendingPathComponent("config/tern")
        try "theme = \"dark\n".write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let (status, out) = try home.run(tern, ["--plain"], extra: ["TERM": "xterm-256color"], errors: true)
        XCTAssertNotEqual(status, 0, out)
        XCTAssertTrue(out.contains("config.toml: line 1: theme = \"dark: a string is not closed"), out)
        XCTAssertFalse(out.contains("Sol Novak"), "no posts printed on defaults:\n\(out)")
        await server.stop()
    }

    /// `tern demo | head -5`: the demo's posts as plain text, as plain `tern` prints them into a pipe, and
    /// the terminal left as it was (cooked, echoing) for the next program once head has read its lines.
    func testTheDemoIntoAPipePrintsPlainPostsAndLeavesTheTerminalAsItWas() throws {
        let tern = try TmuxSession.ternBinary()
        let home = TernHome()
        defer { home.remove() }
        try FileManager.default.createDirectory(at: home.url, withIntermediateDirectories: true)
        let head = home.url.appendingPathComponent("head"), modes = home.url.appendingPathComponent("modes")
        let tmux = try TmuxSession(command: "env \(home.env) LANG=C.UTF-8 COLUMNS=72 \(tern.path) demo --new-post-every 0 | head -5 >\(head.path); "
            + "stty -a >\(modes.path); echo piped-run-over; sleep 30")
        defer { tmux.close() }
        var over = tmux.wait(timeout: 15) { $0.contains("piped-run-over") }
        if !over.ok {
            // A full screen drawn into the pipe waits for a key: quit it, to see what it leaves behind.
            try tmux.send("q")
            over = tmux.wait { $0.contains("piped-run-over") }
        }
        XCTAssertTrue(over.ok, over.screen)
        let printed = try String(contentsOf: head, encoding: .utf8)
        XCTAssertTrue(printed.hasPrefix("Sol Novak (@user32), "), "plain posts, newest first:\n\(printed)")
        XCTAssertFalse(printed.unicodeScalars.contains { $0.value == 0x1B }, "no escapes in the pipe:\n\(printed)")
        let flags = Set(try String(contentsOf: modes, encoding: .utf8).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        for mode in ["onlcr", "icanon", "echo", "icrnl"] {
            XCTAssertTrue(flags.contains(mode) && !flags.contains("-" + mode), "the terminal was left without \(mode): \(flags.sorted())")
        }
    }
}
