import Foundation
import Synchronization
import TernDemo
import TernFeed
import TernMastodon
import TernModel
import TernStore
import XCTest

/// What the store lacks for a catch-up's window is fetched from the demo server before it is ranked: older
/// pages down to the read mark, a gap inside the window, what the server would not give said (and the rest
/// shown), and a fetch stopped half-way ranks what came.
final class CatchUpFetchTests: XCTestCase {
    /// The demo's Home, newest first, read page by page straight from the server (`pages` pages of 40).
    private func serverHome(_ client: MastodonClient, pages: Int) async throws -> (posts: [Post], pages: [Page]) {
        var all: [Page] = [try await client.timeline(.home, limit: 40)]
        while all.count < pages, let next = all.last?.links.next { all.append(try await client.page(at: next, of: .home)) }
        return (all.flatMap(\.posts), all)
    }

    /// The demo's Home, `pages` pages of it read from the server, of which the cache holds the first page alone,
    /// the read mark at `home[readMark]`: a window the cache lacks most of.
    private func cachedFirstPage(_ sources: TimelineEngine.Sources, pages: Int, readMark: Int) async throws -> [Post] {
        let home = try await serverHome(sources.client, pages: pages).posts
        try await Self.firstPage(sources)
        try sources.data.timeline(TimelineID.home.storageKey).saveSeen(home[readMark].id)
        return home
    }

