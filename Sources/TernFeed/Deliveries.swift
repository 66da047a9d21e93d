import Synchronization

/// Where a write stands in its session's one order of delivery: what an earlier run left in the journal
/// goes first, in the journal's order; then what was asked in this run, in the order it was journaled
/// (a like, a post and a list change alike).
struct DeliveryOrder: Comparable, Sendable {
    /// Asked for in this run (`Deliveries.order()`), not read from the journal.
    var thisRun: Bool
    var position: Int64

    /// An entry an earlier run left, at its place in the journal (`JournalRecord.seq`).
    static func journaled(_ seq: Int64) -> DeliveryOrder { DeliveryOrder(thisRun: false, position: seq) }

    static func < (a: DeliveryOrder, b: DeliveryOrder) -> Bool {
        (a.thisRun ? 1 : 0, a.position) < (b.thisRun ? 1 : 0, b.position)
    }
}

/// One account session's writes on their way: the one delivery loop its action queue, outbox and change
/// queue share, so the session has one order (oldest first across the three) and one unreachable backoff.
/// Each queue joins it as it is made (`ActionQueue`, `Outbox`, `ChangeQueue` take it); one made without
/// one has its own (tests of one queue). Whoever resumes, sends or stops one queue does it for the session.
package final class Deliveries: Sendable {
    private let loop: DeliveryLoop
    private let asked = Mutex<Int64>(0)
    /// `--offline`: everything stays in the journal.
    package let sendsNothing: Bool

    package init(offline: Bool = false) {
        sendsNothing = offline
        loop = DeliveryLoop(sendsNothing: offline)
    }

    /// A queue's place in the loop (held weakly: the queue holds the session's deliveries).
    func carry<Queue: DeliveryQueue>(_ queue: Queue) {
        loop.drive(queue)
    }

    /// The place of a write journaled now: after everything asked before it, of any kind.
    func order() -> DeliveryOrder {
        asked.withLock { n in
            n += 1
            return DeliveryOrder(thisRun: true, position: n)
        }
    }

    /// The server could not be reached at the last try: everything of the session waits for it.
    package var waitingForServer: Bool { loop.waitingForServer }

    /// Starts sending (after a write was journaled, or when the server was found again).
    package func resume() { loop.resume() }

    /// Sends what waits in every queue; returns when nothing does or the server can't be reached.
    package func sendPending() async { await loop.sendPending() }

    /// Sends nothing more (at the session's end); a try under way is abandoned, its answer in doubt.
    package func stop() { loop.stop() }
}
