import AsyncHTTPClient
import Foundation
import Synchronization
import TernDemo
@testable import TernFeed
import TernHTTP
import TernMastodon
import TernModel
import TernStore
import XCTest

/// One copy of each post per session: what one list, the outbox or the stream hears from the server, every
/// other list of the session shows and the store keeps. Against the demo server and a real store file.
final class SessionPostsTests: XCTestCase {
    private struct Session {
        let store: Store
        let http: HTTPClient
        let client: MastodonClient
        let sources: TimelineEngine.Sources

        init(_ temp: TemporaryStore, _ baseURL: String) throws {
            store = try temp.open()
            http = HTTPFetch.makeClient()
            client = MastodonClient(baseURL: URL(string: baseURL)!, token: "t", http: http, timeout: .seconds(5))
            let actions = try ActionQueue(data: store.account("test"), client: client)
            sources = TimelineEngine.Sources(client: client, data: store.account("test"), actions: actions)
        }

        func close(_ server: DemoServer? = nil) async throws {
            sources.actions.stop()
            try await http.shutdown()
            await server?.stop()
        }

        /// The stored copy of a post in Home.
        func storedInHome(_ id: String) throws -> Post? {
            try sources.data.timeline("home").run(around: id, before: 0, after: 1).entries.compactMap(\.post).first { $0.id == id }
        }
    }

    /// Home, started and showing its first page.
    private func home(_ s: Session) async throws -> (TimelineEngine, Task<Void, Never>, SnapshotLog, TimelineSnapshot) {
        let log = SnapshotLog()
        let home = TimelineEngine(sources: s.sources, timeline: .home) { log.record($0) }
        let task = Task { await home.run() }
        home.send(.start)
        let first = try await waitFor(log) { $0.posts.count >= 10 && !$0.loadingNewer }
        return (home, task, log, first)
    }

    /// The user's case: a reply made from Home. Home showed the answered post's old count until it read the
    /// post again; now the outbox reads it once the reply is made, and Home and the store show the new count.
    func testAReplyFromHomeShowsTheNewReplyCountOnHomeAndInTheStore() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let server = try await DemoServer.start(DemoConfig())
        let s = try Session(temp, server.baseURL)
        let (home, task, log, first) = try await home(s)
        let target = try XCTUnwrap(first.posts.first { $0.boostedBy == nil })
        let box = Outbox(store: s.sources.data, client: s.client, posts: s.sources.posts)
        try await box.send(Draft(id: "reply:\(target.statusID)", text: "an answer", inReplyToID: target.statusID))
        let left = await box.sendPending()
        XCTAssertEqual(left, 0)

        let shown = try await waitFor(log) { $0.posts.first { $0.id == target.id }?.repliesCount == target.repliesCount + 1 }
        XCTAssertEqual(shown.posts.first { $0.id == target.id }?.content, target.content, "the same post, its count moved")
        await s.sources.posts.stored()
        XCTAssertEqual(try s.storedInHome(target.id)?.repliesCount, target.repliesCount + 1, "a restart shows it too")

