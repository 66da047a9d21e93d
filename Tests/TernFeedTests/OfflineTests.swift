import Foundation
import TernDemo
import TernFeed
import TernModel
import TernStore
import XCTest

/// The engine with its store: a cached start, offline reading, and likes and saves that survive a restart.
final class OfflineTests: XCTestCase {
    func testRestartsFromTheCacheWhenTheServerIsGoneAndReplaysQueuedActionsInOrderOnce() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let rig = EngineRig(store: try temp.open())
        defer { Task { [rig] in try? await rig.shutdown() } }

        // 1. Online: the first page is fetched and written through; the user reads down to the sixth post.
        let first = try await DemoServer.start()
        let url = first.baseURL
        let log1 = SnapshotLog()
        let engine1 = try rig.engine(url, log: log1)
        engine1.send(.start)
        let online = try await waitFor(log1) { !$0.posts.isEmpty && !$0.loadingNewer }
        let posts = online.posts
        engine1.send(.viewed(first: 5, last: 9, anchorID: posts[5].id, offset: 2))
        await rig.stopEngines()
        await first.stop()

        // 2. The server is gone: the cached posts come back at the saved place before any request answers.
        let log2 = SnapshotLog()
        let engine2 = try rig.engine(url, log: log2)
        engine2.send(.start)
        // A screenful around the saved place comes first, then the rest of the cached window.
        let screenful = try await waitFor(log2) { !$0.posts.isEmpty }
        XCTAssertTrue(screenful.posts.contains { $0.id == posts[5].id }, "the saved place is in the first screenful")
        XCTAssertEqual(screenful.savedPosition, SavedPosition(anchorID: posts[5].id, offset: 2))
        let cached = try await waitFor(log2) { $0.posts.count >= posts.count }
        XCTAssertEqual(cached.posts.map(\.id), posts.map(\.id))
        XCTAssertEqual(cached.savedPosition, SavedPosition(anchorID: posts[5].id, offset: 2))
        _ = try await waitFor(log2) { $0.offline && !$0.loadingNewer }
        // Likes and saves while offline: journaled, shown, counted. Liking post 3 twice changes nothing on the
        // screen, but the cache's "not liked" was never the server's word (it may have been liked elsewhere):
        // it stays pending, to be looked up, not sent.
        engine2.mark(.favourite, postID: posts[1].id)
        engine2.mark(.bookmark, postID: posts[2].id)
        engine2.mark(.favourite, postID: posts[3].id)
        engine2.mark(.favourite, postID: posts[3].id)
        engine2.mark(.bookmark, postID: posts[4].id)
        let queued = try await waitFor(log2) { $0.pendingActions == 4 }
        XCTAssertEqual(queued.posts[1].favourited, !posts[1].favourited)
        XCTAssertEqual(queued.posts[2].bookmarked, !posts[2].bookmarked)
        XCTAssertEqual(queued.posts[3].favourited, posts[3].favourited)
        await rig.stopEngines()

