import Foundation
import TernModel

/// One status of a catch-up: every entry of the window that shows it (the author's post, the boosts of it)
/// as one row, so a post five people boosted is one row "boosted by Bo, Cy and 3 others".
package struct CatchUpItem: Sendable, Hashable, Identifiable {
    /// The newest entry showing the status: what the row opens and acts on.
    package var post: Post
    /// Who boosted it in the window, newest first, each once.
    package var boosters: [Account]
    /// The author's own post is in the window too, not only boosts of it.
    package var posted: Bool

    package var id: String { post.statusID }
    package var author: Account { post.account }
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
        var items: [CatchUpItem] = []
        var at: [String: Int] = [:]
        for post in entries {
            if let i = at[post.statusID] {
                if let booster = post.boostedBy {
                    if !items[i].boosters.contains(where: { $0.id == booster.id }) { items[i].boosters.append(booster) }
                } else {
                    items[i].posted = true
                }
                // The newest counts are the fairest: a later entry may carry an older copy.
                if post.favouritesCount + post.boostsCount + post.repliesCount
                    > items[i].post.favouritesCount + items[i].post.boostsCount + items[i].post.repliesCount {
                    items[i].post.takeMarksAndCounts(from: post)
                }
                continue
            }
            at[post.statusID] = items.count
            items.append(CatchUpItem(post: post, boosters: post.boostedBy.map { [$0] } ?? [], posted: post.boostedBy == nil))
        }
        return items
    }
}
