import Foundation
import TernMastodon

/// Whether the server answers: said once when it stops, looked for with the one backoff until it does.
extension TimelineEngine {
    /// The server could not be reached: say so once, and look for it again, soon at first, then less often
    /// (the one backoff for an unreachable server: 5 s doubling to a minute).
    func wentOffline() {
        reachability.lost()
        guard !offline else { return }
        offline = true
        probe?.cancel()
        probe = Task { [weak self] in
            var tries = 0
            while !Task.isCancelled {
                tries += 1
                let wait = RetryPolicy.unreachable.backoff(failures: tries, jitter: Double.random(in: 0..<1))
                do { try await Task.sleep(for: .seconds(wait)) } catch { return }
                guard let self, await self.offline else { return }
                self.send(.poll)
            }
        }
    }

    /// A read got through after being offline: what the session has pending (marks, posts, changes) can go now.
    func cameOnline() {
        reachability.answered()
        guard offline else { return }
        offline = false
        probe?.cancel()
        actions.resume()
        // The list's last word was that it was offline: it would stand beside `live` (a new user saw "Offline: the
        // server did not answer in time; showing cached posts" and `live` in one frame).
        if messages.latest?.text.hasPrefix("Offline") == true { say("The server answers again.", error: false) }
    }
}
