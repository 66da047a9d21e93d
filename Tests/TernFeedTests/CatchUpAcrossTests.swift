import Foundation
import TernFeed
import TernModel
import XCTest

/// Catch-up across two accounts on fixed posts: each account's window ranked with its own authors' usual
/// attention, merged into one pool whose items name their account, with the same status id on both servers
/// kept as two items, the facets summed and done reading naming each account's own newest post.
final class CatchUpAcrossTests: XCTestCase {
    typealias F = CatchUpFixtures

    private func load(_ entries: [Post], older: [Post] = [], notes: [String] = []) -> CatchUpLoad {
        let pool = CatchUpPool(entries: entries, usual: AuthorUsual(entries + older), sieve: CatchUpSieve(hidden: [], filters: nil, now: F.now),
                               followedTags: [])
        return CatchUpLoad(window: .sinceReadMark, pool: pool, notes: notes)
    }

    func testTwoAccountsMergeByTheOrderEachWithItsOwnUsual() {
        let ann = F.person("ann"), loud = F.person("loud"), bo = F.person("bo")
        // On the first account Ann usually gets 2 and has a post with 20; the loud account usually 400, one with 40.
        let one = load([F.post("110", by: ann, minutesAgo: 5, likes: 20), F.post("100", by: loud, minutesAgo: 10, likes: 40)],
                       older: [F.post("10", by: ann, minutesAgo: 900, likes: 2), F.post("11", by: ann, minutesAgo: 800, likes: 2),
                               F.post("12", by: loud, minutesAgo: 900, likes: 400), F.post("13", by: loud, minutesAgo: 800, likes: 400)],
                       notes: ["Offline: nothing was fetched, so posts newer than the cache's are not in it."])
        // On the second server Bo usually gets 1 and has a post with 5; its id is the same as Ann's on the first.
        let two = load([F.post("110", by: bo, minutesAgo: 1, likes: 5), F.post("90", by: bo, minutesAgo: 20, likes: 1, pictures: 1)],
                       older: [F.post("5", by: bo, minutesAgo: 900, likes: 1)])
        let across = CatchUpLoad.merging([("ada@one.example", one), ("bea@two.example", two)], window: .sinceReadMark)
        let pool = across.pool

        let newest = pool.view(order: NewestOrder()).items
        XCTAssertEqual(newest.map(\.account), ["bea@two.example", "ada@one.example", "ada@one.example", "bea@two.example"])
        XCTAssertEqual(newest.map(\.author.id), ["bo", "ann", "loud", "bo"])
        XCTAssertEqual(Set(newest.map(\.id)).count, 4, "the same status id on two servers is two items")

        // Stand-outs: Ann 20 over 2 (×10), Bo 5 over 1 (×5), Bo's 1 over 1, the loud 40 over 400 last.
        XCTAssertEqual(pool.view(order: StandOutOrder()).items.map { "\($0.account ?? "") \($0.post.id)" },
                       ["ada@one.example 110", "bea@two.example 110", "bea@two.example 90", "ada@one.example 100"])
        XCTAssertEqual(pool.view(order: MostLikedOrder()).items.map(\.post.favouritesCount), [40, 20, 5, 1])
        XCTAssertEqual(pool.view(order: NewestOrder(), kinds: [.pictures]).items.map(\.id), ["bea@two.example\u{1F}90"])
        // By author: Bo's two posts are one group, on his account; the same id on another server is another author.
        XCTAssertEqual(pool.view(order: NewestOrder()).groups.map { "\($0.items.count) \($0.id)" },
                       ["2 bea@two.example\u{1F}bo", "1 ada@one.example\u{1F}ann", "1 ada@one.example\u{1F}loud"])
        XCTAssertEqual(pool.view(order: NewestOrder(), author: "bea@two.example\u{1F}bo").items.count, 2)

        XCTAssertEqual(pool.facets[.originals], 4)
        XCTAssertEqual(pool.facets[.pictures], 1)
        XCTAssertNil(pool.newestID, "each account has its own")
        XCTAssertEqual(pool.newestByAccount, ["ada@one.example": "110", "bea@two.example": "110"])
        XCTAssertEqual(across.accounts, ["ada@one.example", "bea@two.example"])
        XCTAssertEqual(across.notes, ["ada@one.example: Offline: nothing was fetched, so posts newer than the cache's are not in it."])
    }

    func testAnAccountWithAnEmptyWindowHasNoReadMarkToMove() {
        let across = CatchUpLoad.merging([("ada@one.example", load([])), ("bea@two.example", load([F.post("7", by: F.person("bo"), minutesAgo: 3)]))],
                                         window: .sinceReadMark)
        XCTAssertEqual(across.pool.newestByAccount, ["bea@two.example": "7"])
        XCTAssertEqual(across.pool.view(order: NewestOrder()).items.map(\.account), ["bea@two.example"])
    }
}
