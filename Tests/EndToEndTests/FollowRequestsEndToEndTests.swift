import Foundation
import XCTest

/// A locked account's follow requests in the demo: `x`, "Follow requests…", one accepted and said so, and
/// the list asked again no longer has it.
final class FollowRequestsEndToEndTests: XCTestCase {
    func testARequestIsAcceptedFromTheMenu() throws {
        let tern = try TmuxSession.ternBinary()
        let tmux = try TmuxSession(command: "\(tern.path) demo --new-post-every 0; sleep 30")
        defer { tmux.close() }
        XCTAssertTrue(tmux.wait { $0.contains("Sol Novak @user32") && $0.contains(" 1/") }.ok, tmux.screen())
        try tmux.openYours("Follow requests…")
        let asked = tmux.wait { $0.contains("3 follow requests") && $0.contains("Accept @user35") }
        XCTAssertTrue(asked.ok, asked.screen)
        try tmux.send("4")
        XCTAssertTrue(tmux.wait { $0.contains("@user35 follows you now.") }.ok, tmux.screen())
        try tmux.openYours("Follow requests…")
        let left = tmux.wait { $0.contains("2 follow requests") }
        XCTAssertTrue(left.ok, left.screen)
        XCTAssertFalse(left.screen.contains("@user35"), "answered, so no longer asking:\n\(left.screen)")
    }
}
