import Foundation
import TernFeed
import TernModel
import TernStore
import XCTest

/// The links several people shared (one link whatever tracking was added), and what a catch-up leaves out.
final class CatchUpLinksAndSieveTests: XCTestCase {
    typealias F = CatchUpFixtures
    let ann = F.person("ann", "Ann Lee"), bo = F.person("bo", "Bo"), cy = F.person("cy", "Cy"), di = F.person("di", "Di")

    func testTrackingParametersAndFragmentsDoNotMakeAnotherLink() {
        XCTAssertEqual(LinkAddress.canonical("https://News.Example.org/a/story/?utm_source=masto&utm_medium=social&id=4#top"),
                       "https://news.example.org/a/story?id=4")
        XCTAssertEqual(LinkAddress.canonical("http://news.example.org/a/story?fbclid=IwAR0x&gclid=1"), "https://news.example.org/a/story")
        XCTAssertEqual(LinkAddress.canonical("https://news.example.org:443/a/story"), "https://news.example.org/a/story")
        XCTAssertEqual(LinkAddress.canonical("https://example.org/?q=1&si=abc"), "https://example.org/?q=1")
        // A blog's referrer (Ghost adds `?ref=` to its outgoing links) is tracking too.
        XCTAssertEqual(LinkAddress.canonical("https://blog.example.org/a-post/?ref=news.example.org"), "https://blog.example.org/a-post")
        XCTAssertNil(LinkAddress.canonical("mailto:ann@example.org"))
        XCTAssertNil(LinkAddress.canonical("not a link"))
    }

    func testALinkTwoOrMorePeopleSharedIsListedWithItsCardAndSharers() {
        let story = "https://news.example.org/story"
        let carded = F.post("60", by: di, minutesAgo: 30, card: story + "?utm_source=rss")
        let entries = [
            F.post("99", by: ann, minutesAgo: 1, links: [story + "?utm_campaign=x&fbclid=1"]),
            F.post("98", by: bo, minutesAgo: 2, links: [story + "#comments", "https://alone.example.org/"]),
            F.boost(carded, id: "97", by: cy),
            F.post("96", by: ann, minutesAgo: 3, links: [story]),          // Ann again: still two people, not three
            F.post("95", by: bo, minutesAgo: 4, links: ["https://pair.example.org/x"]),
            F.post("94", by: bo, minutesAgo: 5, links: ["https://pair.example.org/x"]),  // one person twice: not shared by several
        ]
        let links = SharedLink.among(CatchUpItem.gather(entries))
        XCTAssertEqual(links.map(\.url), ["https://news.example.org/story"])
        XCTAssertEqual(links[0].sharers.map(\.id), ["ann", "bo", "cy"], "the booster shares it; the boosted author's post is not in the window")
        XCTAssertEqual(links[0].statusIDs, ["99", "98", "60", "96"])
        XCTAssertEqual(links[0].card?.title, "A page")
    }

    func testMutedBlockedAndHiddenAreLeftOutAndCounted() {
        let original = F.post("50", by: cy, minutesAgo: 60)
        let entries = [F.post("99", by: ann, minutesAgo: 1), F.post("98", by: bo, minutesAgo: 2), F.boost(original, id: "97", by: bo),
                       F.boost(original, id: "96", by: di), F.post("95", by: di, minutesAgo: 3), F.post("94", by: ann, minutesAgo: 4)]
        let sieve = CatchUpSieve(hidden: [HiddenEntry(kind: .muted, target: "bo"), HiddenEntry(kind: .blocked, target: "cy"),
                                          HiddenEntry(kind: .status, target: "94"),
                                          HiddenEntry(kind: .muted, target: "di", until: F.now.addingTimeInterval(-1))],  // mute over
                                 filters: nil, now: F.now)
        let pool = CatchUpPool(entries: entries, usual: AuthorUsual(entries), sieve: sieve, followedTags: [])
        XCTAssertEqual(pool.items.map(\.id), ["99", "95"])
        XCTAssertEqual(pool.leftOut[.muted], 1)
        XCTAssertEqual(pool.leftOut[.blocked], 2, "Cy's post as Bo and Di boosted it")
        XCTAssertEqual(pool.leftOut[.hidden], 1)
        XCTAssertEqual(pool.leftOut.words, "left out: 1 muted · 2 blocked · 1 hidden")
    }

    /// The user's own posts (boosted by others too) and their boosts are not what they missed: gone, uncounted.
    func testTheUsersOwnPostsAndBoostsAreLeftOutUncounted() {
        let mine = F.post("50", by: ann, minutesAgo: 60)
        let entries = [F.post("99", by: bo, minutesAgo: 1), F.boost(mine, id: "98", by: bo), F.boost(F.post("40", by: cy, minutesAgo: 90), id: "97", by: ann),
                       F.post("96", by: ann, minutesAgo: 3)]
        let pool = CatchUpPool(entries: entries, usual: AuthorUsual(entries),
                               sieve: CatchUpSieve(hidden: [], filters: nil, now: F.now, ownAccountID: ann.id), followedTags: [])
        XCTAssertEqual(pool.items.map(\.id), ["99"])
        XCTAssertEqual(pool.leftOut.total, 0)
        XCTAssertNil(pool.leftOut.words)
        let unknown = CatchUpPool(entries: entries, usual: AuthorUsual(entries), sieve: CatchUpSieve(hidden: [], filters: nil, now: F.now), followedTags: [])
        XCTAssertEqual(unknown.items.count, 4, "while the user's account is not known, nothing is taken for theirs")
    }

    func testKeywordFiltersHideOrWarnAndTheServersVerdictStandsWhenTheyAreUnknown() {
        var serverHidden = F.post("97", by: bo, minutesAgo: 3, text: "nothing to see")
        serverHidden.filters = [PostFilter(title: "Old", action: .hide)]
        let entries = [F.post("99", by: ann, minutesAgo: 1, text: "Election night results"), F.post("98", by: bo, minutesAgo: 2, text: "SPOILERS ahead"),
                       serverHidden, F.post("96", by: cy, minutesAgo: 4, text: "birds")]
        let filters = [FilterInfo(id: "1", title: "Politics", words: [.init(id: "w", word: "election")], contexts: [.home], action: .hide),
                       FilterInfo(id: "2", title: "Spoilers", words: [.init(id: "s", word: "spoiler")], contexts: [.home], action: .warn),
                       FilterInfo(id: "3", title: "Birds elsewhere", words: [.init(id: "b", word: "birds")], contexts: [.public], action: .hide)]
        let known = CatchUpPool(entries: entries, usual: AuthorUsual(entries),
                                sieve: CatchUpSieve(hidden: [], filters: filters, now: F.now), followedTags: [])
        XCTAssertEqual(known.items.map(\.id), ["98", "97", "96"], "the listed filters replace what the server said when it sent 97")
        XCTAssertEqual(known.items[0].post.filterWarnings, ["Spoilers"])
        XCTAssertEqual(known.leftOut[.filtered], 1)
        let unknown = CatchUpPool(entries: entries, usual: AuthorUsual(entries),
                                  sieve: CatchUpSieve(hidden: [], filters: nil, now: F.now), followedTags: [])
        XCTAssertEqual(unknown.items.map(\.id), ["99", "98", "96"])
        XCTAssertEqual(unknown.leftOut.words, "left out: 1 filtered")
    }
}
