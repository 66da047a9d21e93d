import Foundation
import TernFeed
import TernMastodon
import TernModel

/// Changes to the user's lists, filters, requests and scheduled posts go through the account's change
/// queue (journaled, sent by the delivery loop, made once); what it hears comes back here: the change
/// said done, and the screen it was asked from offered again with the change in it when it was made at once.
extension AppRunner {
    func submit(_ change: ServerChange) {
        guard let changes = writing?.changes else { return show("Changes can't be sent from here.", error: true) }
        if sources.offline { show("\(Self.done(change)) The server is told when Tern is online.", error: false) }
        Task.detached { await changes.submit(change) }
    }

    func hear(_ event: ChangeQueue.Event) {
        dirty = true
        switch event {
        case .made(let change, let atOnce):
            show(Self.done(change), error: false)
            if change.onLists { perform([.fetchLists]) }
            guard atOnce else { return }
            switch change {
            case .changeFilter, .createFilter, .deleteFilter:
                // The filters listed again, so the next change starts from what the server has.
                askServer(failed: "Couldn't list your filters", { try await $0.filters() }, answer: { [.layer(.filters($0))] })
            case .reschedule, .cancelScheduled:
                askServer(failed: "Couldn't list your scheduled posts", { try await $0.scheduledPosts() },
                          answer: { left in left.isEmpty ? [] : [.layer(.scheduledPosts(left))] })
            default: break
            }
        case .refused(_, let why):
            show(why, error: true)
        case .waiting(let count):
            show(count == 1 ? "A change waits for the server: it is made when the server answers."
                            : "\(count) changes wait for the server: they are made when it answers.", error: false)
        }
    }

    /// A change made, in words.
    static func done(_ change: ServerChange) -> String {
        switch change {
        case .listMember(let list, let account, let member):
            return member ? "@\(account.name) is in “\(list.name)”." : "@\(account.name) is out of “\(list.name)”."
        case .changeList(let list, .title(let title)): return "“\(list.name)” is now “\(title)”."
        case .changeList(let list, .repliesPolicy(let policy)): return "“\(list.name)” shows \(policy.words)."
        case .changeList(let list, .exclusive(let on)):
            return on ? "Posts in “\(list.name)” leave your home timeline." : "Posts in “\(list.name)” are in your home timeline too."
        case .deleteList(let list): return "Deleted the list “\(list.name)”."
        case .createList(let title, let member): return "Made the list “\(title)”" + (member.map { " with @\($0.name) in it." } ?? ".")
        case .changeFilter(let f, .title(let t)): return "The filter “\(f.name)” is now “\(t)”."
        case .changeFilter(let f, .addWord(let w)): return "“\(f.name)” catches “\(w)” too."
        case .changeFilter(let f, .removeWord(let w)): return "“\(f.name)” no longer catches “\(w.word)”."
        case .changeFilter(let f, .action(let a)): return "“\(f.name)” \(doing(a))."
        case .changeFilter(let f, .contexts(let c)): return "“\(f.name)” applies \(places(c))."
        case .changeFilter(let f, .expiresIn(let s)): return s > 0 ? "“\(f.name)” ends \(ending(s))." : "“\(f.name)” never ends."
        case .createFilter(let word): return "Made the filter “\(word)”: posts with the word are behind a warning everywhere."
        case .deleteFilter(let f): return "Deleted the filter “\(f.name)”."
        case .answerFollowRequest(let a, let accept): return accept ? "@\(a.name) follows you now." : "Rejected @\(a.name)'s request."
        case .answerNotificationRequest(_, let from, let accept):
            return accept ? "Accepted @\(from.name): their notifications come through." : "Dismissed @\(from.name)'s notifications."
        case .reschedule(_, let at): return "Moved to \(when(at))."
        case .cancelScheduled: return "Cancelled: it won't be published."
        }
    }
}

extension ListInfo {
    var named: ServerChange.Named { .init(id: id, name: title) }
}

extension FilterInfo {
    var named: ServerChange.Named { .init(id: id, name: title) }
}

extension Account {
    var named: ServerChange.Named { .init(id: id, name: acct) }
}
