import Dispatch
import Synchronization

/// A value kept on disk as it changes, where only the newest matters (the reading place): each change is
/// written off the caller's thread, and while one write waits for the store's writer, the changes after it
/// replace what it will write instead of queueing writes of their own. So a kill loses at most the change
/// being written, and a held key makes one write at a time, not one per press.
final class LatestWrite<Value: Sendable>: Sendable {
    private let queue: DispatchQueue
    private let waiting = Mutex<Value?>(nil)
    private let write: @Sendable (Value) throws -> Void
    private let failed: @Sendable (Error) -> Void

    init(label: String, write: @escaping @Sendable (Value) throws -> Void, failed: @escaping @Sendable (Error) -> Void) {
        queue = DispatchQueue(label: label, qos: .userInitiated)
        self.write = write
        self.failed = failed
    }

    /// Writes `value`, or has the write already waiting write it.
    func save(_ value: Value) {
        let queued = waiting.withLock { w in
            defer { w = value }
            return w != nil
        }
        guard !queued else { return }
        queue.async { [self] in
            guard let value = waiting.withLock({ w in
                defer { w = nil }
                return w
            }) else { return }
            do { try write(value) } catch { failed(error) }
        }
    }

    /// Returns once every value saved so far is written.
    func settled() async {
        await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
    }
}
