import Foundation
import TernModel
import TernStore

/// What the user's own actions change in what a list shows: likes, saves and boosts as wished (pending
/// or not), and what is hidden (muted or blocked accounts, an account's boosts, a post). The action
/// queue keeps one up to date; start-up's first frame makes one from the store (`Glance`) before the
/// queue exists, so both show the same posts the same way.
struct ActionOverlay {
    var book = ActionReconciler()
    /// A mute's length, by its wish.
    var details: [ActionReconciler.Key: String] = [:]
    var hidden: [HiddenEntry.Kind: [String: Date?]] = [:]
    /// The user's keyword filters, once listed (`ActionQueue.useFilters`): nil, the server's word on each post stands.
    var keywordFilters: KeywordFilters?

    init() {}

    init(pending: [PendingAction], hidden entries: [HiddenEntry]) {
        for a in pending {
            let key = ActionReconciler.Key(statusID: a.statusID, kind: a.kind)
            book.set(key, .init(confirmed: a.confirmed, wanted: a.wanted, assumed: a.assumed, seq: .journaled(a.seq)))
            details[key] = a.detail
        }
        for h in entries { hidden[h.kind, default: [:]][h.target] = h.until }
    }

    /// A post as the user wants to see it: marks as wished (`ActionReconciler.apply`), and a vote not yet
    /// counted shown as the user's choice, pending.
    func apply(to post: Post) -> Post {
        var p = book.apply(to: post)
        let key = ActionReconciler.Key(statusID: post.statusID, kind: .vote)
        if book.wanted(post.statusID, .vote) == true, let choice = PollChoice(detail: details[key]), p.poll != nil {
            p.poll?.ownVotes = choice.choices
            p.poll?.voted = true
            p.pending.insert(.vote)
        }
        // Reactions are keyed by status and emoji: the few wishes waiting are walked (`ReactionWish`).
        if p.reactions != nil || p.reactionAPI != nil {
            for (key, state) in book.states where key.kind == .react && key.statusID.hasPrefix(post.statusID + " ") {
                guard let wish = ReactionWish(target: key.statusID, detail: details[key]), wish.statusID == post.statusID else { continue }
                p = p.reacting(wish.emoji, url: wish.url, state.wanted, pending: !state.settled)
            }
        }
        return p
    }

    /// Whether `post` is left out of a list; `showing` is the account whose own profile is shown (its
    /// posts stay even when it is muted).
    func hides(_ post: Post, showing: String? = nil, now: Date = Date()) -> Bool {
        if post.filteredOut { return true }
        // The user's own post on its way out: gone from every list at once; a refusal brings it back.
        if book.wanted(post.statusID, .delete) == true { return true }
        func active(_ kind: HiddenEntry.Kind, _ target: String) -> Bool {
            guard let until = hidden[kind]?[target] else { return false }
            return until.map { $0 > now } ?? true
        }
        func silenced(_ id: String) -> Bool {
            (book.wanted(id, .mute) ?? active(.muted, id)) || (book.wanted(id, .block) ?? active(.blocked, id))
        }
        if post.account.id != showing, silenced(post.account.id) { return true }
        if active(.status, post.statusID) { return true }
        if let booster = post.boostedBy?.id { return silenced(booster) || active(.boosts, booster) }
        return false
    }
}
