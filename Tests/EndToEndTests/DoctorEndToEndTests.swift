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
        XCTAssertTrue(report.contains("pictures: "), report)
        XCTAssertTrue(report.contains("bo@two.example: \(server.baseURL)"), report)
        XCTAssertTrue(report.contains("reachable, version "), report)
        XCTAssertTrue(report.contains("no streaming health check"), "GoToSocial streams without one:\n\(report)")
        XCTAssertTrue(report.contains("[token]"), "the log's lines are shown, blanked:\n\(report)")
        XCTAssertFalse(report.contains(token), "no token in the report:\n\(report)")
        await server.stop()
    }
}
