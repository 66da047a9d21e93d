import Foundation
import GRDB
import TernModel

/// A change to the user's lists, filters, requests or scheduled posts on its way to the server: in the
/// journal from the moment it is asked for until the server has made it.
package struct PendingChange: Sendable, Equatable {
    /// Unique per account; names the entry in the journal.
    package var key: String
    package var change: ServerChange
    package var createdAt: Date
    /// A request for it went out and no answer came back: the server may have made it.
    package var inDoubt: Bool

    package init(key: String = UUID().uuidString, change: ServerChange, createdAt: Date = Date(), inDoubt: Bool = false) {
        self.key = key
        self.change = change
        self.createdAt = createdAt
        self.inDoubt = inDoubt
    }
}

/// The journal's changes (`JournalRecord.changeKind`), under the journal's one scheme: marked in doubt on
/// the disk before a request goes, taken out (`removeFromJournal`) when the server has made the change or
/// refused it.
extension AccountData {
    /// Puts a change in the journal; returns once it is on the disk.
    package func enqueueChange(_ pending: PendingChange) async throws {
        let entry = try JournalRecord(change: pending, account: account)
        try await store.durableWrite { db in
            var entry = entry
            try entry.insert(db)
        }
    }

    /// A request for the change is about to go out (`true`), or certainly did not leave (`false`).
    package func markChange(_ key: String, inDoubt: Bool) async throws {
        let account = account
        try await store.durableWrite { db in
            _ = try JournalRecord.entry(key, account: account).updateAll(db, JournalRecord.Columns.inDoubt.set(to: inDoubt))
        }
    }

    /// The changes waiting, in the order they were asked for, and how many this Tern cannot read (a newer
    /// Tern's, or damaged: left in place, never deleted).
    package func pendingChanges() async throws -> (changes: [PendingChange], unreadable: Int) {
        let account = account
        let records = try await store.asyncRead { db in
            try JournalRecord.of(account).filter(JournalRecord.Columns.kind == JournalRecord.changeKind).fetchAll(db)
        }
        let changes = records.compactMap { $0.change(store.unreadable) }
        return (changes, records.count - changes.count)
    }
}

extension JournalRecord {
    /// The kind of a change's entry.
    static let changeKind = "change"

    init(change pending: PendingChange, account: String) throws {
        self.account = account
        key = pending.key
        kind = Self.changeKind
        wanted = true
        confirmed = false
        inDoubt = pending.inDoubt
        assumed = false
        body = try JSONEncoder().encode(pending.change)
        createdAt = pending.createdAt
    }

    /// The change it holds; nil for a mark or a post, or a change this Tern can't read (logged).
    func change(_ unreadable: UnreadableRows) -> PendingChange? {
        guard kind == Self.changeKind, let body,
              let change = unreadable.value(ServerChange.self, body, "change \(key) of \(account)", "it is kept untouched, and not sent")
        else { return nil }
        return PendingChange(key: key, change: change, createdAt: createdAt, inDoubt: inDoubt)
    }
}

extension AccountData {
    /// Every entry's place in the journal (`JournalRecord.seq`), by its key: the order the session sends
    /// its marks, posts and changes in, one order for the three.
    package func journalOrder() async throws -> [String: Int64] {
        let account = account
        let records = try await store.asyncRead { db in try JournalRecord.of(account).fetchAll(db) }
        return Dictionary(records.compactMap { r in r.seq.map { (r.key, $0) } }, uniquingKeysWith: max)
    }
}
