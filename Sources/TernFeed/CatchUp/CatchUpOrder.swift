import Foundation
import TernModel

/// One way to order a catch-up's posts. Each is a strategy of its own, chosen at run time.
package protocol CatchUpOrdering: Sendable {
    /// How the order is named on screen and as `--order` takes it.
    var name: String { get }
    /// A post's score: higher comes first; equal scores go newest first.
    func score(_ item: CatchUpItem, usual: AuthorUsual) -> Double
}

extension CatchUpOrdering {
    /// `items` in this order. Scores are worked out once per item, not once per comparison, and the sort
    /// moves small keys rather than the items themselves (a post is a large value: sorting 5,000 of them
    /// directly took most of the ranking's time).
    package func sorted(_ items: [CatchUpItem], usual: AuthorUsual) -> [CatchUpItem] {
        let keys = items.indices.map { i in
            (score: score(items[i], usual: usual), time: items[i].post.createdAt.timeIntervalSinceReferenceDate, index: i)
        }
        return keys.sorted { a, b in
            if a.score != b.score { return a.score > b.score }
            if a.time != b.time { return a.time > b.time }
            return ServerID.isNewer(items[a.index].post.id, than: items[b.index].post.id)
        }
        .map { items[$0.index] }
    }
}

/// Newest first, as the timeline.
package struct NewestOrder: CatchUpOrdering {
    package let name = "newest"
    package init() {}
    package func score(_ item: CatchUpItem, usual: AuthorUsual) -> Double { item.post.createdAt.timeIntervalSince1970 }
}

/// Most liked first.
package struct MostLikedOrder: CatchUpOrdering {
    package let name = "liked"
    package init() {}
    package func score(_ item: CatchUpItem, usual: AuthorUsual) -> Double { Double(item.post.favouritesCount) }
}

/// Most boosted first.
package struct MostBoostedOrder: CatchUpOrdering {
    package let name = "boosted"
    package init() {}
    package func score(_ item: CatchUpItem, usual: AuthorUsual) -> Double { Double(item.post.boostsCount) }
}

/// Most replied to first.
package struct MostRepliedOrder: CatchUpOrdering {
    package let name = "replied"
    package init() {}
    package func score(_ item: CatchUpItem, usual: AuthorUsual) -> Double { Double(item.post.repliesCount) }
}

/// Attention relative to the author's usual: likes and boosts over the author's median (at least 1, so an
/// author who usually gets nothing is not infinitely loud). 20 from someone who usually gets 2 (10×) comes
/// before 40 from someone who usually gets 400 (0.1×), so a few loud accounts do not fill the list.
package struct StandOutOrder: CatchUpOrdering {
    package let name = "stand-outs"
    package init() {}
    package func score(_ item: CatchUpItem, usual: AuthorUsual) -> Double {
        Double(item.attention) / max(usual.median(of: item.authorKey), 1)
    }
}

/// The orders a key steps through, and `--order`'s choices.
package enum CatchUpOrders {
    package static let all: [any CatchUpOrdering] = [NewestOrder(), StandOutOrder(), MostLikedOrder(), MostBoostedOrder(), MostRepliedOrder()]

    /// The order named `name`; nil for none.
    package static func named(_ name: String) -> (any CatchUpOrdering)? {
        all.first { $0.name == name.lowercased() }
    }

    /// The order after `current`, round.
    package static func after(_ current: any CatchUpOrdering) -> any CatchUpOrdering {
        let i = all.firstIndex { $0.name == current.name } ?? 0
        return all[(i + 1) % all.count]
    }
}
