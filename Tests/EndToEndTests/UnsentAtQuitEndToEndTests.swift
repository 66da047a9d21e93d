import Foundation
import XCTest

/// Quitting with a like the server has not taken yet: the status line's "1 pending" goes with the screen,
/// so Tern says, once the screen is closed, what is not on the server yet and that it is kept.
final class UnsentAtQuitEndToEndTests: XCTestCase {
    func testALikeStillWaitingForTheServerIsSaidAfterQuitting() throws {
        let home = TernHome()
        defer { home.remove() }
        let tern = try TmuxSession.ternBinary().path
        let tmux = try TmuxSession(command: "env \(home.env) LANG=C.UTF-8 \(tern) demo --new-post-every 0 --feeds 0 --no-stream "
                                       + "--images off --fail-rate 1; echo demo-exit $?; sleep 30")
        defer { tmux.close() }
        let ready = tmux.wait(timeout: 30) { $0.contains("☆") }
        XCTAssertTrue(ready.ok, ready.screen)
        try tmux.send("f")
        let pending = tmux.wait(timeout: 20) { $0.contains("1 pending") }
        XCTAssertTrue(pending.ok, "the like waits, the server failing every request: \(pending.screen)")
        try tmux.send("q")
        let ended = tmux.wait(timeout: 20) { $0.contains("demo-exit") }
        XCTAssertTrue(ended.ok && ended.screen.contains("demo-exit 0"), ended.screen)
        XCTAssertTrue(ended.screen.contains("Not on the server yet (kept; sent when Tern next starts, or now with tern sync):"), ended.screen)
        XCTAssertTrue(ended.screen.contains(": 1 change"), ended.screen)
    }
}
