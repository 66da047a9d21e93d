import Foundation
import Synchronization
import TernMastodon

/// A durable queue of writes as the session's delivery loop drives it: the queue keeps its part of the
/// journal and knows what one try is and what each outcome means for the user; the loop decides when to
/// try, and which queue's item goes next.
protocol DeliveryQueue: AnyObject, Sendable {
    associatedtype Item: Sendable
    associatedtype Answer: Sendable
    /// Where the item `nextToDeliver` would give now stands in the session's one order; nil when nothing
    /// waits to go. Marks nothing.
    func nextInLine() async -> DeliveryOrder?
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
    /// Another queue's try found the server unreachable: what this one holds waits with it.
    func waiting() async
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
    func waiting() async {}
}

/// One queue as the loop sees it, whatever its items are. Held weakly: the queue's owner keeps the queue,
/// and the queue keeps the loop.
struct DeliveryLane: Sendable {
    let queue: ObjectIdentifier
    let nextInLine: @Sendable () async -> DeliveryOrder?
    let take: @Sendable () async -> DeliveryTurn?
    let waiting: @Sendable () async -> Void
    let idle: @Sendable () async -> Void

    init<Queue: DeliveryQueue>(_ queue: Queue) {
        let id = ObjectIdentifier(queue)
        self.queue = id
        // Keys are the queue's own; two queues' keys never meet in the loop's counts.
        let lane = "\(id.hashValue):"
        nextInLine = { [weak queue] in await queue?.nextInLine() }
        take = { [weak queue] in
            guard let queue, let item = await queue.nextToDeliver() else { return nil }
            return DeliveryTurn(queue, item, key: lane + queue.deliveryKey(item))
        }
        waiting = { [weak queue] in await queue?.waiting() }
        idle = { [weak queue] in await queue?.idle() }
    }
}

/// One item being tried, with what its queue says each outcome means.
struct DeliveryTurn: Sendable {
    let queue: ObjectIdentifier
    let key: String
    let onlyLooks: Bool
    /// The try; on success, what is to be done with the answer (`DeliveryQueue.delivered`).
    let attempt: @Sendable () async throws -> @Sendable () async -> Void
    let unreachable: @Sendable (MastodonError, Double) async -> Void
    let answeredWithError: @Sendable (MastodonError, Double) async -> Void
    let mayGiveUp: @Sendable (MastodonError) async -> Bool
    let refused: @Sendable (Error) async -> Void
    let abandoned: @Sendable () async -> Void

    init<Queue: DeliveryQueue>(_ queue: Queue, _ item: Queue.Item, key: String) {
        self.queue = ObjectIdentifier(queue)
        self.key = key
        onlyLooks = queue.onlyLooks(item)
        attempt = {
            let answer = try await queue.deliver(item)
            return { await queue.delivered(item, answer) }
        }
        unreachable = { await queue.unreachable(item, $0, retryIn: $1) }
        answeredWithError = { await queue.answeredWithError(item, $0, retryIn: $1) }
        mayGiveUp = { await queue.mayGiveUp(item, after: $0) }
        refused = { await queue.refused(item, $0) }
        abandoned = { await queue.abandoned(item) }
    }
}

/// The one loop that takes a session's durable writes to the server: the action queue's likes, saves,
/// boosts, reactions, pins, conversation mutes, follows, mutes and blocks, the outbox's posts and edits, and
/// the change queue's changes to lists, filters, requests and scheduled posts. One try at a time, the
/// oldest of the three queues first (`DeliveryOrder`). When the server cannot be reached, everything waits
/// with the one unreachable backoff (5 s doubling to a minute) until the next try or a `resume`; when it
/// answers with an error that passes, the same item is tried again a few times over about 10 s
/// (`RetryPolicy.answeredAction`), then given up, once its queue knows it may be (`mayGiveUp`: a like
/// answered 5xx is looked at first).
final class DeliveryLoop: Sendable {
    private struct State {
        var lanes: [DeliveryLane] = []
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

