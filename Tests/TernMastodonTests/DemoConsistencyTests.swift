import Foundation
import TernDemo
import TernMastodon
import TernModel
import XCTest

/// The demo's notifications agree with the posts and accounts they are about, as a server's do: a follow
/// request notification is from someone whose request waits, a poll's end points at a post with a poll
/// that has ended, and "N people liked your post" is over a post with at least N likes.
final class DemoConsistencyTests: XCTestCase {
    func testNotificationsAgreeWithWhatTheyAreAbout() async throws {
        try await withDemo { _, client in
            var groups: [NotificationGroup] = []
            var maxID: String?
            for _ in 0..<5 {
                let page = try await client.notifications(maxID: maxID, limit: 40, grouped: true)
                groups += page.groups
                guard let last = page.groups.last?.oldestID else { break }
                maxID = last
            }
            XCTAssertFalse(groups.isEmpty)
            let asking = Set(try await client.followRequests().map(\.id))
            for g in groups where g.kind == .followRequest {
                XCTAssertTrue(g.accounts.allSatisfy { asking.contains($0.id) },
                              "a follow request from \(g.accounts.map(\.acct)), but those asking are \(asking)")
            }
            let polls = groups.filter { $0.kind == .poll }
            XCTAssertFalse(polls.isEmpty)
            for g in polls {
                guard let poll = g.post?.poll else { XCTFail("a poll's end about a post with no poll"); continue }
                XCTAssertTrue(poll.expired, "a poll's end about a poll still open (ends \(String(describing: poll.expiresAt)))")
            }
            for g in groups where g.kind == .favourite {
                guard let post = g.post else { XCTFail("a like of no post"); continue }
                XCTAssertGreaterThanOrEqual(post.favouritesCount, g.count,
                                            "\(g.count) people liked a post that counts \(post.favouritesCount) likes")
            }
        }
    }

    /// A reply in the home timeline answers a post, not a boost, and that post counts its replies.
    func testARepliesParentIsAPostThatCountsIt() async throws {
        try await withDemo { _, client in
            let page = try await client.timeline(.home, limit: 40)
            let replies = page.posts.filter { $0.boostedBy == nil && $0.inReplyToID != nil }
            XCTAssertFalse(replies.isEmpty)
            for reply in replies {
                let parent = try await client.status(id: try XCTUnwrap(reply.inReplyToID))
                XCTAssertNil(parent.boostedBy, "\(reply.id) answers a boost")
                XCTAssertGreaterThan(parent.repliesCount, 0, "\(parent.id) has a reply and counts none")
            }
        }
    }

    /// A direct message answering another is counted by it, as a reply in Home is (each said `↩ 0` over the
    /// message under it, a new user's find).
    func testADirectMessagesParentCountsIt() async throws {
        try await withDemo { _, client in
            let page = try await client.timeline(.conversations, limit: 40)
            let answers = page.posts.filter { $0.inReplyToID != nil }
            XCTAssertFalse(answers.isEmpty)
            for answer in answers {
                let parent = try await client.status(id: try XCTUnwrap(answer.inReplyToID))
                XCTAssertGreaterThan(parent.repliesCount, 0, "\(parent.id) has an answer and counts none")
            }
        }
    }

    /// The user is the only one with the user's name: a direct message read as Ada answering Ada (the
    /// demo's @you and @user7 were both "Ada Lindqvist").
    func testNobodyElseBearsTheUsersName() async throws {
        try await withDemo { _, client in
            let me = try await client.verifyCredentials()
            var authors: [Account] = []
            var maxID: String?
            for _ in 0..<5 {
                let page = try await client.timeline(.federated, limit: 40, maxID: maxID)
                authors += page.posts.flatMap { [$0.account] + ($0.boostedBy.map { [$0] } ?? []) }
                guard let last = page.posts.last?.id else { break }
                maxID = last
            }
            XCTAssertGreaterThan(Set(authors.map(\.id)).count, 10, "too few accounts seen to tell")
            let namesakes = Set(authors.filter { $0.id != me.id && $0.displayName == me.displayName }.map(\.acct))
            XCTAssertTrue(namesakes.isEmpty, "\(namesakes) bear the user's name \(me.displayName)")
        }
    }

    /// A fresh demo user has reacted to nothing: every seeded reaction is others' (no "(yours)" they never
    /// made), and one the user makes is theirs, counted once, over the others'.
    func testSeededReactionsAreOthersUntilTheUserReacts() async throws {
        var akkoma = DemoConfig()
        akkoma.quirks = ServerQuirks.sets.first { $0.name == "akkoma" }!.quirks
        try await withDemo(akkoma) { _, client in
            var posts = try await client.timeline(.home, limit: 40).posts
            posts += try await client.timeline(.local, limit: 40).posts
            let reacted = posts.filter { $0.reactions?.isEmpty == false }
            XCTAssertFalse(reacted.isEmpty, "the demo seeds reactions")
            for post in reacted {
                XCTAssertEqual(post.reactions?.filter(\.me).map(\.name), [], "\(post.id): a reaction the user never made is theirs")
            }
            let post = try XCTUnwrap(reacted.first { $0.boostedBy == nil })
            let theirs = try XCTUnwrap(post.reactions?.first)
            let after = try await client.react(statusID: post.statusID, emoji: theirs.name, true, via: .pleroma)
            XCTAssertEqual(after.reactions?.first { $0.name == theirs.name }.map { [$0.count, $0.me ? 1 : 0] }, [theirs.count + 1, 1])
        }
    }
}
