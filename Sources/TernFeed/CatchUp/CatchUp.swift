import Foundation
import TernModel

/// A catch-up's posts, gathered (one row per status), sifted (mutes, blocks, filters) and sorted into kinds
/// once; each view of them (an order, kinds, one author) is then only a sort and a filter, so switching
/// order or facet does not read the store again.
package struct CatchUpPool: Sendable {
    /// Each with its kinds (`CatchUpItem.kinds`).
    package var items: [CatchUpItem]
    package var facets: CatchUpFacets
    package var leftOut: LeftOut
    package var usual: AuthorUsual
    /// The newest entry of the window (what "done reading" moves the read mark to); nil across accounts,
    /// where each account has its own (`newestByAccount`).
    package var newestID: String?
    /// Across accounts (`CatchUpPool(merging:)`): each account's newest entry, for its own read mark.
    package var newestByAccount: [String: String] = [:]

    init(items: [CatchUpItem], facets: CatchUpFacets, leftOut: LeftOut, usual: AuthorUsual, newestID: String?) {
        (self.items, self.facets, self.leftOut, self.usual, self.newestID) = (items, facets, leftOut, usual, newestID)
    }

    /// `entries`: the window's entries, newest first; `usual`: made from those and older posts held.
    package init(entries: [Post], usual: AuthorUsual, sieve: CatchUpSieve, followedTags: Set<String>) {
        // Entries are read where they lie: a post is copied once, into its item (`CatchUpItem.gather`).
        var kept: [(index: Int, filters: [PostFilter]?)] = []
        kept.reserveCapacity(entries.count)
        var leftOut = LeftOut()
        for e in entries.indices {
            switch sieve.verdict(entries[e]) {
            case .shown(let filters): kept.append((e, filters))
            case .leftOut(let reason): leftOut.counts[reason, default: 0] += 1
            case .yours: break
            }
        }
        var items = CatchUpItem.gather(entries, keeping: kept)
        let tags = Set(followedTags.map(CatchUpKind.tagKey))
        for i in items.indices { items[i].kinds = CatchUpKind.of(items[i], followedTags: tags) }
        self.items = items
        facets = CatchUpFacets(items.map(\.kinds))
        self.leftOut = leftOut
        self.usual = usual
        newestID = entries.first?.id
    }

    /// The items to show: of any of `kinds` (all when empty), by `author` (an `authorKey`; all when nil), in `order`.
    package func view(order: any CatchUpOrdering, kinds wanted: Set<CatchUpKind> = [], author: String? = nil) -> CatchUpView {
        let mask = CatchUpKinds(wanted)
        let chosen = wanted.isEmpty && author == nil ? items : items.filter { item in
            (wanted.isEmpty || !item.kinds.isDisjoint(with: mask)) && (author.map { item.authorKey == $0 } ?? true)
        }
        let sorted = order.sorted(chosen, usual: usual)
        // Authors with as many posts as each other come in the order shown: a new user read the five
        // one-post authors of a window in the gather's order, "neither by likes nor by name".
        return CatchUpView(items: sorted, links: SharedLink.among(chosen), activeAuthors: AuthorGroup.mostActive(sorted))
    }
}

/// One view of a catch-up: its posts in order, the links several people shared, the most active authors.
package struct CatchUpView: Sendable {
    package var items: [CatchUpItem]
    package var links: [SharedLink]
    package var activeAuthors: [AuthorGroup]

    /// The posts by author, in the order of each author's first post.
    package var groups: [AuthorGroup] { AuthorGroup.grouping(items) }
}
