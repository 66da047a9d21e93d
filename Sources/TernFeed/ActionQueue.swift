import Foundation
import Logging
import Synchronization
import TernMastodon
import TernModel
import TernStore

/// The account's likes and saves on their way to the server, shared by all its timelines.
///
/// The rules, for every action: a press is journaled in the store before anyone is told of it, and shows
/// as pending until the server confirms it. When the server *answers* with an error (a 4xx at once; a
/// 5xx or 429 after a few tries over about 20 s) the action rolls back and the user is told why, once.
/// Only when the server *cannot be reached* does the action stay pending, to be sent when it answers
/// again, in this run or the next. A request is marked in the journal before it goes out; if no answer
/// comes back, the server's state is asked for before anything is sent again, so a replay never repeats
/// a change and the state the server ends with is the one shown.
public final class ActionQueue: Sendable {
    /// What timelines hear about.
    public enum Event: Sendable, Equatable {
        /// Wishes or the pending count changed: redraw.
        case changed
        /// The server's copy of a status after an action.
        case confirmed(Post)
        /// The server refused an action; the post went back to its confirmed state.
        case refused(String)
    }

    private struct State {
        var book = ActionReconciler()
        var listeners: [@Sendable (Event) -> Void] = []
        var draining = false
        var retryTask: Task<Void, Never>?
        var drainTask: Task<Void, Never>?
        /// Tries in a row that found the server unreachable, for the wait before the next.
        var unreachableTries = 0
        var stopped = false
    }

    private let store: Store
    private let account: String
    private let client: MastodonClient
    private let sendsNothing: Bool
    private let logger: Logger
    private let state: Mutex<State>

    /// `offline`: keep everything in the journal and send nothing (`--offline`).
    public init(store: Store, account: String, client: MastodonClient, offline: Bool = false,
                logger: Logger = Logger(label: "tern.actions")) throws {
        self.store = store
        self.account = account
        self.client = client
        self.sendsNothing = offline
        self.logger = logger
        var book = ActionReconciler()
        for a in try store.pendingActions(account: account) {
            book.set(.init(statusID: a.statusID, kind: a.kind), .init(confirmed: a.confirmed, wanted: a.wanted, seq: a.seq))
        }
        state = Mutex(State(book: book))
    }

    public func subscribe(_ listener: @escaping @Sendable (Event) -> Void) {
        state.withLock { $0.listeners.append(listener) }
    }

    /// Flips the user's wish for a status and journals it. Throws (and changes nothing) when the journal
    /// cannot be written, so the screen never shows an action that is not on disk.
    public func toggle(_ kind: PendingAction.Kind, of post: Post) throws {
        let key = ActionReconciler.Key(statusID: post.statusID, kind: kind)
        try state.withLock { s in
            var next = s.book.pressed(key, current: kind.mark(of: post))
            if next.settled {
                try store.dropAction(statusID: key.statusID, kind: kind, account: account)
            } else {
                // A request in flight may land after a crash: the row says the server's state is in doubt.
                next.seq = try store.enqueue(PendingAction(statusID: key.statusID, kind: kind, wanted: next.wanted,
                                                           confirmed: next.inFlight ? nil : next.confirmed), account: account)
            }
            s.book.set(key, next)
        }
        notify(.changed)
        resume()
    }

    /// `toggle`, for engines: nil when journaled, else what to tell the user.
    func press(_ kind: PendingAction.Kind, of post: Post) -> String? {
        do { try toggle(kind, of: post); return nil } catch {
            return "Couldn't \(kind.verb): the cache could not record it (\(error))"
        }
    }

    /// A post as the user wants it shown, with its unconfirmed marks flagged as pending.
    public func apply(to post: Post) -> Post {
        state.withLock { $0.book.apply(to: post) }
    }

    /// Actions the server has not confirmed yet.
    public var pendingCount: Int { state.withLock { $0.book.pendingCount } }

