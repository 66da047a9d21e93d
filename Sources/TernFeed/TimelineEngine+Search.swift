import TernStore

/// A search's list: the cached posts that match, read from the store (the account's and the web feeds'),
/// never from a server.
extension TimelineEngine {
    func showSearch() {
        guard case .search(let query) = timeline else { return }
        do {
            // The web feeds' items are found beside the account's posts, newest first.
            var found = try data.search(query)
            if let feeds = webFeeds?.data, feeds.account != data.account {
                found = (found + (try feeds.search(query))).sorted { $0.createdAt > $1.createdAt }
            }
            cursors.reachedEnd = true
            window = TimelineWindow()
            window.entries = found.enumerated().map { .post($1, seq: Int64($0)) }
            // The window holds every result (the store has none of this list's rows beyond it), and the count
            // is of what the list shows: filters and mutes hide some ("4 match" over an empty list).
            window.rowsAbove = 0
            window.rowsBelow = 0
            let shown = found.filter { !actions.hides($0, showing: timeline.accountID) }.count, hidden = found.count - shown
            let count = "\(shown) cached post\(shown == 1 ? "" : "s") match\(shown == 1 ? "es" : "")"
            say(found.isEmpty ? "No cached posts match “\(query)”"
                : count + (hidden > 0 ? " (\(hidden) more hidden by your filters or mutes)" : ""), error: false)
        } catch {
            say("Search failed: \(error)", error: true)
        }
        emit()
    }
}
