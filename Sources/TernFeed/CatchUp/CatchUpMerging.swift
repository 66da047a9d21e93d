import Foundation
import TernModel

/// Catch-up across accounts (`C` from the inbox): each account's window read and sifted on its own (what an
/// author usually gets is measured where the account follows them, and each account's read mark is its
/// own), then made one pool whose items name their account (`CatchUpItem.account`), so every view of one
/// account's catch-up (the orders, kinds, authors, shared links) is a view across accounts too.
extension CatchUpLoad {
    /// The accounts' loads as one, in the order given: the same status id on two servers stays two items,
    /// as does the same author followed from two accounts; the facets and what was left out are summed;
    /// each account's notes are named by it.
    package static func merging(_ loads: [(account: String, load: CatchUpLoad)], window: CatchUpWindow) -> CatchUpLoad {
        let spans = loads.compactMap(\.load.span)
        var merged = CatchUpLoad(window: window, pool: CatchUpPool(merging: loads.map { ($0.account, $0.load.pool) }),
                                 cut: loads.contains { $0.load.cut },
                                 notes: loads.flatMap { account, load in load.notes.map { "\(account): \($0)" } },
                                 span: spans.isEmpty ? nil : spans.map(\.lowerBound).min()!...spans.map(\.upperBound).max()!,
                                 tagsKnown: loads.allSatisfy(\.load.tagsKnown))
        merged.accounts = loads.map(\.account)
        merged.unfetched = loads.contains { $0.load.unfetched }
        return merged
    }
}

extension CatchUpPool {
    init(merging pools: [(account: String, pool: CatchUpPool)]) {
        var items: [CatchUpItem] = [], facets = CatchUpFacets([]), leftOut = LeftOut()
        var newest: [String: String] = [:]
        for (account, pool) in pools {
            for var item in pool.items {
                item.account = account
                items.append(item)
            }
            facets.counts.merge(pool.facets.counts, uniquingKeysWith: +)
            leftOut.counts.merge(pool.leftOut.counts, uniquingKeysWith: +)
            newest[account] = pool.newestID
        }
        self.init(items: items, facets: facets, leftOut: leftOut,
                  usual: AuthorUsual(merging: pools.map { ($0.account, $0.pool.usual) }), newestID: nil)
        newestByAccount = newest
    }
}

extension AuthorUsual {
    /// Each account's authors' usual attention, told apart by account (`CatchUpItem.authorKey`).
    init(merging usuals: [(account: String, usual: AuthorUsual)]) {
        var medians: [String: Double] = [:]
        for (account, usual) in usuals {
            for (author, median) in usual.medians { medians[CatchUpItem.key(account, author)] = median }
        }
        self.init(medians: medians)
    }
}
