import TernModel

extension FeedLayer {
    /// What `U` says when it finds nothing below. Only a web feed's items are read or not: on any other list
    /// "no unread items below" was true of the list and false of what the user meant (Feeds had 120), so it
    /// says where unread items are kept and, once known, how many there are.
    static func noUnreadBelow(in opening: FeedOpening, _ env: LayerEnv) -> String {
        if case .timeline(let t) = opening, t.isWebFeeds { return "No unread items below" }
        let unread = env.webFeedLists?.first { $0.timeline == .allWebFeeds }?.unread
        let count = unread.map { $0 == 0 ? " (none unread)" : " (\($0) unread)" } ?? ""
        return "U goes to unread web-feed items; this list has none. t opens Feeds\(count)"
    }
}
