import Foundation
import TernDemo
import XCTest

/// `tern doctor` in tmux, as a user pastes it into a bug report: the terminal, the mode Tern chose and
/// why, the server and what it runs, the caches; and no token, whatever the log holds.
final class DoctorEndToEndTests: XCTestCase {
    func testDoctorNamesTheTerminalTheModeAndTheServerAndPrintsNoToken() async throws {
        let tern = try TmuxSession.ternBinary()
        var gts = DemoConfig()
        gts.quirks = ServerQuirks.sets.first { $0.name == "gotosocial" }!.quirks
        let server = try await DemoServer.start(gts)
        let home = TernHome()
        defer { home.remove() }
        let token = "s3cret-\(UUID().uuidString)"
        try home.addAccount("bo@two.example", server: server.baseURL, token: token)
        // A log that holds the token, in an address and in a header, as a careless line might.
        let state = home.url.appendingPathComponent("state/tern")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try "2026-11-26T10:00:00Z warning tern.live: url=wss://x.example/api/v1/streaming?access_token=\(token) couldn't connect\n2026-11-26T10:00:01Z error tern.http: Authorization: Bearer \(token) refused\n"
            .write(to: state.appendingPathComponent("tern.log"), atomically: true, encoding: .utf8)
        let tmux = try TmuxSession(command: "env \(home.env) \(tern.path) doctor; echo doctor-exit $?; sleep 30", rows: 60)
        defer { tmux.close() }
        let done = tmux.wait(timeout: 30) { $0.contains("doctor-exit") }
        let report = done.screen
        XCTAssertTrue(done.ok && report.contains("doctor-exit 0"), report)
        XCTAssertTrue(report.contains("TERM: tmux-256color"), report)
        XCTAssertTrue(report.contains("tmux: tmux "), "inside tmux, with its version:\n\(report)")
        // tmux lets nothing through unless told to: the mode, and that fact as the reason for it.
        XCTAssertTrue(report.contains("pictures: symbols, because inside tmux, which lets no pictures through (allow-passthrough is off"),
                      "the picture mode and why:\n\(report)")
        // No bare "?" for a fact not known: words (a log line's own "?" aside).
        let facts = report.components(separatedBy: "\n").prefix { !$0.hasPrefix("Log") }
        XCTAssertFalse(facts.contains { $0.contains(" ? ") || $0.contains(" ?,") || $0.contains(" ?)") || $0.hasSuffix(" ?") },
                       "an unexplained ?:\n\(report)")
        XCTAssertTrue(report.contains("bo@two.example: \(server.baseURL)"), report)
        XCTAssertTrue(report.contains("reachable, version "), report)
        // A long line wraps at the pane's edge (the demo's version names the server it imitates).
        XCTAssertTrue(report.replacingOccurrences(of: "\n", with: "").contains("no streaming health check"),
                      "GoToSocial streams without one:\n\(report)")
        XCTAssertTrue(report.contains("[token]"), "the log's lines are shown, blanked:\n\(report)")
        XCTAssertFalse(report.contains(token), "no token in the report:\n\(report)")
        await server.stop()
    }

    /// `tern doctor > report.txt`, as a bug report is made: the file still says what the terminal is and the
    /// mode Tern would draw pictures in (asked through /dev/tty); and tmux, named by the terminal, is not
    /// said absent where `TMUX` was dropped from the environment (as `sudo` and `runuser` do).
    func testDoctorRedirectedToAFileStillAsksTheTerminal() throws {
        let tern = try TmuxSession.ternBinary()
        let home = TernHome()
        defer { home.remove() }
        try FileManager.default.createDirectory(at: home.url, withIntermediateDirectories: true)
        let file = home.url.appendingPathComponent("report.txt")
        let tmux = try TmuxSession(command: "env -u TMUX \(home.env) \(tern.path) doctor > \(file.path); echo doctor-exit $?; sleep 30")
        defer { tmux.close() }
        let done = tmux.wait(timeout: 30) { $0.contains("doctor-exit") }
        XCTAssertTrue(done.ok && done.screen.contains("doctor-exit 0"), done.screen)
        let report = try String(contentsOf: file, encoding: .utf8)
        XCTAssertFalse(report.contains("not asked"), "the terminal was asked:\n\(report)")
        XCTAssertTrue(report.contains("terminal says: tmux "), "tmux answers XTVERSION with its name:\n\(report)")
        XCTAssertNotNil(report.range(of: #"terminal says: [^\n]*\n  pictures: (kitty|sixel|iterm|symbols|off)"#, options: .regularExpression),
                        "the mode Tern would draw pictures in, beside what the terminal said:\n\(report)")
        XCTAssertTrue(report.contains("tmux: yes, the terminal says tmux "), "not \"tmux: no\" beside it:\n\(report)")
    }

    /// A cache that can't be read is said so in the report, with why, not shown as "none yet".
    func testAnUnreadableCacheIsSaidSoNotShownAsNone() throws {
        let tern = try TmuxSession.ternBinary()
        let home = TernHome()
        defer { home.remove() }
        let data = home.url.appendingPathComponent("data/tern")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 4096).write(to: data.appendingPathComponent("tern.sqlite"))
        let tmux = try TmuxSession(command: "env \(home.env) \(tern.path) doctor; echo doctor-exit $?; sleep 30", columns: 200, rows: 60)
        defer { tmux.close() }
        let done = tmux.wait(timeout: 30) { $0.contains("doctor-exit") }
        let report = done.screen
        XCTAssertTrue(done.ok && report.contains("doctor-exit 0"), report)
        let posts = try XCTUnwrap(report.components(separatedBy: "\n").first { $0.contains("posts: ") }, report)
        XCTAssertFalse(posts.contains("none yet"), posts)
        XCTAssertTrue(posts.contains("could not be opened"), posts)
    }
}
