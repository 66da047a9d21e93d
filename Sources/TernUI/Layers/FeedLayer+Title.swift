import TernModel

/// What a list's title bar calls it.
extension FeedLayer {
    /// A list's title as the server last listed it: a rename made anywhere shows here in the next frame.
    func title(lists: [TimelineID]?) -> String {
        switch opening {
        case .timeline(let t):
            guard case .list(let id, _) = t else { return t.description }
            return (lists?.first { if case .list(id, _) = $0 { true } else { false } } ?? t).description
        case .thread(_, let seed): return "Thread" + (seed.map { " · " + $0.account.shownName } ?? "")
        case .notifications: return filter == .mentionsOnly ? "Notifications (mentions)" : "Notifications"
        case .inbox: return "Inbox"
        case .profile(let a):
            let suffix = filter == .withoutBoosts ? " (no boosts)" : filter == .mediaOnly ? " (pictures)" : ""
            return "@" + a.acct + suffix
        }
    }
}
