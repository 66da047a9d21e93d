import Foundation
import TernDemo
import TernFeed
import TernMastodon
import TernModel
import XCTest

/// The "Direct messages" list against the demo: each conversation once, at its newest message; opening
/// one marks it read on the server, and the mark goes only once the server says so; an answer brings the
/// conversation back to the top.
final class ConversationsTests: XCTestCase {
    func testConversationsAreListedOnceEachReadAndAnswered() async throws {
        try await withRig { server, rig in
            let log = SnapshotLog()
            let engine = try rig.engine(server.baseURL, timeline: .conversations, log: log)
            engine.send(.start)
            let loaded = try await waitFor(log) { $0.posts.count == 3 && !$0.loadingNewer }
            let conversations = loaded.posts.compactMap(\.conversation)
            XCTAssertEqual(conversations.count, 3, "each entry carries its conversation")
            XCTAssertEqual(loaded.posts.map(\.unread), [true, false, false], "the newest is unread, and says so")
            XCTAssertEqual(loaded.posts.map { $0.visibility }, ["direct", "direct", "direct"])
            let unread = loaded.posts[0]

            // Opened: the server is told, and the mark goes once it has answered.
            engine.send(.readConversation(postID: unread.id))
            _ = try await waitFor(log) { $0.posts.first?.unread == false }
            let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: rig.http)
            let onServer = try await client.timeline(.conversations)
            XCTAssertEqual(onServer.posts.compactMap(\.conversation).first { $0.id == unread.conversation?.id }?.unread, false)

            // The user answers the oldest conversation: a refresh brings it to the top, once.
            let oldest = loaded.posts[2]
            var draft = Draft.reply(to: oldest, me: "you")
            draft.text += "see you there"
            let answer = try await client.publish(draft, mediaIDs: [], idempotencyKey: "dm-answer")
            XCTAssertEqual(answer.visibility, "direct", "an answer keeps the conversation direct")
            engine.send(.refresh)
            let moved = try await waitFor(log) { $0.posts.first?.statusID == answer.statusID && !$0.loadingNewer }
            XCTAssertEqual(moved.posts.count, 3, "the conversation once, at its newest message: \(moved.posts.map(\.id))")
            XCTAssertEqual(moved.posts.first?.conversation?.id, oldest.conversation?.id)
        }
    }

    /// The user's own message is read: answering a conversation brings it to the top, and "read up to here"
    /// stays above it, never under it (it was put under the user's answer, whose account the engine did not
    /// know; a new user's find).
    func testTheUsersOwnAnswerNeverLandsAboveTheReadMark() async throws {
        try await withRig { server, rig in
            let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: rig.http)
            let me = try await client.verifyCredentials()
            let log = SnapshotLog()
            let engine = try rig.engine(server.baseURL, timeline: .conversations, log: log, ownAccountID: me.id)
            engine.send(.start)
            let loaded = try await waitFor(log) { $0.posts.count == 3 && !$0.loadingNewer }
            // The top has been read.
            engine.send(.viewed(first: 0, last: 2, anchorID: loaded.posts[0].id, offset: 0))

            let oldest = loaded.posts[2]
            var draft = Draft.reply(to: oldest, me: me.acct)
            draft.text += "see you there"
            let answer = try await client.publish(draft, mediaIDs: [], idempotencyKey: "dm-own-answer")
            engine.send(.refresh)
            let moved = try await waitFor(log) { $0.posts.first?.statusID == answer.statusID && !$0.loadingNewer }
            let rows = FeedSnapshot(moved).rows
            let mark = rows.firstIndex { $0.id == FeedSnapshot.readMarkID }
            let own = try XCTUnwrap(rows.firstIndex { $0.post?.statusID == answer.statusID })
            XCTAssertTrue(mark.map { $0 < own } ?? true, "the user's answer is above the line: \(rows.map(\.id))")
        }
    }

    /// A server with no conversations endpoint (here, one that answers every API path with 404) is said
    /// plainly to keep no such list, not reported as a failed load.
    func testAServerWithoutDirectMessagesSaysSo() async throws {
        let bare = try await DemoFeedServer.start(feeds: 1)
        defer { bare.stop() }
        let temp = TemporaryStore()
        defer { temp.remove() }
        let rig = EngineRig(store: try temp.open())
        let log = SnapshotLog()
        try rig.engine(bare.baseURL, timeline: .conversations, log: log).send(.start)
        let said = try await waitFor(log) { $0.message != nil && !$0.loadingNewer }
        XCTAssertEqual(said.message?.text, "This server keeps no list of direct messages.")
        XCTAssertEqual(said.message?.isError, false)
        try await rig.shutdown()
    }
}
