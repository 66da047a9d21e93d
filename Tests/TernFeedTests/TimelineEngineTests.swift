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

/// Collects published snapshots, from any thread.
final class SnapshotLog: Sendable {
    private let all = Mutex<[TimelineSnapshot]>([])

    func record(_ s: TimelineSnapshot) { all.withLock { $0.append(s) } }

    var snapshots: [TimelineSnapshot] { all.withLock { $0 } }
}

struct Timeout: Error {}

/// A fresh store file in a temporary folder, removed by `remove()`.
struct TemporaryStore {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-test-\(UUID().uuidString)")
    var url: URL { folder.appendingPathComponent("tern.sqlite") }

    func open() throws -> Store { try Store(url: url) }

    /// Opens it again as a restarted Tern would, once the last run's store is closed: tasks the stopped
    /// engines left (a marker's sync ending on a closed client) may hold it a moment longer in this one
    /// process, which a real restart, a new process, never meets (it failed so under load).
    func reopen(within seconds: Double = 10) async throws -> Store {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            do { return try Store(url: url) } catch StoreError.inUse where Date() < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// Runs engines against `baseURL` with one store file until `body` returns.
final class EngineRig: @unchecked Sendable {
    let http = HTTPFetch.makeClient()
    let store: Store
    private var running: [(TimelineEngine, Task<Void, Never>, ActionQueue)] = []

    init(store: Store) { self.store = store }

    /// An engine (and a fresh action queue read back from the store) publishing into `log`.
    func engine(_ baseURL: String, timeline: TimelineID = .home, log: SnapshotLog, offline: Bool = false,
                timeout: Duration = .seconds(5), glance: Glance? = nil, ownAccountID: String? = nil) throws -> TimelineEngine {
        try engineAndActions(baseURL, timeline: timeline, log: log, offline: offline, timeout: timeout, glance: glance,
                             ownAccountID: ownAccountID).engine
    }

    /// The same, with the engine's action queue, for tests that act on accounts or hide posts.
    func engineAndActions(_ baseURL: String, timeline: TimelineID = .home, log: SnapshotLog, offline: Bool = false,
                          timeout: Duration = .seconds(5), glance: Glance? = nil,
                          ownAccountID: String? = nil) throws -> (engine: TimelineEngine, actions: ActionQueue) {
        let client = MastodonClient(baseURL: URL(string: baseURL)!, token: "t", http: http, timeout: timeout)
        let actions = try ActionQueue(data: store.account("test"), client: client, offline: offline)
        let engine = TimelineEngine(sources: .init(client: client, data: store.account("test"), actions: actions, offline: offline,
                                                   ownAccountID: ownAccountID),
                                    timeline: timeline, glance: glance, publish: { log.record($0) })
        running.append((engine, Task { await engine.run() }, actions))
        // As a session does: pending actions from an earlier run go out once the server answers.
        if !offline { actions.resume() }
        return (engine, actions)
    }

    /// Stops every engine and waits for it (each saves its position on the way out).
    func stopEngines() async {
        for (engine, task, actions) in running { engine.stop(); actions.stop(); await task.value }
        running = []
    }

    func shutdown() async throws {
        await stopEngines()
        try await http.shutdown()
    }
}

/// A fresh demo server and a rig on a fresh store, for tests that start engines (and restart them) themselves.
func withRig(_ config: DemoConfig = DemoConfig(), _ body: (DemoServer, EngineRig) async throws -> Void) async throws {
    let server = try await DemoServer.start(config)
    let temp = TemporaryStore()
    defer { temp.remove() }
    let rig = EngineRig(store: try temp.open())
    var failure: Error?
    do { try await body(server, rig) } catch { failure = error }
    try await rig.shutdown()
    await server.stop()
    if let failure { throw failure }
}

/// Runs an engine with a fresh store against a fresh demo server.
func withEngine(_ config: DemoConfig = DemoConfig(),
                _ body: (DemoServer, TimelineEngine, SnapshotLog) async throws -> Void) async throws {
    let server = try await DemoServer.start(config)
    let temp = TemporaryStore()
    defer { temp.remove() }
    let rig = EngineRig(store: try temp.open())
    let log = SnapshotLog()
    let engine = try rig.engine(server.baseURL, log: log)
    var failure: Error?
    do { try await body(server, engine, log) } catch { failure = error }
    try await rig.shutdown()
    await server.stop()
    if let failure { throw failure }
}

/// Stops the demo server and starts another at the same address that refuses connections for `seconds`:
/// the server a restarted Tern finds away.
func restartUnreachable(_ server: DemoServer, for seconds: Double, _ config: DemoConfig = DemoConfig()) async throws -> DemoServer {
    let port = URLComponents(string: server.baseURL)!.port!
    await server.stop()
    var config = config
    config.port = port
    config.unreachableSeconds = seconds
    return try await DemoServer.start(config)
}

func waitFor(_ log: SnapshotLog, timeout: Double = 15, _ condition: (TimelineSnapshot) -> Bool) async throws -> TimelineSnapshot {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if let s = log.snapshots.last, condition(s) { return s }
        try await Task.sleep(for: .milliseconds(20))
    }
    XCTFail("timed out; last snapshot: \(String(describing: log.snapshots.last.map { ($0.posts.count, $0.message) }))")
    throw Timeout()
}

/// Reports the last rows of the window as on screen, as a reader paging down does; returns the next
/// snapshot once the read it started, if any, has ended.
func readDown(_ engine: TimelineEngine, _ log: SnapshotLog, from s: TimelineSnapshot) async throws -> TimelineSnapshot {
    let last = s.posts.count - 1, first = max(0, last - 5)
    engine.send(.viewed(first: first, last: last, anchorID: s.posts[first].id, offset: 0))
    return try await waitFor(log) { $0.version > s.version && !$0.loadingOlder }
}

/// The engine against the demo server over loopback.
final class TimelineEngineTests: XCTestCase {
    func testFirstPageThenOlderPagesNearTheEndWithoutDuplicates() async throws {
        try await withEngine { server, engine, log in
            engine.send(.start)
            let first = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
            XCTAssertEqual(first.posts.count, 20)
            // Far from the end: nothing more is loaded. Commands are handled in order, and a load would
            // start (`loadingOlder`) while its `viewed` is handled, so the snapshot the next command
            // emits shows whether it did.
            engine.send(.viewed(first: 0, last: 2, anchorID: nil, offset: 0))
            engine.send(.readMarksChanged)
            let after = try await waitFor(log) { $0.version > first.version }
            XCTAssertFalse(after.loadingOlder, "a view far from the end started loading older posts")
            XCTAssertEqual(after.posts.count, 20)
            engine.send(.viewed(first: 10, last: 15, anchorID: nil, offset: 0))
            let second = try await waitFor(log) { $0.posts.count == 40 && !$0.loadingOlder }
            let ids = second.posts.map(\.id)
            XCTAssertEqual(Set(ids).count, 40)
            let expected = await server.newestPostIDs(40)
            XCTAssertEqual(ids, expected)
        }
    }

