import Foundation
import TernModel

/// Catch-up across accounts (`C` from the inbox): each account's window read and sifted on its own (what an
/// author usually gets is measured where the account follows them, and each account's read mark is its
/// own), then merged into one list by the order's score, each row naming its account.
package struct CatchUpAcross: Sendable {
    /// One row: a post of one account's window.
    package struct Row: Sendable, Identifiable {
        package var account: String
        package var item: CatchUpItem
        /// Unique across accounts: two servers may give two statuses the same id.
        package var id: String { account + "\u{1F}" + item.id }
    }

    /// Each account's window, in the order the accounts are listed.
    package var loads: [(account: String, load: CatchUpLoad)]

    package init(_ loads: [(account: String, load: CatchUpLoad)]) {
        self.loads = loads
    }

    /// The rows of every account's view, merged: by the order's score (each account's items scored with its
    /// own usual attention), equal scores newest first, as one account's view is.
    package func view(order: any CatchUpOrdering, kinds: Set<CatchUpKind> = []) -> [Row] {
        loads.flatMap { account, load in
            load.pool.view(order: order, kinds: kinds).items
                .map { (row: Row(account: account, item: $0), score: order.score($0, usual: load.pool.usual)) }
        }
        .sorted { a, b in
            if a.score != b.score { return a.score > b.score }
            return a.row.item.post.createdAt > b.row.item.post.createdAt
        }
        .map(\.row)
    }

    /// The kinds counted over every account's window.
    package var facets: CatchUpFacets {
        var sum = CatchUpFacets([])
        for (_, load) in loads { sum.counts.merge(load.pool.facets.counts, uniquingKeysWith: +) }
        return sum
    }

    /// Done reading: each account's read mark goes to the newest post of its own window (none for an
    /// account whose window is empty).
    package var newestIDs: [(account: String, newestID: String)] {
        loads.compactMap { account, load in load.pool.newestID.map { (account, $0) } }
    }

    /// What each account's window could not know, named by account.
    package var notes: [String] {
        loads.flatMap { account, load in load.notes.map { "\(account): \($0)" } }
    }
}