    /// A queue this loop drives, beside those it drives already.
    func drive<Queue: DeliveryQueue>(_ queue: Queue) {
        state.withLock { $0.lanes.append(DeliveryLane(queue)) }
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

    /// The oldest item of all the queues, marked as being tried. `waiting`: a queue said it had one, so
    /// the drain looks again rather than ending (its item went meanwhile, or was pressed away).
    private func next() async -> (turn: DeliveryTurn?, waiting: Bool) {
        let lanes = state.withLock { $0.stopped ? [] : $0.lanes }
        var oldest: (lane: DeliveryLane, order: DeliveryOrder)?
        for lane in lanes {
            guard let order = await lane.nextInLine() else { continue }
            if oldest.map({ order < $0.order }) ?? true { oldest = (lane, order) }
        }
        guard let oldest else { return (nil, false) }
        return (await oldest.lane.take(), true)
    }

    private func drain() async {
        var answered: (key: String, count: Int)?
        /// Items whose outcome was not known when their tries ran out: the next time, they wait.
        var lookedAt: Set<String> = []
        /// Looks in a row that found an item gone before it could be taken (bounded: never a spin).
        var missed = 0
        while !state.withLock({ $0.stopped }) {
            let (found, waits) = await next()
            guard let turn = found else {
                if waits, missed < 3 { missed += 1; continue }
                missed = 0
                // Ending the drain and a resume that came meanwhile meet under one lock: no write falls between.
                let again = state.withLock { s -> Bool in
                    if s.again, !s.stopped { s.again = false; return true }
                    (s.draining, s.again) = (false, false)
                    return false
                }
                if again { continue }
                for lane in state.withLock({ $0.lanes }) { await lane.idle() }
                return
            }
            missed = 0
            do {
                let delivered = try await turn.attempt()
                state.withLock { s in (s.unreachableTries, s.doubtRounds) = (0, 0) }
                if !turn.onlyLooks { answered = nil }
                await delivered()
            } catch is CancellationError {
                await turn.abandoned()
                break
            } catch let error as MastodonError where error.serverUnreachable || error.leavesWriteInDoubt {
                // A lost answer is handled as no answer: the item waits, and (its write in doubt) its next
                // try looks first. Refused outright, the request never left: nothing to look at. Either way
                // every queue of the session waits with it, on the one backoff.
                let wait = state.withLock { s -> Double in
                    s.unreachableTries += 1
                    return RetryPolicy.unreachable.backoff(failures: s.unreachableTries, jitter: .random(in: 0..<1))
                }
                await turn.unreachable(error, wait)
                for lane in state.withLock({ $0.lanes }) where lane.queue != turn.queue { await lane.waiting() }
                state.withLock { s in (s.draining, s.again) = (false, false) }
                scheduleRetry(after: wait)
                return
            } catch {
                let key = turn.key
                let count = (answered.flatMap { $0.key == key ? $0.count : nil } ?? 0) + 1
                answered = (key, count)
                if let m = error as? MastodonError,
                   let wait = RetryPolicy.answeredAction.delay(after: m, failures: count, now: Date(), jitter: .random(in: 0..<1)) {
                    await turn.answeredWithError(m, wait)
                    do { try await Task.sleep(for: .milliseconds(Int(wait * 1000))) } catch { break }
                    continue
                }
                answered = nil
                if let m = error as? MastodonError, m.isTransient, !(await turn.mayGiveUp(m)) {
                    // Looked at next, at once; a look that gets no usable answer either waits as for an
                    // unreachable server, round after round longer (without calling it unreachable: it answered).
                    guard lookedAt.contains(key) else { lookedAt.insert(key); continue }
                    let wait = state.withLock { s -> Double in
                        s.doubtRounds += 1
                        (s.draining, s.again) = (false, false)
                        return RetryPolicy.unreachable.backoff(failures: s.doubtRounds, jitter: .random(in: 0..<1))
                    }
                    scheduleRetry(after: wait)
                    return
                }
                await turn.refused(error)
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
