import AsyncHTTPClient
import Foundation
import Synchronization
import TernDemo
import TernFeed
import TernHTTP
import TernMastodon
import TernModel
import TernStore
import TernTestSupport
import XCTest

/// An account session's likes, posts and list changes go through one delivery loop: one order (the oldest
/// first, whatever its kind), one unreachable backoff, and one way to hear each queue.
final class SessionDeliveriesTests: XCTestCase {
    /// What the three queues said, as they said it.
    final class Heard: Sendable {
        let actions = Mutex<[ActionQueue.Event]>([])
        let posts = Mutex<[Outbox.Event]>([])
        let changes = Mutex<[ChangeQueue.Event]>([])

        func wait(timeout: Double = 30, _ what: String, _ condition: () -> Bool) async throws {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if condition() { return }
                try await Task.sleep(for: .milliseconds(20))
            }
            XCTFail("timed out waiting for \(what); heard \(actions.withLock { $0 }), \(posts.withLock { $0 }), \(changes.withLock { $0 })")
            throw Timeout()
        }

        var liked: Bool { actions.withLock { $0.contains { if case .confirmed = $0 { true } else { false } } } }
        var posted: Bool { posts.withLock { $0.contains { if case .posted = $0 { true } else { false } } } }
        var changed: Bool { changes.withLock { $0.contains { if case .made = $0 { true } else { false } } } }
        var unreachable: Int { actions.withLock { $0.filter { $0 == .unreachable }.count } }
    }

    /// One account session's queues, as `AccountResources.parts` makes them: one delivery loop for the three.
    private struct Session {
        let actions: ActionQueue
        let outbox: Outbox
        let changes: ChangeQueue
        let heard = Heard()

        init(_ store: Store, _ client: MastodonClient, offline: Bool = false) async throws {
            let data = store.account("test")
            actions = try ActionQueue(data: data, client: client, offline: offline)
            outbox = Outbox(store: data, client: client, offline: offline, deliveries: actions.deliveries)
            changes = ChangeQueue(store: data, client: client, offline: offline, deliveries: actions.deliveries)
            let heard = heard
            actions.subscribe { e in heard.actions.withLock { $0.append(e) } }
            outbox.subscribe { e in heard.posts.withLock { $0.append(e) } }
            changes.subscribe { e in heard.changes.withLock { $0.append(e) } }
            await outbox.start()
            await changes.start()
        }
    }

    /// What the demo server holds that a like and a list change can be about.
    private struct Subjects {
        let post: Post
        let change: ServerChange
        let listID: String
    }

    private func subjects(_ server: DemoServer, _ client: MastodonClient) async throws -> Subjects {
        let ids = await server.newestPostIDs(1), lists = try await client.listInfos(), requests = try await client.followRequests()
        let post = try await client.status(id: try XCTUnwrap(ids.first))
        let list = try XCTUnwrap(lists.first, "the demo seeds a list")
        let someone = try XCTUnwrap(requests.first, "the demo seeds follow requests")
        let change = ServerChange.listMember(list: .init(id: list.id, name: list.title), account: .init(id: someone.id, name: someone.acct),
                                             member: true)
        return Subjects(post: post, change: change, listID: list.id)
    }

    private func client(_ server: DemoServer, _ http: HTTPClient) -> MastodonClient {
        MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: http, timeout: .seconds(5))
    }

    /// Returns once the server answers (it listens again after its unreachable time).
    private func untilAnswering(_ client: MastodonClient) async throws {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            do { _ = try await client.verifyCredentials(); return } catch {}
            try await Task.sleep(for: .milliseconds(50))
        }
        XCTFail("the demo server never listened again")
        throw Timeout()
    }

    /// The paths of the write requests the server got, in the order it got them.
    private func writtenPaths(_ server: DemoServer) async throws -> [String] {
        try await server.writeRequests().map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return "\(object?["method"] ?? "") \(object?["path"] ?? "")"
        }
    }

    /// A like, then a post, then a list change, all while the server can't be reached: when it answers again
    /// they reach it in that order, whichever queue is told first that it is back.
    func testALikeAPostAndAListChangeReachTheServerInTheOrderTheyWereMade() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let store = try temp.open()
        let http = httpClient()
        let up = try await DemoServer.start()
        let about = try await subjects(up, client(up, http))
        let later = try await restartUnreachable(up, for: 2)
        let session = try await Session(store, client(later, http))
        let heard = session.heard

        session.actions.toggle(.favourite, of: about.post)
        try await heard.wait("the like to find the server unreachable") { heard.unreachable >= 1 }
        try await session.outbox.send(Draft(id: "d", text: "written while the server was away"))
        await session.changes.submit(about.change)
        try await heard.wait("the change to wait for the server") { heard.changes.withLock { $0.contains { if case .waiting = $0 { true } else { false } } } }

        try await untilAnswering(client(later, http))
        // Told in the reverse order: a timeline that finds the server again may tell any of them first.
        await session.changes.resume()
        await session.outbox.resume()
        session.actions.resume()
        try await heard.wait("all three made") { heard.liked && heard.posted && heard.changed }
        session.actions.stop()

        let paths = try await writtenPaths(later)
        let like = paths.firstIndex { $0 == "POST /api/v1/statuses/\(about.post.id)/favourite" }
        let post = paths.firstIndex { $0 == "POST /api/v1/statuses" }
        let change = paths.firstIndex { $0.hasPrefix("POST /api/v1/lists/\(about.listID)/accounts") }
        XCTAssertNotNil(like, "\(paths)")
        XCTAssertNotNil(post, "\(paths)")
        XCTAssertNotNil(change, "\(paths)")
        if let like, let post, let change {
            XCTAssertLessThan(like, post, "the like was made first: \(paths)")
            XCTAssertLessThan(post, change, "then the post: \(paths)")
        }
        XCTAssertEqual(paths.count, 3, "each once: \(paths)")
        try await http.shutdown()
        await later.stop()
    }

    /// The like found the server unreachable; a post written after it waits with it, on the same backoff:
    /// it is said to wait for the server at once, and never reaches the server before the like's next try.
    func testAPostWrittenWhileALikeWaitsForTheServerWaitsWithItAndGoesAfterIt() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let store = try temp.open()
        let http = httpClient()
        let up = try await DemoServer.start()
        let about = try await subjects(up, client(up, http))
        let later = try await restartUnreachable(up, for: 2)
        let session = try await Session(store, client(later, http))
        let heard = session.heard

        session.actions.toggle(.favourite, of: about.post)
        try await heard.wait("the like to find the server unreachable") { heard.unreachable >= 1 }
        // The server is back, and the session does not know it yet.
        try await untilAnswering(client(later, http))
        try await session.outbox.send(Draft(id: "d", text: "written while the like waits"))
        // Said as the outbox took it: it waits for the server, as the like does.
        let said = heard.posts.withLock { $0 }.compactMap { e -> Bool? in if case .changed(let p, let waits) = e, !p.isEmpty { waits } else { nil } }
        XCTAssertEqual(said.first, true, "the post waits with the like: \(heard.posts.withLock { $0 })")
        try await heard.wait("the like's next try and the post") { heard.liked && heard.posted }
        session.actions.stop()

        let paths = try await writtenPaths(later)
        let like = try XCTUnwrap(paths.firstIndex { $0 == "POST /api/v1/statuses/\(about.post.id)/favourite" }, "\(paths)")
        let post = try XCTUnwrap(paths.firstIndex { $0 == "POST /api/v1/statuses" }, "\(paths)")
        XCTAssertLessThan(like, post, "the post went after the like's next try: \(paths)")
        try await http.shutdown()
        await later.stop()
    }

    /// Each queue is heard the same way, and a listener that unsubscribed hears nothing more (shown by the
    /// listener beside it, which hears the same event).
    func testAListenerOfEachQueueStopsHearingOnceItUnsubscribes() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let store = try temp.open()
        let http = httpClient()
        let client = MastodonClient(baseURL: URL(string: "http://127.0.0.1:9")!, token: "t", http: http, timeout: .seconds(1))
        let session = try await Session(store, client, offline: true)
        let heard = session.heard
        let gone = Heard()
        let subscriptions = (session.actions.subscribe { e in gone.actions.withLock { $0.append(e) } },
                             session.outbox.subscribe { e in gone.posts.withLock { $0.append(e) } },
                             session.changes.subscribe { e in gone.changes.withLock { $0.append(e) } })
        XCTAssertEqual([session.actions.listenerCount, session.outbox.listenerCount, session.changes.listenerCount], [2, 2, 2])
        session.actions.unsubscribe(subscriptions.0)
        session.outbox.unsubscribe(subscriptions.1)
        session.changes.unsubscribe(subscriptions.2)
        XCTAssertEqual([session.actions.listenerCount, session.outbox.listenerCount, session.changes.listenerCount], [1, 1, 1])
        // Another queue's handle removes nothing.
        session.outbox.unsubscribe(subscriptions.2)
        XCTAssertEqual(session.outbox.listenerCount, 1)

        let id = "111"
        let post = Post(id: id, statusID: id, account: Account(id: "1", acct: "a", displayName: "A"), createdAt: Date(),
                        content: StyledText(plain: "liked offline"))
        session.actions.toggle(.favourite, of: post)
        try await session.outbox.send(Draft(id: "d", text: "offline"))
        await session.changes.submit(.deleteList(.init(id: "1", name: "friends")))
        try await heard.wait("the listener that stayed to hear all three") {
            !heard.actions.withLock { $0.isEmpty } && heard.posts.withLock { $0.count } >= 2 && !heard.changes.withLock { $0.isEmpty }
        }
        XCTAssertEqual(gone.actions.withLock { $0 }, [])
        XCTAssertEqual(gone.posts.withLock { $0 }, [])
        XCTAssertEqual(gone.changes.withLock { $0 }, [])
        session.actions.stop()
        try await http.shutdown()
    }
}
