import Foundation
import TernDemo
@testable import TernFeed
import TernMastodon
import TernModel
@testable import TernUI
import XCTest

/// A reply deleted takes one off the answered post's count, on the server and in every list: the session reads
/// the answered post again once the deletion is done, as a reply made does (a new user saw "↩ 1" on Home and
/// in the thread over a thread whose only reply was gone).
final class DeletedReplyTests: XCTestCase {
    func testDeletingAReplyTakesItOffTheAnsweredPostsCount() async throws {
        var config = DemoConfig()
        config.newPostInterval = nil
        let rig = try await AccountEffectsRig(config)
        do {
            let home = try await rig.client.timeline(.home, limit: 10).posts
            let answered = try XCTUnwrap(home.first { $0.boostedBy == nil })
            let me = try await rig.client.verifyCredentials()
            var draft = Draft.reply(to: answered, me: me.acct)
            draft.text += "a reply to take back"
            let reply = try await rig.client.publish(draft, mediaIDs: [], idempotencyKey: "deleted-reply")
            let counted = try await rig.client.status(id: answered.statusID)
            XCTAssertEqual(counted.repliesCount, answered.repliesCount + 1)
            // The session holds the answered post as a list read it after the reply.
            _ = rig.session.sources.posts.heard([counted])

            try await rig.forget()
            _ = rig.session.carry(.deletePost(reply))
            let done = try await rig.waitFor { rig.actionNews.items.withLock { $0.contains(.deleted(statusID: reply.statusID)) } }
            XCTAssertTrue(done, "the deletion was never done")
            // As the runner hands the action queue's news to the session.
            XCTAssertEqual(rig.session.heard(.deleted(statusID: reply.statusID)), [.say("Deleted.", error: false)])
            let fewer = try await rig.waitFor { rig.session.sources.posts.copy(of: answered.statusID)?.repliesCount == answered.repliesCount }
            XCTAssertTrue(fewer, "the answered post still counts the deleted reply: ↩ \(rig.session.sources.posts.copy(of: answered.statusID)?.repliesCount ?? -1)")
        } catch {
            try await rig.close()
            throw error
        }
        try await rig.close()
    }
}