    /// Reading down from the server page after page keeps as few posts in memory as reading the cache
    /// does: those far above go back to the store, and scrolling up brings them back from it, in order.
    func testReadingDownFromTheServerKeepsTheWindowBounded() async throws {
        var config = DemoConfig()
        config.postCount = 600
        try await withEngine(config) { server, engine, log in
            engine.send(.start)
            var s = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
            var read: [String] = []
            func note(_ posts: [Post]) { for p in posts where !read.contains(p.id) { read.append(p.id) } }
            // Read down: the last rows of each window are on screen until the server has no more.
            while !s.reachedEnd, read.count < 1_000 {
                note(s.posts)
                s = try await readDown(engine, log, from: s)
            }
            note(s.posts)
            let expected = await server.newestPostIDs(600)
            XCTAssertEqual(read, expected, "every post, once, newest first")
            XCTAssertLessThanOrEqual(log.snapshots.map(\.posts.count).max() ?? 0, 240)
            XCTAssertTrue(s.moreNewer, "the newest posts went back to the store")
            let readingDown = log.snapshots.count
            // Back up through the store: the posts above come back, in order, up to the newest.
            var above: [String] = s.posts.map(\.id)
            while s.moreNewer, above.count < 1_000 {
                let version = s.version
                engine.send(.viewed(first: 0, last: 5, anchorID: s.posts[0].id, offset: 0))
                s = try await waitFor(log) { $0.version > version }
                let first = s.posts.firstIndex { $0.id == above.first } ?? 0
                above.insert(contentsOf: s.posts[..<first].map(\.id), at: 0)
            }
            XCTAssertEqual(above, expected)
            XCTAssertTrue(s.moreOlder && !s.reachedEnd && s.endStored, "the window is at the top; the server's oldest is in the store")
            XCTAssertLessThanOrEqual(log.snapshots.map(\.posts.count).max() ?? 0, 240)
            // Every window knew where it stood among the posts stored so far: the status line's position.
            // Reading down, the window is the bottom of what is stored; back up, all 600 are.
            for (i, snapshot) in log.snapshots.enumerated() where !snapshot.posts.isEmpty {
                let first = expected.firstIndex(of: snapshot.posts[0].id)
                let last = try XCTUnwrap(expected.firstIndex(of: snapshot.posts[snapshot.posts.count - 1].id))
                XCTAssertEqual(snapshot.rowsAbove, first, "version \(snapshot.version)")
                XCTAssertEqual(snapshot.rowsBelow, i < readingDown ? 0 : 600 - last - 1, "version \(snapshot.version)")
            }
        }
    }

