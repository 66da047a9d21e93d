import Foundation
import TernModel
import TernStore

/// What a catch-up leaves out, and why: the accounts the user muted or blocked, the boosts and posts they
/// hid, and what their keyword filters hide; a filter that warns keeps the post, folded under its title.
/// The user's own posts and boosts go too, uncounted: they are not something the user missed (a new user
/// saw their own post ranked, and "1 post" for it).
package struct CatchUpSieve: Sendable {
    /// Why an entry was left out.
    package enum Reason: String, Sendable, Hashable, CaseIterable {
        case muted, blocked, hidden, filtered
    }

    private var muted: Set<String> = []
    private var blocked: Set<String> = []
    private var boostsHidden: Set<String> = []
    private var statusesHidden: Set<String> = []
    private var filters: KeywordFilters?
    private var now: Date
    private var ownAccountID: String?

    /// `filters`: the user's keyword filters as the server lists them; nil where not known (offline, never
    /// listed), when what the server said of each post when it sent it stands.
    /// `ownAccountID`: the user's account, where known.
    package init(hidden: [HiddenEntry], filters: [FilterInfo]?, now: Date, ownAccountID: String? = nil) {
        for entry in hidden where entry.until.map({ $0 > now }) ?? true {
            switch entry.kind {
            case .muted: muted.insert(entry.target)
            case .blocked: blocked.insert(entry.target)
            case .boosts: boostsHidden.insert(entry.target)
            case .status: statusesHidden.insert(entry.target)
            }
        }
        self.filters = filters.map { KeywordFilters(filters: $0) }
        self.now = now
        self.ownAccountID = ownAccountID.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// What becomes of an entry, judged where it lies (no copy of the post): shown with the filters that catch
    /// it (the user's, where known, else what the server said of it; a warning keeps it, folded under the
    /// filter's title), left out and why, or the user's own (left out, and said nowhere).
    enum Verdict {
        case shown([PostFilter]?)
        case leftOut(Reason)
        case yours
    }

    func verdict(_ post: Post) -> Verdict {
        let author = post.account.id, booster = post.boostedBy?.id
        if let ownAccountID, author == ownAccountID || booster == ownAccountID { return .yours }
        if blocked.contains(author) || booster.map(blocked.contains) == true { return .leftOut(.blocked) }
        if muted.contains(author) || booster.map(muted.contains) == true { return .leftOut(.muted) }
        if statusesHidden.contains(post.statusID) { return .leftOut(.hidden) }
        if let booster, boostsHidden.contains(booster) { return .leftOut(.hidden) }
        let filters = self.filters.map { known -> [PostFilter]? in
            let verdicts = known.verdicts(for: post, in: .home, now: now)
            return verdicts.isEmpty ? nil : verdicts
        } ?? post.filters
        return filters?.contains { $0.action == .hide } == true ? .leftOut(.filtered) : .shown(filters)
    }
}

/// How many entries of the window were left out, by reason: said beside the catch-up, never dropped silently.
package struct LeftOut: Sendable, Hashable {
    package var counts: [CatchUpSieve.Reason: Int] = [:]

    package init() {}

    package subscript(reason: CatchUpSieve.Reason) -> Int { counts[reason] ?? 0 }

    package var total: Int { counts.values.reduce(0, +) }

    /// "left out: 3 muted · 1 filtered"; nil when nothing was.
    package var words: String? {
        let parts = CatchUpSieve.Reason.allCases.filter { self[$0] > 0 }.map { "\(self[$0]) \($0.rawValue)" }
        return parts.isEmpty ? nil : "left out: " + parts.joined(separator: " · ")
    }
}
