import TernMastodon
import TernModel

/// A change to the user's lists, filters, requests or scheduled posts, said made: the words the status
/// line shows when the change queue reports it, or (offline) when it is queued.
enum ChangeWords {
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
        case .changeFilter(let f, .action(let a)): return "“\(f.name)” \(FilterMenus.doing(a))."
        case .changeFilter(let f, .contexts(let c)): return "“\(f.name)” applies \(FilterMenus.places(c))."
        case .changeFilter(let f, .expiresIn(let s)): return s > 0 ? "“\(f.name)” ends \(FilterMenus.ending(s))." : "“\(f.name)” never ends."
        case .createFilter(let word): return "Made the filter “\(word)”: posts with the word are behind a warning everywhere."
        case .deleteFilter(let f): return "Deleted the filter “\(f.name)”."
        case .answerFollowRequest(let a, let accept): return accept ? "@\(a.name) follows you now." : "Rejected @\(a.name)'s request."
        case .answerNotificationRequest(_, let from, let accept):
            return accept ? "Accepted @\(from.name): their notifications come through." : "Dismissed @\(from.name)'s notifications."
        case .reschedule(_, let at): return "Moved to \(ScheduleTime.written(at))."
        case .cancelScheduled: return "Cancelled: it won't be published."
        }
    }
}
