import Foundation
import Logging
import Synchronization
import TernModel
import TernStore

/// Writes drafts to the store as they are typed: every change is kept (an empty draft is dropped), in
/// order, without the UI loop ever waiting. Changes that arrive while a write is under way are folded
/// into the next write, so a paste of a thousand characters is a few writes, not a thousand.
package final class DraftKeeper: Sendable {
    private struct State {
        var waiting: [String: Draft] = [:]
        var writer: Task<Void, Never>?
        var writes = 0
    }

    private let store: AccountData
    private let logger: Logger
    private let onSaved: @Sendable (Draft) -> Void
    private let state = Mutex(State())

    /// `onSaved` hears of each draft once it is on disk (the compose screen says "saved").
    package init(store: AccountData, logger: Logger = Logger(label: "tern.drafts"),
                onSaved: @escaping @Sendable (Draft) -> Void = { _ in }) {
        self.store = store
        self.logger = logger
        self.onSaved = onSaved
    }

    /// Keeps the latest version of a draft; returns at once.
    package func keep(_ draft: Draft) {
        state.withLock { s in
            s.waiting[draft.id] = draft
            guard s.writer == nil else { return }
            s.writer = Task { await self.write() }
        }
    }

    /// Returns once every change kept so far is on disk.
    package func flush() async {
        while let writer = state.withLock({ $0.writer }) { await writer.value }
    }

    /// Store writes made so far (for the benchmark: a paste should be a few).
    package var writes: Int { state.withLock { $0.writes } }

    /// Every kept draft, the most recently touched first.
    package func drafts() async throws -> [Draft] {
        await flush()
        return try await store.drafts()
    }

    private func write() async {
        while let draft = state.withLock({ s -> Draft? in
            guard let (id, d) = s.waiting.first else { s.writer = nil; return nil }
            s.waiting[id] = nil
            return d
        }) {
            do {
                if draft.isEmpty { try await store.deleteDraft(draft.id) }
                else { try await store.saveDraft(draft) }
                state.withLock { $0.writes += 1 }
                onSaved(draft)
            } catch {
                logger.error("couldn't keep a draft", metadata: ["error": "\(error)"])
            }
        }
    }
}
