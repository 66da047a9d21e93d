import Dispatch

/// Store writes, one after another in the order they were asked for, on a thread of their own.
///
/// A journal write commits with `synchronous = FULL` and waits for the disk (an fsync of the log), which on
/// a slow or busy disk takes tens or hundreds of milliseconds, and any other write waits behind it for the
/// store's one writer. Whoever asks (an engine handling a key press, the UI loop) must not wait for that:
/// a press shows as pending at once and is on disk a moment later. Order is what makes that safe: writes
/// never overtake each other, so a kill in between can lose the last press only, never an earlier one,
/// and a request is sent only after `written`, which waits for everything asked before it.
final class OrderedWrites: Sendable {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label, qos: .userInitiated)
    }

    /// Runs `write` after every write asked for before it; `failed` hears its error.
    func write(_ write: @escaping @Sendable () throws -> Void, failed: @escaping @Sendable (Error) -> Void) {
        queue.async {
            do { try write() } catch { failed(error) }
        }
    }

    /// Runs `write` after every earlier write and returns (or throws) once it is committed.
    func written<T: Sendable>(_ write: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try write() }) }
        }
    }

    /// Returns once every write asked for so far is done.
    func settled() async {
        await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
    }

    /// Waits until every write asked for so far is done (at exit, before the store closes).
    func drain() {
        queue.sync {}
    }
}
