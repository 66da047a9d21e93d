import Synchronization

/// Whether the account's server answers, as one session knows it: every list (and, through the home
/// timeline, the action queue) says what its requests found, and every status line reads it from here.
/// Each engine once kept its own, and Home said `offline` while an open thread, which had asked nothing
/// since, said `live`.
package final class Reachability: Sendable {
    private let unreachable: Mutex<Bool>

    /// `offline`: `--offline`, nothing is asked.
    package init(offline: Bool = false) {
        unreachable = Mutex(offline)
    }

    /// The last request found the server unreachable (or none may be made).
    package var offline: Bool { unreachable.withLock { $0 } }

    /// A request found the server unreachable.
    func lost() { unreachable.withLock { $0 = true } }

    /// A request got the server's answer.
    func answered() { unreachable.withLock { $0 = false } }
}
