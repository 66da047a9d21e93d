import Foundation
import Synchronization
import TernMastodon
import TernModel
import TernStore

/// The account's likes and saves on their way to the server, shared by all its timelines. A press is
/// journaled in the store before anyone is told of it; requests go one at a time in the order of the
/// presses; a network failure keeps the wish for later, a refusal (4xx) drops it and says why once.
/// After a restart the journal is read back and replayed.
public final class ActionQueue: Sendable {
    /// What timelines hear about.
    public enum Event: Sendable, Equatable {
        /// Wishes or the queue length changed: redraw.
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
        var failures = 0
        var stopped = false
    }

    private let store: Store
    private let account: String
    private let client: MastodonClient
    private let sendsNothing: Bool
    private let state: Mutex<State>

    /// `offline`: keep everything in the journal and send nothing (`--offline`).
    public init(store: Store, account: String, client: MastodonClient, offline: Bool = false) throws {
        self.store = store
        self.account = account
        self.client = client
        self.sendsNothing = offline
        var book = ActionReconciler()
        for a in try store.pendingActions(account: account) {
            book.set(.init(statusID: a.statusID, kind: a.kind),
                     .init(confirmed: a.confirmed, wanted: a.wanted, seq: a.seq))
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
            var next = s.book.pressed(key, current: kind == .favourite ? post.favourited : post.bookmarked)
            if next.settled {
                try store.dropAction(seq: next.seq, account: account)
            } else {
                next.seq = try store.enqueue(PendingAction(statusID: key.statusID, kind: kind, wanted: next.wanted,
                                                           confirmed: next.confirmed), account: account)
            }
            s.book.set(key, next)
        }
        notify(.changed)
        resume()
    }

    /// A post as the user wants it shown.
    public func apply(to post: Post) -> Post {
        state.withLock { $0.book.apply(to: post) }
    }

    public var queuedCount: Int { state.withLock { $0.book.queuedCount } }

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

    private func drain() async {
        // Taking the next wish and ending the drain happen under one lock, so a press never falls between.
        while let (key, action) = state.withLock({ s in
            if !s.stopped, let n = s.book.next() { return n }
            s.draining = false
            return nil
        }) {
            do {
                let status = try await client.perform(action, statusID: key.statusID)
                let confirmed = key.kind == .favourite ? status.favourited : status.bookmarked
                try? store.updateStatus(key.statusID, account: account, favourited: status.favourited,
                                        bookmarked: status.bookmarked, favourites: status.favouritesCount,
                                        boosts: status.boostsCount, replies: status.repliesCount)
                state.withLock { s in
                    let seq = s.book.states[key]?.seq ?? 0
                    _ = s.book.succeeded(key, confirmed: confirmed)
                    s.failures = 0
                    // If the journal can't be updated the row is replayed later, which the server takes as a no-op.
                    try? store.settle(seq: seq, account: account, confirmed: confirmed)
                }
                notify(.confirmed(status))
            } catch let error as MastodonError where Self.isRefusal(error) {
                state.withLock { s in
                    if let seq = s.book.states[key]?.seq { try? store.dropAction(seq: seq, account: account) }
                    s.book.refused(key)
                }
                notify(.refused("Couldn't \(key.kind.verb): \(error.description)"))
            } catch {
                let wait = state.withLock { s -> Double in
                    s.book.interrupted(key)
                    s.failures += 1
                    s.draining = false
                    return min(60, 5 * pow(2, Double(s.failures - 1)))
                }
                notify(.changed)
                scheduleRetry(after: wait)
                return
            }
        }
        notify(.changed)
    }

    /// A 4xx other than 401 (the token may come back) and 429 (that is a wait): the server won't ever take it.
    static func isRefusal(_ error: MastodonError) -> Bool {
        if case .http(let status, _) = error { return (400..<500).contains(status) }
        if case .refusedURL = error { return true }
        return false
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
            // A request still on its way is abandoned; its journal row replays next run.
            s.drainTask?.cancel()
        }
    }

    private func notify(_ event: Event) {
        for listener in state.withLock({ $0.listeners }) { listener(event) }
    }
}
