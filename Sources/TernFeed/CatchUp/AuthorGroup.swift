import Foundation
import TernModel

/// One author's posts in a catch-up, as one row ("Ann Lee · 7 posts · ☆ 52") that unfolds.
package struct AuthorGroup: Sendable, Hashable, Identifiable {
    package var author: Account
    /// Their posts, in the catch-up's order.
    package var items: [CatchUpItem]

    /// The author's id (with the account's name before it across accounts: `CatchUpItem.authorKey`).
    package var id: String { items.first?.authorKey ?? author.id }
    /// Likes over all of their posts in the window.
    package var likes: Int { items.reduce(0) { $0 + $1.post.favouritesCount } }

    /// "Ann Lee · 7 posts · ☆ 52".
    package var words: String {
        "\(author.shownName) · \(items.count) post\(items.count == 1 ? "" : "s") · ☆ \(likes)"
    }

    /// `items` (already in their order) by author: the groups in the order of each author's first item, so
    /// the group of the post that ranks first comes first.
    package static func grouping(_ items: [CatchUpItem]) -> [AuthorGroup] {
        var groups: [AuthorGroup] = []
        var at: [String: Int] = [:]
        for item in items {
            if let i = at[item.authorKey] {
                groups[i].items.append(item)
            } else {
                at[item.authorKey] = groups.count
                groups.append(AuthorGroup(author: item.author, items: [item]))
            }
        }
        return groups
    }

    /// The `count` authors with the most posts in `items` (in the order shown), most first (ties: the first
    /// met, so the order's). Posts are counted by author first, so only the chosen authors' groups are made.
    package static func mostActive(_ items: [CatchUpItem], count: Int = 5) -> [AuthorGroup] {
        var tally: [String: (posts: Int, first: Int)] = [:]
        for (i, item) in items.enumerated() {
            tally[item.authorKey, default: (0, i)].posts += 1
        }
        let chosen = tally.sorted { a, b in a.value.posts != b.value.posts ? a.value.posts > b.value.posts : a.value.first < b.value.first }
            .prefix(count).map(\.key)
        let wanted = Set(chosen)
        let groups = grouping(items.filter { wanted.contains($0.authorKey) })
        return chosen.compactMap { id in groups.first { $0.id == id } }
    }
}
