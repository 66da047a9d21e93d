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
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-e2e-doctor-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let token = "s3cret-\(UUID().uuidString)"
        let accounts = home.appendingPathComponent("config/tern/accounts")
        try FileManager.default.createDirectory(at: accounts, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let file = accounts.appendingPathComponent("bo@two.example.json")
        try #"{"name":"bo@two.example","server":"\#(server.baseURL)","token":"\#(token)","accountID":"1"}"#
            .write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        // A log that holds the token, in an address and in a header, as a careless line might.
        let state = home.appendingPathComponent("state/tern")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try "2026-11-26T10:00:00Z warning tern.live: url=wss://x.example/api/v1/streaming?access_token=\(token) couldn't connect\n2026-11-26T10:00:01Z error tern.http: Authorization: Bearer \(token) refused\n"
            .write(to: state.appendingPathComponent("tern.log"), atomically: true, encoding: .utf8)
        let env = ["HOME=\(home.path)", "XDG_CONFIG_HOME=\(home.path)/config", "XDG_DATA_HOME=\(home.path)/data",
                   "XDG_STATE_HOME=\(home.path)/state", "XDG_CACHE_HOME=\(home.path)/cache"].joined(separator: " ")
        let tmux = try TmuxSession(command: "env \(env) \(tern.path) doctor; echo doctor-exit $?; sleep 30", rows: 60)
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
