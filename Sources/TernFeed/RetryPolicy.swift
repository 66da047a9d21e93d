import Foundation
import TernMastodon

/// When to try a failed read again: exponential backoff with jitter, capped; a server's own
/// `Retry-After` wins when it is reasonable. Only transient failures are retried.
public struct RetryPolicy: Sendable {
    /// Tries in all, the first one included.
    public var attempts = 4
    public var base = 0.5
    public var cap = 8.0
    /// A server asking for longer than this is not waited for: the user is told instead.
    public var maxServerWait = 60.0

    public init() {}

    /// Seconds to wait after failure number `failures` (1 for the first), or nil to give up.
    /// `jitter` in 0..<1 spreads clients apart by up to +30 %.
    public func delay(after error: Error, failures: Int, now: Date, jitter: Double) -> Double? {
        guard failures < attempts, let m = error as? MastodonError, m.isTransient else { return nil }
        if case .rateLimited(let until?, _) = m {
            let wait = until.timeIntervalSince(now)
            return wait <= maxServerWait ? max(0, wait) : nil
        }
        return min(cap, base * pow(2, Double(failures - 1))) * (1 + 0.3 * min(max(jitter, 0), 1))
    }
}
