import Foundation
import GRDB
import TernModel

/// Drafts, the journal's posts (the outbox) and the server's posting limits, awaited. Moving a draft into
/// the outbox, and back when the server refuses it, are single transactions: a kill at any moment leaves the
/// text in one place.
extension AccountData {
    // MARK: Drafts

    package func saveDraft(_ draft: Draft, now: Date = Date()) async throws {
        let record = DraftRecord(account: account, id: draft.id, updatedAt: now, body: try DraftCoding.encode(draft))
        try await store.durableWrite { db in try record.upsert(db) }
    }

    package func deleteDraft(_ id: String) async throws {
        let account = account
        try await store.durableWrite { db in _ = try DraftRecord.deleteOne(db, key: ["account": account, "id": id]) }
    }

    /// Every kept draft, the most recently touched first.
    package func drafts() async throws -> [Draft] {
        let account = account
        return try await store.asyncRead { db in
            try DraftRecord.filter(DraftRecord.Columns.account == account).order(DraftRecord.Columns.updatedAt.desc).fetchAll(db)
        }.compactMap { DraftCoding.decode($0.body, "draft \($0.id) of \(account)", logging: store.unreadable) }
    }

    // MARK: Outbox

    /// Moves a draft into the outbox (the draft row goes in the same transaction).
    package func enqueuePost(_ post: OutgoingPost) async throws {
        let account = account
        let entry = try JournalRecord(post: post, account: account)
        try await store.durableWrite { db in
            _ = try DraftRecord.deleteOne(db, key: ["account": account, "id": post.draft.id])
            var entry = entry
            try entry.insert(db)
        }
    }

    /// Records progress on a post in the outbox (uploaded media ids, a try in flight).
    package func updateOutgoing(_ post: OutgoingPost) async throws {
        let account = account
        let body = try DraftCoding.encode(post.draft)
        try await store.durableWrite { db in
            _ = try JournalRecord.entry(post.idempotencyKey, account: account)
                .updateAll(db, Column(JournalRecord.CodingKeys.body).set(to: body), JournalRecord.Columns.inDoubt.set(to: post.inDoubt))
        }
    }

    /// A post the server made, or a change it made or refused (`AccountData+Changes`): its entry, named by
    /// `key`, leaves the journal.
    package func removeFromJournal(_ key: String) async throws {
        let account = account
        try await store.durableWrite { db in _ = try JournalRecord.entry(key, account: account).deleteAll(db) }
    }

    /// The server refused the post: it goes back to the drafts, as it was, to be fixed and sent again.
    package func returnToDrafts(_ post: OutgoingPost, now: Date = Date()) async throws {
        let account = account
        let draft = DraftRecord(account: account, id: post.draft.id, updatedAt: now, body: try DraftCoding.encode(post.draft))
        try await store.durableWrite { db in
            _ = try JournalRecord.entry(post.idempotencyKey, account: account).deleteAll(db)
            try draft.upsert(db)
        }
    }

    /// The outbox in sending order.
    package func outbox() async throws -> [OutgoingPost] {
        try await posts().compactMap { $0.post(store.unreadable) }
    }

    /// Drafts and outbox entries this Tern can't read (written by a newer one, or damaged). They are left in
    /// place, never deleted, so the text is not lost; the caller says so.
    package func unreadableWriting() async throws -> Int {
        let account = account
        let drafts = try await store.asyncRead { db in try DraftRecord.filter(DraftRecord.Columns.account == account).fetchAll(db) }
        let unreadableDrafts = drafts.filter { DraftCoding.decode($0.body, "draft \($0.id) of \(account)", logging: store.unreadable) == nil }.count
        return unreadableDrafts + (try await posts()).filter { $0.post(store.unreadable) == nil }.count
    }

    private func posts() async throws -> [JournalRecord] {
        let account = account
        return try await store.asyncRead { db in
            try JournalRecord.of(account).filter(JournalRecord.Columns.kind == JournalRecord.postKind).fetchAll(db)
        }
    }

    // MARK: What the server said about itself

    package func saveLimits(_ limits: PostingLimits, now: Date = Date()) async throws {
        let record = ServerInfoRecord(account: account, key: ServerInfoRecord.postingLimits, fetchedAt: now,
                                      body: try JSONEncoder().encode(limits))
        try await pool.write { db in try record.upsert(db) }
    }

    package func limits() async throws -> PostingLimits? {
        let account = account
        let record = try await store.asyncRead { db in
            try ServerInfoRecord.fetchOne(db, key: ["account": account, "key": ServerInfoRecord.postingLimits])
        }
        // The server's limits as last read: unreadable, they are as good as never read, and asked for again.
        return record.flatMap {
            store.unreadable.value(PostingLimits.self, $0.body, "the posting limits of \(account)", "they are asked of the server again")
        }
    }
}