        await box.stop()
        home.stop()
        await task.value
        try await s.close(server)
    }

    /// A thread opened reads the post's count as the server has it now; Home, open beneath it, shows the same.
    func testAThreadsFetchReachesHome() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let server = try await DemoServer.start(DemoConfig())
        let s = try Session(temp, server.baseURL)
        let (home, task, log, first) = try await home(s)
        let target = try XCTUnwrap(first.posts.first { $0.boostedBy == nil })
        // Someone else answers it: the server's count moves, and nothing tells Home.
        _ = try await s.client.publish(Draft(id: "x", text: "from elsewhere", inReplyToID: target.statusID), mediaIDs: [],
                                       idempotencyKey: UUID().uuidString)
        XCTAssertEqual(log.snapshots.last?.posts.first { $0.id == target.id }?.repliesCount, target.repliesCount)

        let threadLog = FeedLog()
        let thread = ThreadEngine(sources: s.sources, rootID: target.statusID, seed: target) { threadLog.record($0) }
        let threadTask = Task { await thread.run() }
        thread.perform(.start)
        _ = try await threadLog.wait { snapshot in
            snapshot.rows.contains { if case .post(let p, _, true) = $0 { p.repliesCount == target.repliesCount + 1 } else { false } }
        }
        _ = try await waitFor(log) { $0.posts.first { $0.id == target.id }?.repliesCount == target.repliesCount + 1 }

        thread.stop()
        await threadTask.value
        home.stop()
        await task.value
        try await s.close(server)
    }

    /// A slow answer asked for before a newer one gives way to it: the newer copy is handed back and nobody
    /// hears the older.
    func testAnOlderCopyGivesWayToTheNewerOne() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let s = try Session(temp, "http://127.0.0.1:9")
        let heard = Mutex<[SessionPosts.News]>([])
        let (stream, continuation) = AsyncStream.makeStream(of: SessionPosts.News.self)
        s.sources.posts.feed(continuation) { $0 }
        let listening = Task { for await news in stream { heard.withLock { $0.append(news) } } }

        var newer = Self.post("7", replies: 4), older = Self.post("7", replies: 3)
        newer.boostedBy = nil
        older.boostedBy = nil
        let now = Date()
        XCTAssertEqual(s.sources.posts.heard([newer], askedAt: now).first?.repliesCount, 4)
        var boost = older
        boost.id = "b7"
        boost.boostedBy = Account(id: "9", acct: "bo", displayName: "Bo")
        let given = s.sources.posts.heard([boost], askedAt: now.addingTimeInterval(-1))
        XCTAssertEqual(given.first?.repliesCount, 4, "the copy asked for later stands")
        XCTAssertEqual(given.first?.id, "b7", "as the boost it was heard as")
        XCTAssertEqual(given.first?.boostedBy?.acct, "bo")
        XCTAssertEqual(s.sources.posts.copy(of: "7")?.repliesCount, 4)

        s.sources.posts.streamed([.deleted("7")])
        XCTAssertNil(s.sources.posts.copy(of: "7"))
        continuation.finish()
        await listening.value
        XCTAssertEqual(heard.withLock { $0 }, [.copies([newer]), .deleted(["7"])])
        XCTAssertEqual(s.sources.posts.listenerCount, 0, "a finished stream no longer hears")
        try await s.close()
    }

    /// An edit from the stream reaches every stored copy of the status, a boost and a conversation's entry
    /// keeping their own id, booster and conversation.
    func testAStreamedEditIsStoredIntoEveryCopy() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let s = try Session(temp, "http://127.0.0.1:9")
        let original = Self.post("7", replies: 1)
        var boost = original
        boost.id = "b7"
        boost.boostedBy = Account(id: "9", acct: "bo", displayName: "Bo")
        _ = try s.sources.data.timeline("home").insert([boost, original], at: .top)
        var edited = original
        edited.content = StyledText(plain: "edited words")
        edited.editedAt = Date()
        s.sources.posts.streamed([.edited(edited)])
        await s.sources.posts.stored()
        let stored = try s.sources.data.timeline("home").run(around: nil, before: 0, after: 10).entries.compactMap(\.post)
        XCTAssertEqual(stored.map(\.content.plainText), ["edited words", "edited words"])
        XCTAssertEqual(stored.map(\.id), ["b7", "7"])
        XCTAssertEqual(stored.first?.boostedBy?.acct, "bo")
        try await s.close()
    }

    private static func post(_ id: String, replies: Int) -> Post {
        Post(id: id, statusID: id, account: Account(id: "1", acct: "ann", displayName: "Ann"),
             createdAt: Date(timeIntervalSince1970: 1_700_000_000), content: StyledText(plain: "words"), repliesCount: replies)
    }
}
