import Foundation
import TernModel

/// One status of a catch-up: every entry of the window that shows it (the author's post, the boosts of it)
/// as one row, so a post five people boosted is one row "boosted by Bo, Cy and 3 others".
package struct CatchUpItem: Sendable, Hashable, Identifiable {
    /// The newest entry showing the status: what the row opens and acts on. Held in a box shared by the
    /// item's copies, so sorting, filtering and grouping 5,000 items moves a reference each rather than a
    /// whole post (a post's copy was most of what ranking a catch-up cost), and copied on a change.
    package var post: Post {
        _read { yield box.post }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = PostBox(box.post) }
            yield &box.post
        }
    }
    private var box: PostBox
    /// Who boosted it in the window, newest first, each once.
    package var boosters: [Account]
    /// The author's own post is in the window too, not only boosts of it.
    package var posted: Bool
    /// The account whose window it is, in a catch-up across accounts (`CatchUpPool.merging`); nil in one
    /// account's. Ids of statuses and authors are each server's own, so across accounts they are told apart
    /// by it (`id`, `authorKey`).
    package var account: String?
    /// What kinds of post it is, for the facets (`CatchUpKind.of`, set by the pool).
    package var kinds: CatchUpKinds = []

    package init(post: Post, boosters: [Account], posted: Bool) {
        box = PostBox(post)
        self.boosters = boosters
        self.posted = posted
    }

    package static func == (a: CatchUpItem, b: CatchUpItem) -> Bool {
        (a.box === b.box || a.post == b.post) && a.boosters == b.boosters && a.posted == b.posted && a.account == b.account
            && a.kinds == b.kinds
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(post)
        hasher.combine(boosters)
        hasher.combine(posted)
        hasher.combine(account)
    }

    /// The status's id, with its account's name before it across accounts.
    package var id: String { account.map { Self.key($0, post.statusID) } ?? post.statusID }
    /// Who wrote it, as the author's groups and usual attention tell authors apart.
    package var authorKey: String { account.map { Self.key($0, post.account.id) } ?? post.account.id }

    package static func key(_ account: String, _ id: String) -> String { account + "\u{1F}" + id }

    package var author: Account { post.account }
    /// When it came into the window: the post's time, or where only boosts of it came, the newest boost's (the
    /// entry the item holds), where the store kept it.
    package var shownAt: Date { posted ? post.createdAt : post.boostedAt ?? post.createdAt }
    /// Likes and boosts: the attention the post drew.
    package var attention: Int { post.favouritesCount + post.boostsCount }

    /// "boosted by Bo, Cy and 3 others"; nil when nobody boosted it.
    package var boostedByWords: String? {
        guard !boosters.isEmpty else { return nil }
        let names = boosters.map(\.shownName)
        switch names.count {
        case 1: return "boosted by \(names[0])"
        case 2: return "boosted by \(names[0]) and \(names[1])"
        default:
            let others = names.count - 2
            return "boosted by \(names[0]), \(names[1]) and \(others) other\(others == 1 ? "" : "s")"
        }
    }

    /// The entries (newest first) gathered by status, in the order each status was first met.
    package static func gather(_ entries: [Post]) -> [CatchUpItem] {
        gather(entries, keeping: entries.indices.map { (index: $0, filters: entries[$0].filters) })
    }

    /// The entries at `kept` (in order) gathered by status, each with the filters that catch it. An entry is
    /// read where it lies and copied once, into its item, when it is the first of its status.
    static func gather(_ entries: [Post], keeping kept: [(index: Int, filters: [PostFilter]?)]) -> [CatchUpItem] {
        var items: [CatchUpItem] = []
        items.reserveCapacity(kept.count)
        var at: [String: Int] = [:]
        for (e, filters) in kept {
            let status = entries[e].statusID
            if let i = at[status] {
                if let booster = entries[e].boostedBy {
                    if !items[i].boosters.contains(where: { $0.id == booster.id }) { items[i].boosters.append(booster) }
                } else {
                    items[i].posted = true
                }
                // The newest counts are the fairest: a later entry may carry an older copy.
                if entries[e].favouritesCount + entries[e].boostsCount + entries[e].repliesCount
                    > items[i].post.favouritesCount + items[i].post.boostsCount + items[i].post.repliesCount {
                    items[i].post.takeMarksAndCounts(from: entries[e])
                }
                continue
            }
            at[status] = items.count
            let boostedBy = entries[e].boostedBy
            var item = CatchUpItem(post: entries[e], boosters: boostedBy.map { [$0] } ?? [], posted: boostedBy == nil)
            if item.post.filters != filters { item.post.filters = filters }
            items.append(item)
        }
        return items
    }
}

/// A post held once for all the copies of an item (`CatchUpItem.post`).
private final class PostBox: @unchecked Sendable {
    // Changed only through `CatchUpItem.post`'s `_modify`, when this box is the item's alone.
    var post: Post

    init(_ post: Post) { self.post = post }
}