        // 3. A restart with the server back (same address): the journal is replayed in order, once each.
        var config = DemoConfig()
        config.port = URLComponents(string: url)!.port!
        let second = try await DemoServer.start(config)
        defer { Task { await second.stop() } }
        let log3 = SnapshotLog()
        let (engine3, actions3) = try rig.engineAndActions(url, log: log3)
        engine3.send(.start)
        let replayed = try await waitFor(log3) { !$0.posts.isEmpty && $0.pendingActions == 0 && !$0.offline }
        // Nothing pending means the server answered every action: its log has them all, in order, once.
        let performed = await second.actionLog()
        XCTAssertEqual(performed, [
            "\(posts[1].favourited ? "unfavourite" : "favourite") \(posts[1].statusID)",
            "\(posts[2].bookmarked ? "unbookmark" : "bookmark") \(posts[2].statusID)",
            "\(posts[4].bookmarked ? "unbookmark" : "bookmark") \(posts[4].statusID)",
        ])
        XCTAssertEqual(replayed.posts.first { $0.id == posts[1].id }?.favourited, !posts[1].favourited)
        // The answers are written to the journal in order a moment after they are shown.
        await actions3.journaled()
        XCTAssertEqual(try rig.store.account("test").pendingActions(), [])
    }

    func testForcedOfflineSendsNothingAndQueues() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let temp = TemporaryStore()
        defer { temp.remove() }
        let rig = EngineRig(store: try temp.open())
        defer { Task { [rig] in try? await rig.shutdown() } }
        let store = rig.store
        try store.timeline(TimelineKey(account: "test", timeline: "home")).insert((1...30).reversed().map { syntheticPost($0) }, at: .bottom)
        let log = SnapshotLog()
        let (engine, actions) = try rig.engineAndActions(server.baseURL, log: log, offline: true)
        engine.send(.start)
        let shown = try await waitFor(log) { $0.offline && $0.posts.count == 30 }
        XCTAssertEqual(shown.message?.text, "Offline: showing cached posts")
        engine.mark(.favourite, postID: "30")
        engine.send(.refresh)
        _ = try await waitFor(log) { $0.pendingActions == 1 }
        // Asked to send outright, an offline queue returns with the like still pending, having sent nothing.
        let left = await actions.sendPending()
        XCTAssertEqual(left, 1)
        let requests = await server.actionRequestCount()
        XCTAssertEqual(requests, 0)
        await actions.journaled()
        XCTAssertEqual(try store.account("test").pendingActions().map(\.statusID), ["30"])
    }

    /// A screenful read ahead at start-up is what the engine shows first (not read again); the rest of the
    /// window comes from the store. A glance of another account's timeline is not used.
    func testStartsFromTheGlanceThenExtendsFromTheStore() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let rig = EngineRig(store: try temp.open())
        defer { Task { [rig] in try? await rig.shutdown() } }
        let key = TimelineKey(account: "test", timeline: "home")
        try rig.store.timeline(key).insert((1...100).reversed().map { syntheticPost($0) }, at: .bottom)
        try rig.store.timeline(key).savePosition(anchorID: "50", offset: 1)
        let glance = try XCTUnwrap(try Glance.read(store: temp.url, key: key))
        // The store moves on after the glance was read: post 50 says something else now.
        var edited = syntheticPost(50)
        edited.content = StyledText(paragraphs: [[[StyledText.Run("edited since", style: .plain)]]])
        try rig.store.timeline(key).insert([edited], at: .top)
        let text = { (s: TimelineSnapshot) in s.posts.first { $0.id == "50" }?.content }

        let log = SnapshotLog()
        let engine = try rig.engine("http://127.0.0.1:9", log: log, offline: true, glance: glance)
        engine.send(.start)
        _ = try await waitFor(log) { !$0.posts.isEmpty }
        let first = try XCTUnwrap(log.snapshots.first { !$0.posts.isEmpty })
        XCTAssertEqual(first.posts.map(\.id), glance.run.entries.compactMap(\.post?.id))
        XCTAssertEqual(text(first), syntheticPost(50).content, "the first screenful is the glance's")
        XCTAssertEqual(first.savedPosition, SavedPosition(anchorID: "50", offset: 1))
        let whole = try await waitFor(log) { $0.posts.count > Glance.before + Glance.after }
        // 26 newer above the glance (55…80), 48 older below it (38…1, all there are), each once.
        XCTAssertEqual(whole.posts.map(\.id), (1...80).reversed().map(String.init))
        // Where the window stands, counted in the store once: posts 100…81 above it.
        XCTAssertEqual(whole.rowsAbove, 20)
        XCTAssertEqual(whole.rowsBelow, 0)

        let otherLog = SnapshotLog()
        var other = glance
        other.key = TimelineKey(account: "someone else", timeline: "home")
        let fresh = try rig.engine("http://127.0.0.1:9", log: otherLog, offline: true, glance: other)
        fresh.send(.start)
        let read = try await waitFor(otherLog) { !$0.posts.isEmpty }
        XCTAssertEqual(text(read), edited.content, "read from the store, not from another timeline's glance")
    }

    /// Scrolling through thousands of cached posts reads them from the store in runs; the window stays bounded.
    func testScrollingThroughManyCachedPostsKeepsTheWindowBounded() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let rig = EngineRig(store: try temp.open())
        defer { Task { [rig] in try? await rig.shutdown() } }
        let key = TimelineKey(account: "test", timeline: "home")
        for chunk in stride(from: 3_000, to: 0, by: -500) {
            try rig.store.timeline(key).insert((chunk - 499...chunk).reversed().map { syntheticPost($0) }, at: .bottom)
        }
        let log = SnapshotLog()
        let engine = try rig.engine("http://127.0.0.1:9", log: log, offline: true)
        engine.send(.start)
        var s = try await waitFor(log) { !$0.posts.isEmpty }
        var seen = Set<String>()
        var steps = 0
        // Read down: report the last rows of each window as visible until the oldest post shows.
        while s.posts.last?.id != "1", steps < 500 {
            steps += 1
            seen.formUnion(s.posts.map(\.id))
            s = try await readDown(engine, log, from: s)
        }
        seen.formUnion(s.posts.map(\.id))
        XCTAssertEqual(seen.count, 3_000, "every cached post was reached")
        XCTAssertLessThanOrEqual(log.snapshots.map(\.posts.count).max() ?? 0, 240)
        XCTAssertTrue(s.moreNewer)
        XCTAssertFalse(s.moreOlder)
        // Every window knew where it stood in the 3,000 (post N is the (3,001 − N)th).
        for snapshot in log.snapshots {
            guard let first = snapshot.posts.first.flatMap({ Int($0.id) }), let last = snapshot.posts.last.flatMap({ Int($0.id) }) else { continue }
            XCTAssertEqual(snapshot.rowsAbove, 3_000 - first, "version \(snapshot.version)")
            XCTAssertEqual(snapshot.rowsBelow, last - 1, "version \(snapshot.version)")
        }
        // And back to the top in one jump.
        engine.send(.jump(top: true))
        let top = try await waitFor(log) { !$0.moreNewer }
        XCTAssertEqual(top.posts.first?.id, "3000")
        XCTAssertEqual(top.rowsAbove, 0)
        XCTAssertEqual(top.rowsBelow, 3_000 - top.posts.count)
    }

    /// `tern sync` against a server that is gone fails with a reason, not "unknown error".
    func testSyncAgainstAGoneServerSaysWhy() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let rig = EngineRig(store: try temp.open())
        let gone = try await DemoServer.start()
        let url = gone.baseURL
        await gone.stop()
        let engine = try rig.engine(url, log: SnapshotLog())
        let result = await engine.sync(olderPages: 0)
        XCTAssertFalse(result.ok)
        XCTAssertEqual(result.message, "the server could not be reached (network error: connection refused)")
        try await rig.shutdown()
    }
}

func syntheticPost(_ n: Int) -> Post {
    Post(id: String(n), statusID: String(n), account: Account(id: "a", acct: "someone@x.example", displayName: "Someone"),
         createdAt: Date().addingTimeInterval(-Double(10_000 - n)),
         content: StyledText(paragraphs: [[[StyledText.Run("cached post \(n)", style: .plain)]]]))
}
