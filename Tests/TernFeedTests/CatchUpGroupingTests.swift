import Foundation
import TernFeed
import TernModel
import XCTest

/// A catch-up's rows: boosts of one post as one row, posts by author, the most active authors, the facets.
final class CatchUpGroupingTests: XCTestCase {
    typealias F = CatchUpFixtures
    let ann = F.person("ann", "Ann Lee"), bo = F.person("bo", "Bo"), cy = F.person("cy", "Cy")
    let di = F.person("di", "Di"), ed = F.person("ed", "Ed"), fay = F.person("fay", "Fay"), gus = F.person("gus", "Gus")

    func testBoostsOfOnePostByManyAreOneRowNamingThem() {
        let original = F.post("50", by: ann, minutesAgo: 60, likes: 9)
        var newer = original
        newer.favouritesCount = 12  // a later copy read with more likes
        let entries = [F.boost(newer, id: "90", by: bo), F.boost(original, id: "89", by: cy), F.boost(original, id: "88", by: di),
                       F.post("87", by: ed, minutesAgo: 5), F.boost(original, id: "86", by: ed), F.boost(original, id: "85", by: fay),
                       F.boost(original, id: "84", by: bo), original]
        let items = CatchUpItem.gather(entries)
        XCTAssertEqual(items.map(\.id), ["50", "87"])
        XCTAssertEqual(items[0].post.id, "90", "the row opens the newest entry")
        XCTAssertEqual(items[0].boosters.map(\.id), ["bo", "cy", "di", "ed", "fay"], "each booster once, newest first")
        XCTAssertTrue(items[0].posted, "the author's own post was in the window too")
        XCTAssertEqual(items[0].post.favouritesCount, 12, "the copy with the most attention counts")
        XCTAssertEqual(items[0].boostedByWords, "boosted by Bo, Cy and 3 others")
        XCTAssertNil(items[1].boostedByWords)
        XCTAssertEqual(CatchUpItem.gather([F.boost(original, id: "9", by: bo), F.boost(original, id: "8", by: cy)])[0].boostedByWords,
                       "boosted by Bo and Cy")
        XCTAssertEqual(CatchUpItem.gather([F.boost(original, id: "9", by: bo), F.boost(original, id: "8", by: cy),
                                           F.boost(original, id: "7", by: di)])[0].boostedByWords, "boosted by Bo, Cy and 1 other")
    }

    func testPostsGroupByAuthorInTheOrdersOrder() {
        let posts = [F.post("9", by: ann, minutesAgo: 1, likes: 2), F.post("8", by: bo, minutesAgo: 2, likes: 30),
                     F.post("7", by: ann, minutesAgo: 3, likes: 50), F.post("6", by: ann, minutesAgo: 4), F.post("5", by: cy, minutesAgo: 5)]
        let liked = MostLikedOrder().sorted(CatchUpItem.gather(posts), usual: AuthorUsual(posts))
        let groups = AuthorGroup.grouping(liked)
        XCTAssertEqual(groups.map(\.author.id), ["ann", "bo", "cy"])
        XCTAssertEqual(groups[0].items.map(\.post.id), ["7", "9", "6"])
        XCTAssertEqual(groups[0].words, "Ann Lee · 3 posts · ☆ 52")
        XCTAssertEqual(groups[2].words, "Cy · 1 post · ☆ 0")
    }

    func testTheMostActiveAuthorsComeFirst() {
        let posts = [F.post("9", by: bo, minutesAgo: 1), F.post("8", by: ann, minutesAgo: 2), F.post("7", by: ann, minutesAgo: 3),
                     F.post("6", by: cy, minutesAgo: 4), F.post("5", by: cy, minutesAgo: 5), F.post("4", by: ann, minutesAgo: 6),
                     F.post("3", by: gus, minutesAgo: 7)]
        let active = AuthorGroup.mostActive(CatchUpItem.gather(posts), count: 3)
        XCTAssertEqual(active.map(\.author.id), ["ann", "cy", "bo"])
        XCTAssertEqual(active.map(\.items.count), [3, 2, 1])
    }

    /// Authors with as many posts as each other come in the order the view shows (a new user read five
    /// one-post authors in no order they could name): most liked first under `liked`.
    func testEquallyActiveAuthorsComeInTheViewsOrder() {
        let posts = [F.post("9", by: bo, minutesAgo: 1, likes: 3), F.post("8", by: ann, minutesAgo: 2, likes: 61),
                     F.post("7", by: cy, minutesAgo: 3, likes: 1_380), F.post("6", by: gus, minutesAgo: 4, likes: 144)]
        let pool = CatchUpPool(entries: posts, usual: AuthorUsual(posts), sieve: CatchUpSieve(hidden: [], filters: nil, now: F.now), followedTags: [])
        XCTAssertEqual(pool.view(order: MostLikedOrder()).activeAuthors.map(\.author.id), ["cy", "gus", "ann", "bo"])
        XCTAssertEqual(pool.view(order: NewestOrder()).activeAuthors.map(\.author.id), ["bo", "ann", "cy", "gus"])
    }

    func testFacetsCountEachKindAndKindsFilterTheView() {
        let original = F.post("50", by: ann, minutesAgo: 60)
        let entries = [
            F.post("99", by: ann, minutesAgo: 1, pictures: 2),                           // original, pictures
            F.post("98", by: bo, minutesAgo: 2, inReplyTo: "1"),                         // reply
            F.post("97", by: cy, minutesAgo: 3, tags: ["Birds"]),                        // original, followed hashtag
            F.boost(original, id: "96", by: di), F.boost(original, id: "95", by: ed),    // one boost row
            F.post("94", by: fay, minutesAgo: 4, tags: ["cats"], inReplyTo: "2", pictures: 1),  // reply, pictures, not followed
        ]
        var quoting = F.post("93", by: gus, minutesAgo: 5)
        quoting.quote = Quote(state: .accepted, post: nil)
        let pool = CatchUpPool(entries: entries + [quoting], usual: AuthorUsual(entries),
                               sieve: CatchUpSieve(hidden: [], filters: nil, now: F.now), followedTags: ["#birds"])
        XCTAssertEqual(pool.facets[.originals], 2)
        XCTAssertEqual(pool.facets[.replies], 2)
        XCTAssertEqual(pool.facets[.quotes], 1)
        XCTAssertEqual(pool.facets[.boosts], 1)
        XCTAssertEqual(pool.facets[.pictures], 2)
        XCTAssertEqual(pool.facets[.hashtags], 1)
        XCTAssertEqual(pool.facets.words, "originals 2 · replies 2 · quotes 1 · boosts 1 · pictures 2 · followed hashtags 1")
        XCTAssertEqual(pool.view(order: NewestOrder(), kinds: [.pictures]).items.map(\.id), ["99", "94"])
        XCTAssertEqual(Set(pool.view(order: NewestOrder(), kinds: [.boosts, .hashtags]).items.map(\.id)), ["50", "97"])
        XCTAssertEqual(pool.view(order: NewestOrder(), author: "bo").items.map(\.id), ["98"])
        XCTAssertEqual(pool.view(order: NewestOrder()).items.count, 6)
        XCTAssertEqual(pool.newestID, "99")
    }
}
