import Foundation
import TernFeed
import TernModel
import XCTest

/// A post sent again after a gateway's error (in doubt) that the server made after all: once the
/// published post is in the list, the list shows it once, not also as "⏳ sending…" above it.
final class OutboxRowTests: XCTestCase {
    func testAPostInDoubtGivesWayToThePublishedPost() {
        let sent = Date(timeIntervalSince1970: 1_800_000_000)
        var published = syntheticPost(99)
        published.content = StyledText(plain: "hello  from\nthe outbox")
        published.createdAt = sent.addingTimeInterval(2)
        let inDoubt = OutgoingPost(idempotencyKey: "k1", draft: Draft(id: "new", text: "hello from the outbox"), createdAt: sent, inDoubt: true)
        let other = OutgoingPost(idempotencyKey: "k2", draft: Draft(id: "new", text: "another one"), createdAt: sent, inDoubt: true)
        var t = TimelineSnapshot(timeline: .home, posts: [published, syntheticPost(1)])
        t.outgoing = [inDoubt, other]
        let ids = FeedSnapshot(t).rows.map(\.id)
        XCTAssertFalse(ids.contains("outbox:k1"), "the published post and its outbox row both: \(ids)")
        XCTAssertTrue(ids.contains("outbox:k2"), "a post not published yet keeps its row: \(ids)")
        XCTAssertTrue(ids.contains(published.id), "\(ids)")

        // Not in doubt (it never went), or a post published before it was sent: not the same post.
        var older = published
        older.createdAt = sent.addingTimeInterval(-600)
        var t2 = TimelineSnapshot(timeline: .home, posts: [older])
        t2.outgoing = [OutgoingPost(idempotencyKey: "k1", draft: Draft(id: "new", text: "hello from the outbox"), createdAt: sent, inDoubt: true)]
        XCTAssertTrue(FeedSnapshot(t2).rows.map(\.id).contains("outbox:k1"))
    }

    /// A post waiting to be sent goes above the newest, but it is the user's own: not among the arrivals (the
    /// status line's "1 pending" says it waits; a failing post read "↑ 1 new" beside it, a new user's find).
    func testAPostWaitingAboveTheViewIsNoArrival() {
        let waiting = OutgoingPost(idempotencyKey: "k1", draft: Draft(id: "new", text: "mine, waiting"), createdAt: Date())
        var t = TimelineSnapshot(timeline: .home, posts: (1...30).map(syntheticPost))
        t.outgoing = [waiting]
        XCTAssertTrue(FeedSnapshot(t).rows.contains { $0.id == "outbox:k1" })
        XCTAssertEqual(FeedSnapshot(t).arrivals, [])
        t.moreNewer = true
        XCTAssertFalse(FeedSnapshot(t).rows.contains { $0.id == "outbox:k1" }, "not in a window below the newest")
        XCTAssertEqual(FeedSnapshot(t).arrivals, [], "nor beyond the window")
    }
}
