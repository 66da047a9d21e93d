import Foundation
import TernDemo
import XCTest

/// The real binary under TERM=xterm-256color receiving Home and End as tmux sends them (`ESC [ 1 ~`,
/// `ESC [ 4 ~`), not as that entry names them (`ESC O H`, `ESC O F`). Curses did not know them and
/// handed over an Escape and characters: Home and End never moved the cursor (this post came out
/// "helloX!"), and where the Escape reached the compose screen it closed it.
final class TmuxKeysEndToEndTests: XCTestCase {
    func testHomeAndEndAsTmuxSendsThemMoveInTheTextAndKeepTheComposeScreen() async throws {
        let server = try await DemoServer.start(DemoConfig())
        let run = try TernInTerminal(server: server, answer: "\u{1B}[?62;22c")
        defer { run.stop() }
        let pty = run.pty
        XCTAssertTrue(pty.waitSettled { $0.count > 2_000 }, "no first frame")
        pty.type("w")
        XCTAssertTrue(pty.waitSettled { String(decoding: $0, as: UTF8.self).contains("New post") }, "the compose screen did not open")
        pty.type("hello")
        pty.type("\u{1B}[1~X\u{1B}[4~!")
        pty.type("\u{13}")
        // Sent as typed: Home went before "hello", End after it, and Ctrl-S still reached the compose screen.
        var posted: [String] = []
        for _ in 0..<200 {
            posted = await server.writtenPosts().map(\.text)
            if posted.contains("Xhello!") { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        XCTAssertTrue(posted.contains("Xhello!"), "posted: \(posted); the log: \(run.log.suffix(2_000))")
        await server.stop()
    }
}
