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

    /// A request answered on its own notification: `x` offers the answer first (as the server lists the
    /// request); once made, the row says so (it went on asking before), and is not offered again.
    func testARequestIsAnsweredOnItsNotification() throws {
        let tern = try TmuxSession.ternBinary()
        let tmux = try TmuxSession(command: "\(tern.path) demo --new-post-every 0; sleep 30")
        defer { tmux.close() }
        XCTAssertTrue(tmux.wait { $0.contains("Sol Novak @user32") && $0.contains(" 1/") }.ok, tmux.screen())
        try tmux.send("n")
        // The newest notification is the request, selected as the list opens.
        let asking = tmux.wait { $0.contains("tern · Notifications") && $0.contains("▌ ? ") && $0.contains("asked to follow you") }
        XCTAssertTrue(asking.ok, asking.screen)
        try tmux.send("x")
        let menu = tmux.wait { $0.contains("What to do") && $0.contains("'s request…") }
        XCTAssertTrue(menu.ok, menu.screen)
        let line = try XCTUnwrap(menu.screen.components(separatedBy: "\n").first { $0.contains("'s request…") })
        let who = try XCTUnwrap(line.components(separatedBy: "Answer @").last?.components(separatedBy: "'s request").first)
        try tmux.send(String(try XCTUnwrap(line.trimmingCharacters(in: .whitespaces).drop { !$0.isNumber }.first)))
        let offered = tmux.wait { $0.contains("1 follow request") && $0.contains("Accept @\(who)") }
        XCTAssertTrue(offered.ok, offered.screen)
        try tmux.send("1")
        let answered = tmux.wait { $0.contains("@\(who) follows you now.") && $0.contains("asked to follow you · accepted") }
        XCTAssertTrue(answered.ok, answered.screen)
        try tmux.send("x")
        let again = tmux.wait { $0.contains("What to do") }
        XCTAssertTrue(again.ok, again.screen)
        XCTAssertFalse(again.screen.contains("'s request…"), "an answered request offered again:\n\(again.screen)")
    }
}
