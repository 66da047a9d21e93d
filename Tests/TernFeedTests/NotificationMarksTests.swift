import Foundation
import TernDemo
import TernFeed
import TernHTTP
import TernMastodon
import TernModel
import TernStore
import TernTestSupport
import XCTest

/// What a notification shows of its post is what the server holds after the user acts on it there: a vote,
/// a like, a save, a boost made from the notifications list end with the server's answer on the notification,
/// not with the post as it was when the list was read (the wish forgotten once settled, the old post back).
final class NotificationMarksTests: XCTestCase {
    private func post(_ s: FeedSnapshot, _ statusID: String) -> Post? {
        s.rows.lazy.compactMap { row -> Post? in
            if case .notification(let g) = row, g.post?.statusID == statusID { return g.post }
            return nil
        }.first
    }

    func testAVoteAndMarksMadeFromNotificationsEndWithTheServersAnswerThere() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let server = try await DemoServer.start()
        let http = httpClient()
        let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: http, timeout: .seconds(3))
        let store = try temp.open()
        let actions = try ActionQueue(data: store.account("test"), client: client, offline: false)
        let src = TimelineEngine.Sources(client: client, data: store.account("test"), actions: actions, offline: false)
        let log = FeedLog()
        let engine = NotificationsEngine(sources: src) { log.record($0) }
        let task = Task { await engine.run() }
        engine.perform(.start)
        engine.filter(.mentionsOnly)
        let first = try await log.wait { s in
            !s.loadingNewer && s.rows.contains { if case .notification(let g) = $0 { return g.post?.poll?.open() == true } else { return false } }
        }
        let mention = try XCTUnwrap(first.rows.lazy.compactMap { row -> Post? in
            if case .notification(let g) = row, g.kind == .mention, g.post?.poll?.open() == true { return g.post }
            return nil
        }.first, "the demo mentions the user in a post with an open poll")
        let poll = try XCTUnwrap(mention.poll)

        src.actions.vote(mention, choices: [1])
        let counted = try await log.wait { s in
            s.pendingActions == 0 && self.post(s, mention.statusID).map { $0.pending.isEmpty && $0.poll?.hasVoted == true } == true
        }
        let shown = try XCTUnwrap(post(counted, mention.statusID)?.poll)
        XCTAssertEqual(shown.ownVotes, [1], "the choice the server counted")
        XCTAssertFalse(shown.open(), "V there says the poll was voted in (PollLayer.voting) instead of sending a vote the server refuses")
        XCTAssertEqual(shown.options.map(\.votes), poll.options.enumerated().map { $0.offset == 1 ? ($0.element.votes ?? 0) + 1 : $0.element.votes })

        for kind: PendingAction.Kind in [.favourite, .bookmark, .reblog] {
            src.actions.toggle(kind, of: mention)
            let done = try await log.wait { s in
                s.pendingActions == 0 && self.post(s, mention.statusID).map { $0.pending.isEmpty && kind.markOnPost($0) } == true
            }
            let p = try XCTUnwrap(post(done, mention.statusID))
            XCTAssertEqual(p.favouritesCount, mention.favouritesCount + 1, "\(kind): the server's count")
            if kind == .reblog { XCTAssertEqual(p.boostsCount, mention.boostsCount + 1) }
        }
        let performed = await server.actionLog()
        XCTAssertEqual(performed.count, 4, "\(performed)")

        engine.stop(); src.actions.stop(); await task.value
        try await http.shutdown()
        await server.stop()
    }

    /// `tern demo --fail-rate`: the vote is made and answered with a 500. The notification showed the
    /// choice on its way, then, once the queue's look settled the wish, the poll as it was before the vote.
    func testAVoteMadeButAnswered500EndsCountedOnTheNotification() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let server = try await DemoServer.start()
        let http = httpClient()
        let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: http, timeout: .seconds(3))
        let store = try temp.open()
        let actions = try ActionQueue(data: store.account("test"), client: client, offline: false)
        let src = TimelineEngine.Sources(client: client, data: store.account("test"), actions: actions, offline: false)
        let log = FeedLog()
        let engine = NotificationsEngine(sources: src) { log.record($0) }
        let task = Task { await engine.run() }
        engine.perform(.start)
        let first = try await log.wait { s in
            !s.loadingNewer && s.rows.contains { if case .notification(let g) = $0 { return g.post?.poll?.open() == true } else { return false } }
        }
        let mention = try XCTUnwrap(first.rows.lazy.compactMap { row -> Post? in
            if case .notification(let g) = row, g.post?.poll?.open() == true { return g.post }
            return nil
        }.first)
        await server.injectFaults([.madeThenFailed(500)])
        src.actions.vote(mention, choices: [0])
        let counted = try await log.wait { s in
            s.pendingActions == 0 && self.post(s, mention.statusID).map { $0.pending.isEmpty && $0.poll?.ownVotes == [0] } == true
        }
        XCTAssertNil(counted.message.flatMap { $0.isError ? $0.text : nil })
        let performed = await server.actionLog()
        XCTAssertEqual(performed, ["vote \(mention.statusID) 0"], "counted once")
        engine.stop(); src.actions.stop(); await task.value
        try await http.shutdown()
        await server.stop()
    }
}

private extension PendingAction.Kind {
    func markOnPost(_ p: Post) -> Bool {
        switch self {
        case .favourite: return p.favourited
        case .bookmark: return p.bookmarked
        case .reblog: return p.boosted
        default: return false
        }
    }
}