    /// Starts sending, e.g. when a timeline found the server again.
    public func resume() {
        guard !sendsNothing else { return }
        let start = state.withLock { s -> Bool in
            guard !s.draining, !s.stopped else { return false }
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

    /// Sends what is pending and returns when the queue is empty or the server can't be reached
    /// (`tern sync`). Returns how many actions are still pending.
    @discardableResult
    public func sendPending() async -> Int {
        resume()
        if let running = state.withLock({ $0.drainTask }) { await running.value }
        return pendingCount
    }

    private func drain() async {
        // Errors the server answered with for the wish at the head of the queue, for the bounded retry.
        var answered: (key: ActionReconciler.Key, count: Int)?
        // Taking the next wish and ending the drain happen under one lock, so a press never falls between.
        while let (key, step) = state.withLock({ s in
            if !s.stopped, let n = s.book.next() { return n }
            s.draining = false
            return nil
        }) {
            do {
                let status = try await perform(step, key)
                let confirmed = key.kind.mark(of: status)
                record(status)
                state.withLock { s in
                    s.book.learned(key, confirmed: confirmed)
                    s.unreachableTries = 0
                    journal("record the server's answer") {
                        try store.settle(statusID: key.statusID, kind: key.kind, account: account, confirmed: confirmed)
                    }
                }
                answered = nil
                notify(.confirmed(status))
            } catch let error as MastodonError where error.serverUnreachable {
                let wait = state.withLock { s -> Double in
                    s.book.unanswered(key)
                    s.unreachableTries += 1
                    s.draining = false
                    return RetryPolicy.unreachable.backoff(failures: s.unreachableTries, jitter: .random(in: 0..<1))
                }
                logger.info("server unreachable; actions stay pending", metadata: ["error": "\(error)", "retryIn": "\(Int(wait)) s"])
                notify(.changed)
                scheduleRetry(after: wait)
                return
            } catch is CancellationError {
                // Stopped mid-request: the journal already says the answer is in doubt.
                state.withLock { s in
                    s.book.unanswered(key)
                    s.draining = false
                }
                return
            } catch {
                let reason = error as? MastodonError ?? .invalidResponse("\(error)")
                let count = (answered.flatMap { $0.key == key ? $0.count : nil } ?? 0) + 1
                answered = (key, count)
                if let wait = RetryPolicy.answeredAction.delay(after: reason, failures: count, now: Date(), jitter: .random(in: 0..<1)) {
                    logger.notice("server answered an action with an error; trying again",
                                  metadata: ["error": "\(reason)", "try": "\(count)", "retryIn": "\(wait)"])
                    let confirmed = state.withLock { s -> Bool? in
                        s.book.answeredWithError(key)
                        return s.book.states[key]?.confirmed
                    }
                    // It answered, so it did not make the change: the journal's doubt is lifted.
                    if let confirmed {
                        journal("record the server's answer") {
                            try store.settle(statusID: key.statusID, kind: key.kind, account: account, confirmed: confirmed)
                        }
                    }
                    notify(.changed)
                    do { try await Task.sleep(for: .milliseconds(Int(wait * 1000))) } catch {
                        state.withLock { $0.draining = false }
                        return
                    }
                    continue
                }
                logger.warning("action rolled back", metadata: ["action": "\(key.kind.verb)", "error": "\(reason)"])
                state.withLock { s in
                    s.book.dropped(key)
                    journal("drop a refused action") {
                        try store.dropAction(statusID: key.statusID, kind: key.kind, account: account)
                    }
                }
                answered = nil
                notify(.refused("Couldn't \(key.kind.verb): \(reason.description)"))
            }
        }
        notify(.changed)
    }

    /// One request: a look at the status when its state is in doubt, else the change, marked in the
    /// journal before it goes out.
    private func perform(_ step: ActionReconciler.Step, _ key: ActionReconciler.Key) async throws -> Post {
        switch step {
        case .look:
            return try await client.status(id: key.statusID)
        case .send(let action):
            try store.markSent(statusID: key.statusID, kind: key.kind, account: account)
            return try await client.perform(action, statusID: key.statusID)
        }
    }

    /// Keeps the cached post in step with the server's answer.
    private func record(_ status: Post) {
        journal("update the cached post") {
            try store.updateStatus(from: status, account: account)
        }
    }

    /// A journal write after the server answered. If it fails the row replays later, and the look before
    /// any resend keeps that harmless; the failure is logged, not shown.
    private func journal(_ what: String, _ write: () throws -> Void) {
        do { try write() } catch { logger.error("couldn't \(what) in the store", metadata: ["error": "\(error)"]) }
    }

    private func scheduleRetry(after seconds: Double) {
        let task = Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
            guard !Task.isCancelled else { return }
            self?.resume()
        }
        state.withLock { s in
            s.retryTask?.cancel()
            s.retryTask = s.stopped ? nil : task
            if s.stopped { task.cancel() }
        }
    }

    /// Sends nothing more (at exit; the journal keeps what is still pending for the next run).
    public func stop() {
        state.withLock { s in
            s.stopped = true
            s.retryTask?.cancel()
            s.retryTask = nil
            // A request still on its way is abandoned; its journal row says its answer is in doubt.
            s.drainTask?.cancel()
        }
    }

    private func notify(_ event: Event) {
        for listener in state.withLock({ $0.listeners }) { listener(event) }
    }
}