    func testRefreshFetchesNewerPostsAboveWithoutDuplicates() async throws {
        try await withEngine { server, engine, log in
            engine.send(.start)
            _ = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
            await server.addPosts(27)
            engine.send(.refresh)
            let s = try await waitFor(log) { $0.posts.count == 47 && !$0.loadingNewer }
            let expected = await server.newestPostIDs(47)
            XCTAssertEqual(s.posts.map(\.id), expected)
            XCTAssertEqual(s.message?.text, "27 new posts")
        }
    }

    func testOptimisticLikeRollsBackAndReportsWhenTheServerRefuses() async throws {
        var config = DemoConfig()
        config.latencyMilliseconds = 150
        try await withEngine(config) { server, engine, log in
            engine.send(.start)
            let loaded = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
            let post = try XCTUnwrap(loaded.posts.first { !$0.favourited })
            await server.injectFaults([.status(422, retryAfter: nil)])
            engine.mark(.favourite, postID: post.id)
            // At once, before the server answers: the mark and the count change.
            let optimistic = try await waitFor(log) { s in s.posts.first { $0.id == post.id }?.favourited == true }
            let shown = try XCTUnwrap(optimistic.posts.first { $0.id == post.id })
            XCTAssertEqual(shown.favouritesCount, post.favouritesCount + 1)
            XCTAssertEqual(optimistic.pendingActions, 1)
            // Then the 422 comes back: rolled back, and the status line says why.
            let failed = try await waitFor(log) { $0.message?.isError == true }
            let after = try XCTUnwrap(failed.posts.first { $0.id == post.id })
            XCTAssertFalse(after.favourited)
            XCTAssertEqual(after.favouritesCount, post.favouritesCount)
            XCTAssertEqual(failed.pendingActions, 0)
            XCTAssertTrue(failed.message?.text.hasPrefix("Couldn't like: request refused 422") == true, failed.message?.text ?? "")
        }
    }

