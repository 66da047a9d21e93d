import Foundation
import TernDemo
import TernFeed
import TernMastodon
import TernModel
import TernStore
import XCTest

/// Catch-up on every server kind the demo imitates: GoToSocial's ULID ids (26 characters, compared as
/// text) and Takahē's, as the engine stored them; the window since a read mark holds exactly the posts
/// above it, and a post boosted (by several, or once) is one row naming its boosters.
final class CatchUpServersTests: XCTestCase {
    func testTheWindowSinceTheReadMarkOnEveryServerKind() async throws {
        for (name, quirks) in ServerQuirks.sets {
            var config = DemoConfig()
            config.quirks = quirks
            try await withRig(config) { server, rig in
                let log = SnapshotLog()
                try rig.engine(server.baseURL, log: log).send(.start)
                let first = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
                if quirks.contains(.ulidIDs) { XCTAssertTrue(first.posts.allSatisfy { $0.id.count == 26 }, name) }
                let data = rig.store.account("test")
                try data.timeline(TimelineID.home.storageKey).saveSeen(first.posts[9].id)
                let reader = CatchUpReader(data: data)
                let marks = try await reader.marks()
                let window = try reader.read(CatchUpBounds(.sinceReadMark, readMarkID: marks.readMark, lastCatchUpID: nil, now: Date()))
                XCTAssertEqual(window.entries.map(\.id), first.posts.prefix(9).map(\.id), name)
                XCTAssertEqual(window.older.first?.statusID, first.posts[9].statusID, name)
                // Everything stored: the demo's post boosted by several among the first page is one row.
                let all = try reader.read(CatchUpBounds())
                let pool = CatchUpPool(entries: all.entries, usual: AuthorUsual(all.entries), sieve: CatchUpSieve(hidden: [], filters: nil, now: Date()),
                                       followedTags: ["birds"])
                // Each boosted status is one row naming each of its boosters once, however many boosted it.
                let boosters = Dictionary(grouping: all.entries.filter { $0.boostedBy != nil }, by: \.statusID)
                    .mapValues { Set($0.compactMap { $0.boostedBy?.id }).count }
                XCTAssertFalse(boosters.isEmpty, "\(name): no boost stored")
                for item in pool.items where boosters[item.id] != nil {
                    XCTAssertEqual(item.boosters.count, boosters[item.id], "\(name): \(item.id)")
                }
                XCTAssertEqual(pool.items.count, Set(all.entries.map(\.statusID)).count, name)
                let liked = pool.view(order: MostLikedOrder()).items.map(\.post.favouritesCount)
                XCTAssertEqual(liked, liked.sorted(by: >), name)
            }
        }
    }

    /// The fetch before a catch-up pages Home down to a read mark 100 posts below the newest on every server
    /// kind: by the server's own links, and with the window's start compared as the server orders its ids
    /// (GoToSocial's ULIDs as text), so it stops at the read mark, not before or past it.
    func testTheFetchReachesTheReadMarkOnEveryServerKind() async throws {
        for (name, quirks) in ServerQuirks.sets {
            var config = DemoConfig()
            config.quirks = quirks
            try await withRig(config) { server, rig in
                let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: rig.http, timeout: .seconds(5))
                var pages = [try await client.timeline(.home, limit: 40)]
                while pages.count < 3, let next = pages.last?.links.next { pages.append(try await client.page(at: next, of: .home)) }
                let home = pages.flatMap(\.posts)
                if quirks.contains(.ulidIDs) { XCTAssertTrue(home.allSatisfy { $0.id.count == 26 && Int($0.id) == nil }, name) }
                let data = rig.store.account("test")
                let sources = TimelineEngine.Sources(client: client, data: data, actions: try ActionQueue(data: data, client: client, offline: true))
                try data.timeline(TimelineID.home.storageKey).insert(pages[0].posts, at: .top)
                try data.timeline(TimelineID.home.storageKey).saveSeen(home[100].id)
                let fetched = await CatchUpFetch.run(sources: sources, window: .sinceReadMark) { _ in }
                XCTAssertNil(fetched.failure, name)
                XCTAssertEqual(fetched.missing, [], name)
                let window = try CatchUpReader(data: data).read(CatchUpBounds(afterID: home[100].id))
                XCTAssertEqual(window.entries.map(\.id), home.prefix(100).map(\.id), name)
                XCTAssertTrue(window.reachesStart, name)
            }
        }
    }
}
