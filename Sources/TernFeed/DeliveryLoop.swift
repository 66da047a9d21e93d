import Foundation
import Synchronization
import TernMastodon

/// A durable queue of writes as its delivery loop drives it: the queue keeps the journal and knows what
/// one try is and what each outcome means for the user; the loop decides when to try.
protocol DeliveryQueue: AnyObject, Sendable {
    associatedtype Item: Sendable
    associatedtype Answer: Sendable
    /// The next item to try, marked as being tried; nil when nothing waits to go.
    func nextToDeliver() async -> Item?
    /// Which wish or post an item is (the server's errors are counted in a row per item).
    nonisolated func deliveryKey(_ item: Item) -> String
    /// One try. A `MastodonError` says whether the server answered; anything else counts as a refusal.
    func deliver(_ item: Item) async throws -> Answer
    /// The server made the change.
    func delivered(_ item: Item, _ answer: Answer) async
    /// The server could not be reached: the item waits for the next try (in `seconds`, or sooner on `resume`).
    func unreachable(_ item: Item, _ error: MastodonError, retryIn seconds: Double) async
    /// The server answered with an error that passes (5xx, 429): the item is tried again in `seconds`.
    func answeredWithError(_ item: Item, _ error: MastodonError, retryIn seconds: Double) async
    /// The server answered every try with an error that passes: whether the item may be given up now (then
    /// `refused`), or its outcome is not known yet (a 5xx does not say the change was not made) and it waits
    /// to be looked at, as for an unreachable server.
    func mayGiveUp(_ item: Item, after error: MastodonError) async -> Bool
    /// Whether a try only looks at the server (changes nothing there): its answer does not end the item's
    /// run of error answers, so the tries stay bounded when a look comes between them.
    nonisolated func onlyLooks(_ item: Item) -> Bool
    /// The server refused it for good, or it cannot be sent: the queue rolls it back and says why.
    func refused(_ item: Item, _ error: Error) async
    /// The loop stopped in the middle of a try: whether the server got it is not known.
    func abandoned(_ item: Item) async
    /// Nothing more to send for now.
    func idle() async
}

extension DeliveryQueue {
    func mayGiveUp(_ item: Item, after error: MastodonError) async -> Bool { true }
    nonisolated func onlyLooks(_ item: Item) -> Bool { false }
}

/// The one loop that takes durable writes to the server: the action queue's likes, saves, boosts, reactions,
/// pins, conversation mutes, follows, mutes and blocks, the outbox's posts and edits, and the change
/// queue's changes to lists, filters, requests and scheduled posts. One try at a time,
/// oldest first. When the server cannot be reached, everything waits with the unreachable backoff (5 s
/// doubling to a minute) until the next try or a `resume`; when it answers with an error that passes, the
/// same item is tried again a few times over about 10 s (`RetryPolicy.answeredAction`), then given up, once
/// the queue knows it may be (`mayGiveUp`: a like answered 5xx is looked at first).
final class DeliveryLoop<Queue: DeliveryQueue>: Sendable {
    private struct State {
        weak var queue: Queue?
        var draining = false
        /// A resume came while draining: look for work once more before ending.
        var again = false
        var stopped = false
        var drainTask: Task<Void, Never>?
        var retryTask: Task<Void, Never>?
        var unreachableTries = 0
        /// Rounds of tries that ended in doubt (5xx answers, looks that got none): their wait grows as the
        /// unreachable backoff's does, so a server that keeps failing is not asked every few seconds for ever.
        var doubtRounds = 0
    }

    private let state = Mutex(State())
    private let sendsNothing: Bool

    /// `sendsNothing`: `--offline`, everything stays in the journal.
    init(sendsNothing: Bool) {
        self.sendsNothing = sendsNothing
    }

    /// The queue this loop drives (held weakly: the queue owns the loop).
    func drive(_ queue: Queue) {
        state.withLock { $0.queue = queue }
    }

    /// The server could not be reached at the last try: what waits, waits for it.
    var waitingForServer: Bool { state.withLock { $0.unreachableTries > 0 } }