    func testRapidPressesEndInTheWantedStateWithFewRequests() async throws {
        var config = DemoConfig()
        config.latencyMilliseconds = 200
        try await withEngine(config) { server, engine, log in
            engine.send(.start)
            let loaded = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
            let post = try XCTUnwrap(loaded.posts.first { !$0.bookmarked })
            let before = await server.actionRequestCount()
            for _ in 0..<7 { engine.mark(.bookmark, postID: post.id) }
            // Seven presses: saved. The first request goes at once; the other six only flip the wish.
            let settled = try await waitFor(log) { s in s.pendingActions == 0 && s.posts.first { $0.id == post.id }?.bookmarked == true }
            XCTAssertTrue(try XCTUnwrap(settled.posts.first { $0.id == post.id }).bookmarked)
            let sent = await server.actionRequestCount() - before
            XCTAssertEqual(sent, 1, "presses while a request was in flight should not each send one")
            XCTAssertLessThanOrEqual(log.snapshots.map(\.pendingActions).max() ?? 0, 1)
        }
    }
}

/// Reads that fail or return garbage, from the demo's fault queue.
final class EngineFaultTests: XCTestCase {
    func testTransientFailuresAreRetriedAndShown() async throws {
        try await withEngine { server, engine, log in
            await server.injectFaults([.status(503, retryAfter: nil), .status(502, retryAfter: nil)])
            engine.send(.start)
            let loaded = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
            XCTAssertEqual(loaded.posts.count, 20)
            XCTAssertNil(loaded.retrying)
            let shown = log.snapshots.compactMap(\.retrying)
            XCTAssertTrue(shown.contains { $0.hasPrefix("server error 503") && $0.contains("retrying in") }, "\(shown)")
            XCTAssertTrue(shown.contains { $0.hasPrefix("server error 502") }, "\(shown)")
            // Once the wait is over and the read asked again, it says so rather than the countdown it started with.
            let waited = try XCTUnwrap(shown.firstIndex { $0.hasPrefix("server error 503") && $0.contains("retrying in") }, "\(shown)")
            XCTAssertEqual(shown[waited + 1], "server error 503: Something went wrong; retrying…", "\(shown)")
        }
    }

    func testRateLimitWaitsForRetryAfter() async throws {
        try await withEngine { server, engine, log in
            await server.injectFaults([.status(429, retryAfter: 1)])
            engine.send(.start)
            let loaded = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
            XCTAssertEqual(loaded.posts.count, 20)
            XCTAssertTrue(log.snapshots.compactMap(\.retrying).contains { $0.hasPrefix("rate limited until") && $0.hasSuffix("retrying in 1s") },
                          "\(log.snapshots.compactMap(\.retrying))")
        }
    }

    func testGarbageResponsesNeverReplaceGoodPosts() async throws {
        try await withEngine { server, engine, log in
            engine.send(.start)
            let good = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
            for (fault, words) in [(DemoFault.html, "an HTML page instead of JSON"), (.empty, "empty body"), (.truncated, "malformed JSON (31 bytes)")] {
                await server.injectFaults([fault])
                let before = log.snapshots.last?.message?.id ?? 0
                engine.send(.refresh)
                let after = try await waitFor(log) { ($0.message?.id ?? 0) > before && !$0.loadingNewer }
                XCTAssertEqual(after.message?.text, "Couldn't refresh: unexpected response: \(words)")
                XCTAssertEqual(after.message?.isError, true)
                XCTAssertEqual(after.posts.map(\.id), good.posts.map(\.id), "the good posts stay")
            }
        }
    }