    private func sources(_ rig: EngineRig, _ server: DemoServer) throws -> TimelineEngine.Sources {
        let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: rig.http, timeout: .seconds(5))
        let data = rig.store.account("test")
        return TimelineEngine.Sources(client: client, data: data, actions: try ActionQueue(data: data, client: client, offline: true))
    }

    private func load(_ sources: TimelineEngine.Sources, _ fetched: CatchUpFetch.Outcome?) async throws -> CatchUpLoad {
        try await CatchUpLoad.load(data: sources.data, window: .sinceReadMark, client: fetched?.failure == nil ? sources.client : nil,
                                   fetched: fetched)
    }

    func testOlderPagesAreFetchedDownToTheReadMark() async throws {
        try await withRig { server, rig in
            let sources = try sources(rig, server)
            let home = try await serverHome(sources.client, pages: 3).posts
            // The cache holds the newest page; the read mark is the 100th post, which it lacks.
            try await Self.firstPage(sources)
            let stored = sources.data.timeline(TimelineID.home.storageKey)
            XCTAssertEqual(try stored.postCount(), 40)
            try stored.saveSeen(home[99].id)
            let told = Mutex<[CatchUpFetch.Progress]>([])
            let fetched = await CatchUpFetch.run(sources: sources, window: .sinceReadMark) { p in told.withLock { $0.append(p) } }
            XCTAssertNil(fetched.failure)
            XCTAssertFalse(fetched.stopped)
            XCTAssertEqual(fetched.missing, [])
            XCTAssertEqual(fetched.progress.posts, try stored.postCount() - 40)
            XCTAssertGreaterThanOrEqual(fetched.progress.posts, 60)
            XCTAssertGreaterThanOrEqual(fetched.progress.pages, 2)
            XCTAssertGreaterThan(told.withLock { $0.count }, 1, "progress told page by page")
            XCTAssertEqual(told.withLock { $0.last }, fetched.progress)
            let loaded = try await load(sources, fetched)
            XCTAssertEqual(loaded.pool.newestID, home[0].id)
            let left = loaded.pool.leftOut.counts.values.reduce(0, +)
            XCTAssertEqual(Set(loaded.pool.items.map(\.id)).count + left, Set(home.prefix(99).map(\.statusID)).count,
                           "every post above the read mark, shown or counted as left out")
            XCTAssertTrue(Set(loaded.pool.items.map(\.id)).isSubset(of: home.prefix(99).map(\.statusID)))
            XCTAssertEqual(loaded.notes, [], "nothing lacking, nothing to say")
        }
    }

    func testAGapInsideTheWindowIsFilled() async throws {
        try await withRig { server, rig in
            let sources = try sources(rig, server)
            let (home, pages) = try await serverHome(sources.client, pages: 3)
            let stored = sources.data.timeline(TimelineID.home.storageKey)
            // The first and third pages held, the second missing between them: a gap the user never filled.
            try stored.insert(pages[2].posts, at: .top)
            try stored.insert(pages[0].posts, at: .top, gapBelow: StoredGap(fromTop: pages[0].links.next, fromBottom: nil))
            try stored.saveSeen(home[100].id)
            let before = try await load(sources, nil)
            XCTAssertTrue(before.notes.contains { $0.contains("gap") }, "\(before.notes)")
            let fetched = await CatchUpFetch.run(sources: sources, window: .sinceReadMark) { _ in }
            XCTAssertNil(fetched.failure)
            let window = try CatchUpReader(data: sources.data).read(CatchUpBounds(afterID: home[100].id))
            XCTAssertEqual(window.gaps, 0)
            XCTAssertEqual(window.entries.map(\.id), home.prefix(100).map(\.id))
            let after = try await load(sources, fetched)
            XCTAssertFalse(after.notes.contains { $0.contains("gap") }, "\(after.notes)")
        }
    }

    func testAnUnreachableServerIsSaidAndTheCacheShown() async throws {
        try await withRig { server, rig in
            var sources = try sources(rig, server)
            let home = try await cachedFirstPage(sources, pages: 2, readMark: 60)
            let away = try await restartUnreachable(server, for: 30)
            sources = try self.sources(rig, away)
            let fetched = await CatchUpFetch.run(sources: sources, window: .sinceReadMark) { _ in }
            XCTAssertNotNil(fetched.failure)
            XCTAssertFalse(fetched.stopped)
            XCTAssertTrue(fetched.missing.contains(.newer))
            let loaded = try await load(sources, fetched)
            XCTAssertTrue(loaded.notes.first?.hasPrefix("Could not fetch the newer posts and the older posts down to the window's start (") == true, "\(loaded.notes)")
            XCTAssertTrue(loaded.notes.contains { $0.hasPrefix("The cache does not reach back to the window's start") }, "\(loaded.notes)")
            XCTAssertEqual(loaded.pool.items.count, Set(home.prefix(40).map(\.statusID)).count, "the cached posts shown")
            await away.stop()
        }
    }

    func testAFetchStoppedHalfWayRanksWhatCame() async throws {
        var config = DemoConfig()
        config.latencyMilliseconds = 150
        try await withRig(config) { server, rig in
            let sources = try sources(rig, server)
            let home = try await cachedFirstPage(sources, pages: 10, readMark: 390)
            let (pages, told) = AsyncStream.makeStream(of: CatchUpFetch.Progress.self)
            let fetch = Task {
                let outcome = await CatchUpFetch.run(sources: sources, window: .sinceReadMark) { told.yield($0) }
                told.finish()
                return outcome
            }
            for await p in pages where p.pages >= 3 { break }
            fetch.cancel()
            let fetched = await fetch.value
            XCTAssertTrue(fetched.stopped)
            XCTAssertNil(fetched.failure)
            XCTAssertEqual(fetched.missing, [.older])
            XCTAssertLessThan(fetched.progress.pages, 10)
            let loaded = try await load(sources, fetched)
            XCTAssertTrue(loaded.notes.first?.hasPrefix("Fetching was stopped after") == true, "\(loaded.notes)")
            XCTAssertEqual(loaded.pool.newestID, home[0].id)
        }
    }

    func testOfflineSaysWhatItCouldNotFetch() async throws {
        try await withRig { server, rig in
            let sources = try sources(rig, server)
            let home = try await cachedFirstPage(sources, pages: 2, readMark: 60)
            let loaded = try await CatchUpLoad.load(data: sources.data, window: .sinceReadMark, client: nil)
            XCTAssertTrue(loaded.notes.contains { $0.hasPrefix("Offline: nothing was fetched") && $0.hasSuffix("the hashtags you follow are not known.") },
                          "\(loaded.notes)")
            XCTAssertTrue(loaded.notes.contains { $0.hasPrefix("The cache does not reach back to the window's start") }, "\(loaded.notes)")
        }
    }

    /// The newest page into the store, as a first sync would.
    /// Done reading offline (`x`, `tern catchup --offline --done`) keeps the mark for the server, and Home's
    /// engine tells the server when it next starts online (a new user's find: it never reached the server).
    func testDoneReadingOfflineReachesTheServersMarkerWhenHomeIsNextOnline() async throws {
        try await withRig { server, rig in
            let sources = try sources(rig, server)
            let home = try await serverHome(sources.client, pages: 1).posts
            let before = try await sources.client.marker("home")
            let newest = try XCTUnwrap(home.first { $0.id != before }?.id)
            let said = await CatchUpServerMarker.moveOrHold(to: newest, client: sources.client, data: sources.data, offline: true)
            XCTAssertEqual(said, "The server's home marker moves when Tern is next online.")
            let untold = try await sources.client.marker("home")
            XCTAssertEqual(untold, before, "offline, the server was not asked")
            let held = try await sources.data.marker("home")
            XCTAssertEqual(held?.lastReadID, newest)
            XCTAssertEqual(held?.unsent, true)

            let log = SnapshotLog()
            let engine = try rig.engine(server.baseURL, log: log)
            engine.send(.start)
            // The engine's first snapshot with posts comes after its marker was read; the held mark went first.
            let deadline = Date().addingTimeInterval(15)
            var theirs = try await sources.client.marker("home")
            while theirs != newest, Date() < deadline {
                try await Task.sleep(for: .milliseconds(50))
                theirs = try await sources.client.marker("home")
            }
            XCTAssertEqual(theirs, newest, "Home's start online told the server")
            let sent = try await sources.data.marker("home")
            XCTAssertEqual(sent?.unsent, false)
        }
    }

    /// After done reading moved the server's home marker to the window's newest post, Home's view of an older
    /// post does not move it back (a new user saw it go back, the marker other clients read).
    func testHomesViewDoesNotMoveTheServersMarkerBackBelowDoneReading() async throws {
        try await withRig { server, rig in
            let sources = try sources(rig, server)
            let log = SnapshotLog()
            let engine = try rig.engine(server.baseURL, log: log)
            engine.send(.start)
            let posts = try await waitFor(log) { $0.posts.count > 6 && !$0.loadingNewer }.posts
            let newest = try XCTUnwrap(posts.first?.id)
            let said = await CatchUpServerMarker.move(to: newest, client: sources.client)
            XCTAssertNil(said)
            engine.send(.caughtUp(newest))
            engine.send(.viewed(first: 5, last: 9, anchorID: posts[5].id, offset: 0))
            // Stopping pushes the marker once more, whatever the interval: the last chance to move it back.
            await rig.stopEngines()
            let marker = await server.homeMarker()
            XCTAssertEqual(marker, newest, "the server's marker stays at the newest post read")
        }
    }

    static func firstPage(_ sources: TimelineEngine.Sources) async throws {
        let engine = TimelineEngine(sources: sources, timeline: .home, pageSize: 40, publish: { _ in })
        let result = await engine.sync(olderPages: 0)
        XCTAssertTrue(result.ok, result.message ?? "")
    }
}
