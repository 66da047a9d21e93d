import AsyncHTTPClient
import Foundation
import Synchronization
import TernDemo
@testable import TernFeed
import TernHTTP
import TernMastodon
import TernModel
import TernStore
import TernTestSupport
import XCTest

/// One word on each person per session (`SessionPeople`): a relationship a profile read or a follow's
/// answer brought, and a follow request the user answered, reach every engine that shows the person.
/// Against the demo server and a real store file.
final class SessionPeopleTests: XCTestCase {
    private func sources(_ baseURL: String, store: Store, http: HTTPClient) throws -> TimelineEngine.Sources {
        let client = MastodonClient(baseURL: URL(string: baseURL)!, token: "t", http: http, timeout: .seconds(5))
        let actions = try ActionQueue(data: store.account("test"), client: client)
        return .init(client: client, data: store.account("test"), actions: actions)
    }

    private static func profile(_ s: FeedSnapshot) -> (Relationship?, pending: Bool)? {
        guard case .profile(_, let r, let pending)? = s.rows.first else { return nil }
        return (r, pending)
    }

    /// A copy asked for before the one held gives way to it; an older one changes nothing and tells no one.
    func testAnOlderReadGivesWayToANewerAnswer() throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let http = httpClient()
        defer { XCTAssertNoThrow(try http.syncShutdown()) }
        let src = try sources("http://127.0.0.1:9", store: try temp.open(), http: http)
        defer { src.actions.stop() }
        let people = src.people
        let heard = Mutex<[SessionPeople.News]>([])
        let (stream, continuation) = AsyncStream.makeStream(of: SessionPeople.News.self)
        people.feed(continuation) { news in heard.withLock { $0.append(news) }; return news }
        let now = Date()
        people.heard(Relationship(following: true), accountID: "7", askedAt: now)
        let kept = people.heard(Relationship(following: false), accountID: "7", askedAt: now.addingTimeInterval(-5))
        XCTAssertEqual(kept.following, true, "a read asked for before the answer overwrote it")
        XCTAssertEqual(people.relationship(with: "7")?.following, true)
        XCTAssertEqual(heard.withLock { $0 }, [.relationship(accountID: "7", Relationship(following: true))])
        people.answered(requestFrom: "7", accepted: true)
        XCTAssertEqual(people.relationship(with: "7")?.followedBy, true, "accepted, they follow the user")
        XCTAssertEqual(people.answer(toRequestFrom: "7"), true)
        XCTAssertNil(people.answer(toRequestFrom: "8"))
        XCTAssertEqual(people.listenerCount, 1)
        continuation.finish()
        _ = stream
        XCTAssertEqual(people.listenerCount, 0, "a stream that ended still hears the session's people")
    }

    /// The user's case: a follow request answered from the requests' menu went on reading "asked to follow
    /// you" on its notification, and the person's open profile did not say they follow the user. Both now
    /// show the answer, from the one copy.
    func testAnAnsweredRequestShowsOnItsNotificationAndTheProfile() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let server = try await DemoServer.start()
        let http = httpClient()
        let src = try sources(server.baseURL, store: try temp.open(), http: http)
        let notifications = FeedLog()
        let engine = NotificationsEngine(sources: src) { notifications.record($0) }
        let task = Task { await engine.run() }
        engine.perform(.start)
        func request(_ s: FeedSnapshot) -> NotificationGroup? {
            s.rows.lazy.compactMap { if case .notification(let g) = $0, g.kind == .followRequest { return g } else { return nil } }.first
        }
        let first = try await notifications.wait { request($0) != nil && !$0.loadingNewer }
        let asking = try XCTUnwrap(request(first)?.accounts.first)
        XCTAssertEqual(request(first)?.summary.hasSuffix("asked to follow you"), true)

        let profiles = FeedLog()
        let profile = ProfileEngine(sources: src, account: asking) { profiles.record($0) }
        let profileTask = Task { await profile.run() }
        profile.perform(.start)
        let read = try await profiles.wait { Self.profile($0)?.0 != nil }
        XCTAssertEqual(Self.profile(read)?.0?.followedBy, false, "the demo's requester does not follow yet")

        src.people.answered(requestFrom: asking.id, accepted: true)
        let answered = try await notifications.wait { request($0)?.requestAnswer == true }
        XCTAssertEqual(request(answered)?.summary.hasSuffix("asked to follow you · accepted"), true, request(answered)?.summary ?? "")
        let follows = try await profiles.wait { Self.profile($0)?.0?.followedBy == true }
        XCTAssertNotNil(follows)

        engine.stop(); profile.stop()
        await task.value; await profileTask.value
        src.actions.stop()
        try await http.shutdown()
        await server.stop()
    }

    /// A follow request answered in an earlier run still reads answered on its notification: the answer is
    /// kept in the store (it was the session's word alone, and after a restart the row asked again).
    func testAnAnsweredRequestReadsAnsweredAfterARestart() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let server = try await DemoServer.start()
        let http = HTTPFetch.makeClient()
        let store = try temp.open()
        func request(_ s: FeedSnapshot) -> NotificationGroup? {
            s.rows.lazy.compactMap { if case .notification(let g) = $0, g.kind == .followRequest { return g } else { return nil } }.first
        }
        // The first run: the request is answered, and the answer kept.
        let first = try sources(server.baseURL, store: store, http: http)
        let before = FeedLog()
        let engine = NotificationsEngine(sources: first) { before.record($0) }
        let task = Task { await engine.run() }
        engine.perform(.start)
        let listed = try await before.wait { request($0) != nil && !$0.loadingNewer }
        let asking = try XCTUnwrap(request(listed)?.accounts.first)
        first.people.answered(requestFrom: asking.id, accepted: false)
        _ = try await before.wait { request($0)?.requestAnswer == false }
        engine.stop()
        await task.value
        first.actions.stop()
        let deadline = Date().addingTimeInterval(10)
        while try store.account("test").requestAnswers()[asking.id] == nil, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }

        // The next run: a new session's people, the same store.
        let second = try sources(server.baseURL, store: store, http: http)
        let after = FeedLog()
        let again = NotificationsEngine(sources: second) { after.record($0) }
        let againTask = Task { await again.run() }
        again.perform(.start)
        let reopened = try await after.wait { request($0) != nil && !$0.loadingNewer }
        XCTAssertEqual(request(reopened)?.requestAnswer, false)
        XCTAssertEqual(request(reopened)?.summary.hasSuffix("asked to follow you · rejected"), true, request(reopened)?.summary ?? "")

        again.stop()
        await againTask.value
        second.actions.stop()
        try await http.shutdown()
        await server.stop()
    }

    /// Two profiles of one person (two panes): a follow's answer reaches both, through the session's copy.
    func testAFollowReachesEveryProfileOfThePerson() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let server = try await DemoServer.start()
        let http = httpClient()
        let src = try sources(server.baseURL, store: try temp.open(), http: http)
        let someone = try await src.client.timeline(.home, limit: 5).posts.first { $0.boostedBy == nil }!.account
        let (left, right) = (FeedLog(), FeedLog())
        let a = ProfileEngine(sources: src, account: someone) { left.record($0) }
        let b = ProfileEngine(sources: src, account: someone) { right.record($0) }
        let tasks = [Task { await a.run() }, Task { await b.run() }]
        a.perform(.start); b.perform(.start)
        let before = try await left.wait { Self.profile($0)?.0 != nil }
        _ = try await right.wait { Self.profile($0)?.0 != nil }
        // A locked account's follow is a request: either way, the user follows or has asked to.
        func follows(_ r: Relationship?) -> Bool? { r.map { $0.following || $0.requested } }
        let wanted = !(follows(Self.profile(before)?.0) ?? false)
        a.follow(wanted)
        _ = try await left.wait { follows(Self.profile($0)?.0) == wanted && Self.profile($0)?.pending == false }
        _ = try await right.wait { follows(Self.profile($0)?.0) == wanted && Self.profile($0)?.pending == false }
        XCTAssertEqual(follows(src.people.relationship(with: someone.id)), wanted)
        a.stop(); b.stop()
        for t in tasks { await t.value }
        src.actions.stop()
        try await http.shutdown()
        await server.stop()
    }
}
