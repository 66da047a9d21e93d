import TernStore

/// A web feeds' timeline: read from the store as any timeline, refreshed by fetching the feeds (not a
/// server's pages), what they brought read back from the store above the newest shown, as arrivals.
extension TimelineEngine {
    func refreshWebFeeds() {
        guard !loadingNewer, let webFeeds else {
            if webFeeds == nil { say("No web feeds here", error: false); emit() }
            return
        }
        guard !refusedOffline() else { return }
        loadingNewer = true
        emit()
        Task {
            let outcome = await webFeeds.refresh()
            self.webFeedsRefreshed(outcome)
        }
    }

    private func webFeedsRefreshed(_ outcome: String) {
        loadingNewer = false
        do {
            if window.hasNewer {
                // The window is further down: the new items are counted above it, and read when scrolled to.
                window.rowsAbove = nil
            } else if let seq = window.entries.first?.seq {
                let (fresh, _) = try store.entries(newerThan: seq, limit: 1000)
                _ = arrived(fresh)
            } else {
                window = TimelineWindow(try store.run(around: nil, before: 0, after: 80))
            }
            say(outcome, error: false)
        } catch {
            say("Couldn't read the cache: \(error)", error: true)
        }
        emit()
    }
}
