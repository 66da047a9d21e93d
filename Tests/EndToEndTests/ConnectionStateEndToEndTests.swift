import Foundation
import XCTest

/// One connection state per session, shown alike on every screen.
final class ConnectionStateEndToEndTests: XCTestCase {
    /// The server stops answering while a thread is open, and a like there finds it gone: the thread's status
    /// line says `offline`, as Home's does. Before, Home said `offline · 1 pending` while the open thread,
    /// which had asked nothing since it loaded, went on as if the server answered.
    func testAThreadSaysOfflineWhenTheSessionFindsTheServerGone() throws {
        let tern = try TmuxSession.ternBinary().path
        // In a session of its own (setsid): tmux resumes a pane's process that stops, and this one must stay paused.
        let server = try TmuxSession(command: "setsid -w \(tern) demo --server-only --new-post-every 0", columns: 100, rows: 5)
        defer { server.close() }
        let started = server.wait { $0.contains("http://127.0.0.1:") }
        let address = try XCTUnwrap(started.screen.range(of: #"http://127\.0\.0\.1:\d+"#, options: .regularExpression)
            .map { String(started.screen[$0]) }, started.screen)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try "any-token\n".write(to: home.appendingPathComponent("token"), atomically: true, encoding: .utf8)
        let env = "XDG_CONFIG_HOME=\(home.path)/config XDG_CACHE_HOME=\(home.path)/cache XDG_DATA_HOME=\(home.path)/data XDG_STATE_HOME=\(home.path)/state"
        let tmux = try TmuxSession(command: "env \(env) \(tern) --server \(address) --token-file \(home.path)/token --no-stream --images off")
        defer { tmux.close() }
        XCTAssertTrue(tmux.wait { $0.contains("☆") }.ok, tmux.screen())
        try tmux.send("Enter")
        let thread = tmux.waitSettled { $0.contains("Thread") && $0.contains("☆") }
        XCTAssertTrue(thread.ok, thread.screen)
        XCTAssertFalse(thread.screen.contains("offline"), thread.screen)

        // The demo server's process, paused: connections are taken by the kernel and never answered.
        let panePID = try XCTUnwrap(Int32(server.run(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)))
        let children = try Spawn.run(["pgrep", "-P", "\(panePID)"], capture: true)
        let demoPID = try XCTUnwrap(Int32(children.split(separator: "\n").first.map(String.init) ?? ""), "no demo under setsid: \(children)")
        XCTAssertEqual(kill(demoPID, SIGSTOP), 0)
        // Ended here: in a session of its own, it outlives the tmux server's hang-up (the suite left it running).
        defer { kill(demoPID, SIGCONT); kill(demoPID, SIGTERM) }
        try tmux.send("f")
        let offline = tmux.wait(timeout: 40) { $0.split(separator: "\n").last?.contains("offline") == true }
        XCTAssertTrue(offline.ok, "the thread does not say offline:\n\(offline.screen)")
        XCTAssertTrue(offline.screen.contains("1 pending"), offline.screen)
        // Home, under it, says the same.
        try tmux.send("Escape")
        let back = tmux.wait { $0.contains("Home") && $0.split(separator: "\n").last?.contains("offline") == true }
        XCTAssertTrue(back.ok, back.screen)
    }
}
