import Foundation
import TernModel
import TernStore

/// A search's list: the cached posts that match, read from the store (the account's and the web feeds'),
/// at once; then what the account's server finds (people, hashtags, posts the cache lacks), as it arrives.
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
            cachedMatches = cachedCount(found)
            say(cachedMatches.text, error: false)
            askServer(query)
        } catch {
            say("Search failed: \(error)", error: true)
        }
        emit()
    }

    /// The cached posts that match, and those of them the user's filters or mutes hide, in words.
    private func cachedCount(_ found: [Post]) -> (shown: Int, text: String) {
        guard case .search(let query) = timeline else { return (0, "") }
        let shown = found.filter { !actions.hides($0, showing: timeline.accountID) }.count, hidden = found.count - shown
        let count = "\(shown) cached post\(shown == 1 ? "" : "s") match\(shown == 1 ? "es" : "")"
        return (shown, found.isEmpty ? "No cached posts match “\(query)”"
                : count + (hidden > 0 ? " (\(hidden) more hidden by your filters or mutes)" : ""))
    }

    /// Asks the server too, unless there is none to ask (a list of web feeds only) or Tern is offline.
    private func askServer(_ query: String) {
        serverSearch?.cancel()
        guard webFeeds?.data.account != data.account else { finds = nil; return }
        guard !offline, !forcedOffline else { finds = ServerFinds(progress: .offline); return }
        finds = ServerFinds(progress: .searching(host: client.baseURL.host ?? "the server"))
        let client = self.client
        serverSearch = Task {
            do {
                let results = try await client.search(query)
                guard !Task.isCancelled else { return }
                self.serverFound(results)
            } catch {
                guard !Task.isCancelled else { return }
                self.logger.warning("search on the server failed: \(error)")
                self.finds = ServerFinds(progress: .failed(ServerFinds.failure(error)))
                self.emit()
            }
        }
    }

    /// The server's answer: people and hashtags above, its posts the cache lacks below the cached ones.
    private func serverFound(_ results: SearchResults) {
        var finds = ServerFinds(progress: .done)
        finds.accounts = results.accounts
        finds.hashtags = results.hashtags
        let known = Set(window.posts.map(\.statusID))
        let fresh = results.posts.filter { !known.contains($0.statusID) }
        let seq = (window.entries.last?.seq ?? -1) + 1
        window.entries += fresh.enumerated().map { .post($1, seq: seq + Int64($0)) }
        finds.firstServerPost = fresh.first?.id
        self.finds = finds
        for reason in results.unreadable { logger.warning("search: the server sent something unreadable: \(reason)") }
        let parts = [(results.accounts.count, "person", "people"), (results.hashtags.count, "hashtag", "hashtags"),
                     (fresh.count, "post not cached", "posts not cached")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.0 == 1 ? $0.1 : $0.2)" }
        var text = cachedMatches.text + "; the server found " + (parts.isEmpty ? "nothing more" : parts.joined(separator: ", "))
        if !results.unreadable.isEmpty {
            text += " (\(results.unreadable.count) entr\(results.unreadable.count == 1 ? "y" : "ies") it sent could not be read)"
        }
        say(text, error: false)
        emit()
    }
}
