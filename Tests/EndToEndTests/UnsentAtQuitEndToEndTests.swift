import Foundation
import TernDemo
import XCTest

/// Quitting with a like the server has not taken yet: the status line's "1 pending" goes with the screen,
/// so Tern says, once the screen is closed, what is not on the server yet: kept for the next start, or, in the
/// demo (whose home is thrown away), lost with the run, rather than a promise the demo cannot keep.
final class UnsentAtQuitEndToEndTests: XCTestCase {
    func testALikeStillWaitingForTheServerIsSaidKeptAfterQuitting() async throws {
        var config = DemoConfig()
        config.newPostInterval = nil
        let server = try await DemoServer.start(config)
        let home = TernHome()
        defer { home.remove() }
        try home.addAccount("ada@one.example", server: server.baseURL)
        let tern = try TmuxSession.ternBinary().path
        let tmux = try TmuxSession(command: "env \(home.env) LANG=C.UTF-8 \(tern) --no-stream --images off; echo tern-exit $?; sleep 30")
        defer { tmux.close() }
        let ready = tmux.wait(timeout: 30) { $0.contains("☆") }
        XCTAssertTrue(ready.ok, ready.screen)
        // From now on every request fails: the like waits.
        await server.injectFaults(Array(repeating: .status(503, retryAfter: nil), count: 400))
        let ended = try likeAndQuit(tmux, exit: "tern-exit")
        XCTAssertTrue(ended.screen.contains("Not on the server yet (kept; sent when Tern next starts, or now with tern sync):"), ended.screen)
        XCTAssertTrue(ended.screen.contains(": 1 change"), ended.screen)
        tmux.close()
        await server.stop()
    }

    func testInTheDemoALikeStillWaitingIsSaidLostWithTheRun() throws {
        let home = TernHome()
        defer { home.remove() }
        let tern = try TmuxSession.ternBinary().path
        let tmux = try TmuxSession(command: "env \(home.env) LANG=C.UTF-8 \(tern) demo --new-post-every 0 --feeds 0 --no-stream "
                                       + "--images off --fail-rate 1; echo demo-exit $?; sleep 30")
        defer { tmux.close() }
        XCTAssertTrue(tmux.wait(timeout: 30) { $0.contains("☆") }.ok, tmux.screen())
        let ended = try likeAndQuit(tmux, exit: "demo-exit")
        XCTAssertTrue(ended.screen.contains("Not on the demo server, and lost with this run (the demo keeps nothing after it ends):"), ended.screen)
        XCTAssertFalse(ended.screen.contains("kept; sent when Tern next starts"), ended.screen)
        XCTAssertTrue(ended.screen.contains(": 1 change"), ended.screen)
    }

    /// `f` on a server failing every request (the like waits: "1 pending"), then `q`; the screen once the shell
    /// printed `exit` and Tern's status, which must be 0.
    private func likeAndQuit(_ tmux: TmuxSession, exit: String) throws -> (ok: Bool, screen: String) {
        try tmux.send("f")
        let pending = tmux.wait(timeout: 20) { $0.contains("1 pending") }
        XCTAssertTrue(pending.ok, "the like waits, the server failing every request: \(pending.screen)")
        try tmux.send("q")
        let ended = tmux.wait(timeout: 20) { $0.contains(exit) }
        XCTAssertTrue(ended.ok && ended.screen.contains("\(exit) 0"), ended.screen)
        return ended
    }
}
