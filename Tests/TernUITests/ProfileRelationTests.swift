import Foundation
import TernFeed
import TernModel
@testable import TernTerminal
@testable import TernUI
import XCTest

/// What a profile's header says of the account and the user: whether each follows the other, and whether
/// the account asked to follow the user (Mastodon's `requested_by`), which it did not say.
final class ProfileRelationTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func header(_ relationship: Relationship) throws -> String {
        let ada = Account(id: "a", acct: "ada", displayName: "Ada")
        let e = LayerEnv(rows: 24, columns: 100, now: now, renderer: FrameRenderer(theme: .builtIn))
        let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (24, 100))
        defer { screen.close() }
        var stack = LayerStack(root: .home)
        _ = stack.apply([.push(.feed(.profile(ada)))])
        stack.show(FeedSnapshot(version: 1, feed: .profile(accountID: "a"), rows: [.profile(Profile(account: ada), relationship, followPending: false)]), e)
        _ = stack.apply(stack.settle(e))
        stack.render(e, on: screen)
        return (0..<24).map { screen.frame.text(row: $0) }.joined(separator: "\n")
    }

    func testAProfileSaysTheAccountAskedToFollowTheUser() throws {
        let asking = try header(Relationship(requestedBy: true))
        XCTAssertTrue(asking.contains("not following (F follows) · asked to follow you"), asking)
        XCTAssertFalse(asking.contains("follows you"), asking)
        let following = try header(Relationship(followedBy: true))
        XCTAssertTrue(following.contains("follows you"), following)
        XCTAssertFalse(following.contains("asked to follow you"), following)
    }
}