    /// Starts sending (after a write was journaled, or when the server was found again).
    func resume() {
        guard !sendsNothing else { return }
        let start = state.withLock { s -> Bool in
            guard !s.stopped else { return false }
            if s.draining { s.again = true; return false }
            s.draining = true
            s.retryTask?.cancel()
            s.retryTask = nil
            return true
        }
        guard start else { return }
        let task = Task { await self.drain() }
        state.withLock { s in
            s.drainTask = task
            if s.stopped { task.cancel() }
        }
    }

    /// Sends what waits; returns when nothing does or the server can't be reached.
    func sendPending() async {
        resume()
        if let running = state.withLock({ $0.drainTask }) { await running.value }
    }

    /// Sends nothing more; a try under way is abandoned (the journal says its answer is in doubt).
    func stop() {
        state.withLock { s in
            s.stopped = true
            s.retryTask?.cancel()
            s.retryTask = nil
            s.drainTask?.cancel()
        }
    }

    private func drain() async {
        var answered: (key: String, count: Int)?
        /// Items whose outcome was not known when their tries ran out: the next time, they wait.
        var lookedAt: Set<String> = []
        while let queue = state.withLock({ $0.stopped ? nil : $0.queue }) {
            guard let item = await queue.nextToDeliver() else {
                // Ending the drain and a resume that came meanwhile meet under one lock: no write falls between.
                let again = state.withLock { s -> Bool in
                    if s.again, !s.stopped { s.again = false; return true }
                    (s.draining, s.again) = (false, false)
                    return false
                }
                if again { continue }
                await queue.idle()
                return
            }
            do {
                let answer = try await queue.deliver(item)
                state.withLock { s in (s.unreachableTries, s.doubtRounds) = (0, 0) }
                if !queue.onlyLooks(item) { answered = nil }
                await queue.delivered(item, answer)
            } catch is CancellationError {
                await queue.abandoned(item)
                break
            } catch let error as MastodonError where error.serverUnreachable || error.leavesWriteInDoubt {
                // A lost answer is handled as no answer: the item waits, and (its write in doubt) its next
                // try looks first. Refused outright, the request never left: nothing to look at.
                let wait = state.withLock { s -> Double in
                    s.unreachableTries += 1
                    return RetryPolicy.unreachable.backoff(failures: s.unreachableTries, jitter: .random(in: 0..<1))
                }
                await queue.unreachable(item, error, retryIn: wait)
                state.withLock { s in (s.draining, s.again) = (false, false) }
                scheduleRetry(after: wait)
                return
            } catch {
                let key = queue.deliveryKey(item)
                let count = (answered.flatMap { $0.key == key ? $0.count : nil } ?? 0) + 1
                answered = (key, count)
                if let m = error as? MastodonError,
                   let wait = RetryPolicy.answeredAction.delay(after: m, failures: count, now: Date(), jitter: .random(in: 0..<1)) {
                    await queue.answeredWithError(item, m, retryIn: wait)
                    do { try await Task.sleep(for: .milliseconds(Int(wait * 1000))) } catch { break }
                    continue
                }
                answered = nil
                if let m = error as? MastodonError, m.isTransient, !(await queue.mayGiveUp(item, after: m)) {
                    // Looked at next, at once; a look that gets no usable answer either waits as for an
                    // unreachable server, round after round longer (without calling it unreachable: it answered).
                    let key = queue.deliveryKey(item)
                    guard lookedAt.contains(key) else { lookedAt.insert(key); continue }
                    let wait = state.withLock { s -> Double in
                        s.doubtRounds += 1
                        (s.draining, s.again) = (false, false)
                        return RetryPolicy.unreachable.backoff(failures: s.doubtRounds, jitter: .random(in: 0..<1))
                    }
                    scheduleRetry(after: wait)
                    return
                }
                await queue.refused(item, error)
            }
        }
        state.withLock { s in (s.draining, s.again) = (false, false) }
    }

    private func scheduleRetry(after seconds: Double) {
        let task = Task { [weak self] in
            do { try await Task.sleep(for: .milliseconds(Int(seconds * 1000))) } catch { return }
            self?.resume()
        }
        state.withLock { s in
            s.retryTask?.cancel()
            s.retryTask = s.stopped ? nil : task
            if s.stopped { task.cancel() }
        }
    }
}
