import Synchronization

/// A listener's handle, to stop hearing with (`unsubscribe`).
package struct Subscription: Sendable, Hashable {
    /// The listeners it was given by: another's handle removes nothing there.
    let of: ObjectIdentifier
    let id: Int
}

/// A queue heard the one way: `subscribe` until `unsubscribe` (an engine does it when it stops, the session
/// when it closes); the action queue, the outbox and the change queue alike, and the session's posts and
/// people, which engines hear the same way.
package protocol HeardQueue: Sendable {
    associatedtype Event: Sendable
    var listeners: Listeners<Event> { get }
}

extension HeardQueue {
    @discardableResult
    package func subscribe(_ listener: @escaping @Sendable (Event) -> Void) -> Subscription {
        listeners.subscribe(listener)
    }

    package func unsubscribe(_ subscription: Subscription) {
        listeners.unsubscribe(subscription)
    }

    /// How many listen now (a closed thread's engine, or a closed session, no longer does).
    package var listenerCount: Int { listeners.count }

    /// Feeds an engine's input stream with every event for as long as the stream lasts (`Listeners.feed`).
    func feed<Input>(_ continuation: AsyncStream<Input>.Continuation, _ wrap: @escaping @Sendable (Event) -> Input) {
        listeners.feed(continuation, wrap)
    }
}

/// Who hears a queue's events, the one way every queue offers: each listener until it unsubscribes, which
/// its owner does when it goes (an engine when it stops, the session when it closes).
package final class Listeners<Event: Sendable>: Sendable {
    private let state = Mutex<(last: Int, all: [Int: @Sendable (Event) -> Void])>((0, [:]))

    package init() {}

    @discardableResult
    package func subscribe(_ listener: @escaping @Sendable (Event) -> Void) -> Subscription {
        state.withLock { s in
            s.last += 1
            s.all[s.last] = listener
            return Subscription(of: ObjectIdentifier(self), id: s.last)
        }
    }

    package func unsubscribe(_ subscription: Subscription) {
        guard subscription.of == ObjectIdentifier(self) else { return }
        _ = state.withLock { $0.all.removeValue(forKey: subscription.id) }
    }

    /// How many hear now.
    package var count: Int { state.withLock { $0.all.count } }

    /// Feeds an engine's input stream with every event for as long as the stream lasts: the listener goes
    /// when it ends (as the engine stops). A stream hears several (the action queue, the session's posts and
    /// people): each lets go.
    func feed<Input>(_ continuation: AsyncStream<Input>.Continuation, _ wrap: @escaping @Sendable (Event) -> Input) {
        let subscription = subscribe { continuation.yield(wrap($0)) }
        let previous = continuation.onTermination
        continuation.onTermination = { [weak self] reason in
            previous?(reason)
            self?.unsubscribe(subscription)
        }
    }

    /// Tells every listener, in the order they came, outside the lock (a listener may subscribe).
    func notify(_ event: Event) {
        for listener in state.withLock({ $0.all.sorted { $0.key < $1.key }.map(\.value) }) { listener(event) }
    }
}
