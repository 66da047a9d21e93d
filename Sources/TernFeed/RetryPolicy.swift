import Foundation
import TernMastodon

/// When to try a failed read again: exponential backoff with jitter, capped; a server's own
/// `Retry-After` wins when it is reasonable. Only transient failures are retried.
package struct RetryPolicy: Sendable {
    /// Tries in all, the first one included.
    package var attempts = 4
    package var base = 0.5
    package var cap = 8.0
    /// A server asking for longer than this is not waited for: the user is told instead.
    package var maxServerWait = 60.0

    package init(attempts: Int = 4, base: Double = 0.5, cap: Double = 8, maxServerWait: Double = 60) {
        self.attempts = attempts
        self.base = base
        self.cap = cap
        self.maxServerWait = maxServerWait
    }

    /// Likes, saves and every later action when the server answers with an error (5xx, 429): three more
    /// tries over about 10 s, then the action is rolled back and the user told why.
    package static let answeredAction = RetryPolicy(attempts: 4, base: 1, cap: 8, maxServerWait: 20)
    /// Waiting for a server that cannot be reached to come back: no limit on tries, one a minute at most.
    package static let unreachable = RetryPolicy(attempts: .max, base: 5, cap: 60, maxServerWait: 60)

    /// The exponential wait after failure number `failures` (1 for the first), spread by `jitter` (0..<1)
    /// by up to +30 %.
    package func backoff(failures: Int, jitter: Double) -> Double {
        min(cap, base * pow(2, Double(min(max(failures, 1), 30) - 1))) * (1 + 0.3 * min(max(jitter, 0), 1))
    }

    /// Seconds to wait after failure number `failures` (1 for the first), or nil to give up.
    /// `jitter` in 0..<1 spreads clients apart by up to +30 %.
    package func delay(after error: Error, failures: Int, now: Date, jitter: Double) -> Double? {
        guard failures < attempts, let m = error as? MastodonError, m.isTransient else { return nil }
        if case .rateLimited(let until?, _) = m {
            let wait = until.timeIntervalSince(now)
            return wait <= maxServerWait ? max(0, wait) : nil
        }
        return backoff(failures: failures, jitter: jitter)
    }
}
