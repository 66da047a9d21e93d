import Foundation
import TernDemo
import TernFeed
import TernMastodon
import TernModel
import TernStore
import XCTest

/// Catch-up on every server kind the demo imitates: GoToSocial's ULID ids (26 characters, compared as
/// text) and Takahē's, as the engine stored them; the window since a read mark holds exactly the posts
/// above it, and a boost of one post by several is one row.
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
                XCTAssertEqual(window.older.first?.id, first.posts[9].id, name)
                // Everything stored: the demo's post boosted by several among the first page is one row.
                let all = try reader.read(CatchUpBounds())
                let pool = CatchUpPool(entries: all.entries, usual: AuthorUsual(all.entries), sieve: CatchUpSieve(hidden: [], filters: nil, now: Date()),
                                       followedTags: ["birds"])
                let boosted = pool.items.filter { $0.boosters.count >= 2 }
                XCTAssertEqual(boosted.count, 1, "\(name): \(pool.items.map { ($0.id, $0.boosters.count) })")
                XCTAssertEqual(Set(all.entries.filter { $0.statusID == boosted.first?.id }.map(\.id)).count,
                               (boosted.first?.boosters.count ?? 0) + ((boosted.first?.posted ?? false) ? 1 : 0), name)
                XCTAssertEqual(pool.items.count, Set(all.entries.map(\.statusID)).count, name)
                let liked = pool.view(order: MostLikedOrder()).items.map(\.post.favouritesCount)
                XCTAssertEqual(liked, liked.sorted(by: >), name)
            }
        }
    }
}