    /// A 5xx or 429 on a like is not final at once: the like stays pending and goes through on a retry.
    func testALikeThatHitsAServerErrorStaysPendingAndIsSentAgain() async throws {
        try await withEngine { server, engine, log in
            engine.send(.start)
            let loaded = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
            let post = try XCTUnwrap(loaded.posts.first { !$0.favourited })
            await server.injectFaults([.status(503, retryAfter: nil)])
            engine.mark(.favourite, postID: post.id)
            let queued = try await waitFor(log) { $0.pendingActions == 1 }
            XCTAssertEqual(queued.posts.first { $0.id == post.id }?.favourited, true)
            XCTAssertEqual(queued.posts.first { $0.id == post.id }?.pending, [.favourite], "shown as pending, not as liked")
            // The queue tries again after about a second; the server answers then.
            let sent = try await waitFor(log, timeout: 20) { $0.pendingActions == 0 }
            XCTAssertEqual(sent.posts.first { $0.id == post.id }?.favourited, true)
            let performed = await server.actionLog()
            XCTAssertEqual(performed, ["favourite \(post.statusID)"])
        }
    }
}

/// Refreshes that can't catch up within their page budget leave a gap, which Enter fills from either end.
final class GapTests: XCTestCase {
    func gapScenario(fromTop: Bool) async throws {
        try await withEngine { server, engine, log in
            engine.send(.start)
            _ = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
            await server.addPosts(150)
            engine.send(.refresh)
            // 5 pages of 20 climb from the old newest post; then the newest 20; 30 are left between.
            let refreshed = try await waitFor(log) { !$0.loadingNewer && $0.posts.count == 140 }
            XCTAssertEqual(refreshed.gaps.count, 1)
            let gap = refreshed.gaps[0]
            let newest = await server.newestPostIDs(170)
            XCTAssertEqual(Array(refreshed.posts.prefix(20).map(\.id)), Array(newest.prefix(20)), "the newest posts are on top")
            XCTAssertEqual(gap.newerID, newest[19])
            XCTAssertEqual(gap.olderID, newest[50])
            XCTAssertEqual(refreshed.message?.text, "120 new posts, and a gap below the newest (Enter on it loads more)")

            // Enter on the gap: it is on screen, with the newest posts above it.
            engine.send(.viewed(first: 10, last: 25, anchorID: refreshed.posts[10].id, offset: 0))
            engine.send(.fillGap(id: gap.id, fromTop: fromTop))
            let once = try await waitFor(log) { $0.posts.count == 160 && $0.gaps.first?.loading == false }
            XCTAssertEqual(once.gaps.count, 1, "20 of 30 loaded: still a gap")
            engine.send(.fillGap(id: gap.id, fromTop: fromTop))
            let closed = try await waitFor(log) { $0.gaps.isEmpty && $0.posts.count == 170 }
            XCTAssertEqual(closed.posts.map(\.id), newest, "every post, once, in the server's order")
        }
    }

    func testAGapFillsFromTheTop() async throws { try await gapScenario(fromTop: true) }

    func testAGapFillsFromTheBottom() async throws { try await gapScenario(fromTop: false) }

    func testACaughtUpRefreshMakesNoGap() async throws {
        try await withEngine { server, engine, log in
            engine.send(.start)
            _ = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
            await server.addPosts(90)
            engine.send(.refresh)
            let s = try await waitFor(log) { !$0.loadingNewer && $0.posts.count == 110 }
            XCTAssertTrue(s.gaps.isEmpty)
            let newest = await server.newestPostIDs(110)
            XCTAssertEqual(s.posts.map(\.id), newest)
        }
    }
}

final class ReconciliationRecoveryTests: XCTestCase {
    /// A burst whose request is refused ends where the server is (confirmed); the next burst ends where
    /// the user wants it.
    func testRefusedThenAcceptedBursts() async throws {
        var config = DemoConfig()
        config.latencyMilliseconds = 150
        try await withEngine(config) { server, engine, log in
            engine.send(.start)
            let loaded = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
            let post = try XCTUnwrap(loaded.posts.first { !$0.favourited })
            await server.injectFaults([.status(404, retryAfter: nil)])
            for _ in 0..<5 { engine.mark(.favourite, postID: post.id) }
            let failed = try await waitFor(log) { $0.message?.isError == true && $0.pendingActions == 0 }
            XCTAssertEqual(failed.posts.first { $0.id == post.id }?.favourited, false, "back to what the server confirmed")
            XCTAssertEqual(failed.posts.first { $0.id == post.id }?.favouritesCount, post.favouritesCount)
            // The server takes them again: an odd burst ends liked, and the server agrees.
            for _ in 0..<3 { engine.mark(.favourite, postID: post.id) }
            let settled = try await waitFor(log) { s in
                s.pendingActions == 0 && s.posts.first { $0.id == post.id }?.favourited == true
            }
            XCTAssertEqual(settled.posts.first { $0.id == post.id }?.favouritesCount, post.favouritesCount + 1)
            let requests = await server.actionRequestCount()
            XCTAssertLessThanOrEqual(requests, 4, "one per burst, plus at most one follow-up each")
        }
    }
}
