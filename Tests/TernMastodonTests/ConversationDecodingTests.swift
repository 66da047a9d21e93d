import Foundation
import TernMastodon
import TernModel
import XCTest

/// Direct conversations as mastodon.social sent them: each as its newest message, and those whose newest
/// message is gone as placeholders that say so.
final class ConversationDecodingTests: XCTestCase {
    func testMastodonSocialsConversationsDecodeWithTheirGoneMessagesSaid() throws {
        let data = try CorpusTests.file("mastodon.social_mastodonpy/conversations.json")
        let raw = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let decoded = try MastodonDecoder.conversations(fromJSON: data)
        let withMessage = raw.filter { $0["last_status"] is [String: Any] }
        XCTAssertEqual(decoded.posts.count, withMessage.count)
        XCTAssertEqual(decoded.unreadable.count, raw.count - withMessage.count, "every conversation is a row or a placeholder")
        XCTAssertGreaterThan(decoded.unreadable.count, 0, "the corpus has conversations whose last message is gone")
        for u in decoded.unreadable {
            XCTAssertTrue(u.reason.contains("last message was deleted"), u.reason)
        }
        for (post, wire) in zip(decoded.posts, withMessage) {
            let status = try XCTUnwrap(wire["last_status"] as? [String: Any])
            let conversation = try XCTUnwrap(post.conversation)
            XCTAssertEqual(conversation.id, wire["id"] as? String)
            XCTAssertEqual(conversation.unread, wire["unread"] as? Bool)
            XCTAssertEqual(conversation.participants.map(\.acct), (wire["accounts"] as? [[String: Any]])?.compactMap { $0["acct"] as? String })
            XCTAssertEqual(post.statusID, status["id"] as? String)
            XCTAssertEqual(post.id, Conversation.entryID(conversation: conversation.id, status: post.statusID),
                           "an entry of its own, apart from the same message in the home timeline")
            XCTAssertEqual(post.visibility, "direct")
        }
        // Placeholders sit where their conversations were: after the row before them.
        let firstGone = try XCTUnwrap(raw.firstIndex { !($0["last_status"] is [String: Any]) })
        let before = raw[..<firstGone].filter { $0["last_status"] is [String: Any] }.count
        XCTAssertEqual(decoded.unreadable.first?.newerID, before == 0 ? nil : decoded.posts[before - 1].id)
    }

    func testAConversationTheReaderCannotReadIsSaidNotDropped() throws {
        let body = #"[{"id":"9","unread":true,"accounts":[{"id":"1","acct":"a","username":"a"}],"last_status":5}, {"nope":1}]"#
        let decoded = try MastodonDecoder.conversations(fromJSON: Data(body.utf8))
        XCTAssertEqual(decoded.posts, [])
        XCTAssertEqual(decoded.unreadable.count, 2, "\(decoded.unreadable)")
    }

    func testNamesSayWhoElseIsInIt() {
        let people = (1...5).map { Account(id: "\($0)", acct: "p\($0)", displayName: "") }
        XCTAssertEqual(Conversation(id: "1", unread: false, participants: Array(people.prefix(2))).names, "@p1, @p2")
        XCTAssertEqual(Conversation(id: "1", unread: false, participants: people).names, "@p1, @p2 and 3 more")
    }

    /// A participant the server sent that can't be read is counted and said, never dropped without a word.
    func testAParticipantThatCannotBeReadIsSaid() throws {
        let status = #"{"id":"5","created_at":"2025-01-01T00:00:00Z","content":"<p>hi</p>","account":{"id":"1","acct":"a","username":"a"}}"#
        let body = #"[{"id":"9","unread":false,"accounts":[{"id":"1","acct":"a","username":"a"},{"acct":7}],"last_status":"# + status + "}]"
        let decoded = try MastodonDecoder.conversations(fromJSON: Data(body.utf8))
        XCTAssertEqual(decoded.posts.first?.conversation?.names, "@a and 1 whose account could not be read")
        let odd = #"[{"id":"9","unread":false,"accounts":{"id":"1"},"last_status":"# + status + "}]"
        XCTAssertEqual(try MastodonDecoder.conversations(fromJSON: Data(odd.utf8)).posts.first?.conversation?.names,
                       "1 whose account could not be read")
    }
}
