import Foundation
import GRDB
import TernModel

/// A thread as stored: every post in reading order with its depth under the opened post.
package struct StoredThread: Sendable {
    package var posts: [(post: Post, depth: Int)]
    package var fetchedAt: Date
}

/// Threads, notifications, read markers and profiles, awaited.
extension AccountData {
    // MARK: Threads

    /// Replaces the stored thread around `rootID`, writing its posts through to the post table.
    package func saveThread(_ rootID: String, posts: [(post: Post, depth: Int)], now: Date = Date()) async throws {
        let account = account
        let records = try posts.map { try PostRecord($0.post, account: account, fetchedAt: now) }
        let places = posts.enumerated().map { i, entry in
            ThreadPostRecord(account: account, rootID: rootID, position: i, postID: entry.post.id, depth: entry.depth)
        }
        try await pool.write { db in
            for var record in records { try record.upsert(db) }
            _ = try ThreadPostRecord.filter(ThreadPostRecord.Columns.account == account && ThreadPostRecord.Columns.rootID == rootID)
                .deleteAll(db)
            for place in places { try place.insert(db) }
            try ThreadRecord(account: account, rootID: rootID, fetchedAt: now).upsert(db)
        }
    }

    /// The stored thread around `rootID`, or nil when it was never fetched. Posts that can't be read
    /// back are left out.
    package func thread(_ rootID: String) async throws -> StoredThread? {
        let account = account
        return try await store.asyncRead { db in
            guard let thread = try ThreadRecord.fetchOne(db, key: ["account": account, "root_id": rootID]) else { return nil }
            let rows = try ThreadPostRecord
                .filter(ThreadPostRecord.Columns.account == account && ThreadPostRecord.Columns.rootID == rootID)
                .including(required: ThreadPostRecord.post)
                .order(ThreadPostRecord.Columns.position)
                .asRequest(of: ThreadPostWithPost.self)
                .fetchAll(db)
            let posts = rows.compactMap { row -> (Post, Int)? in
                // A cached copy: an unreadable one is read again with the thread from the server.
                guard let post = store.unreadable.post(row.post.body, "post \(row.post.id) of \(account)",
                                                       "left out of its stored thread until the thread is read from the server") else { return nil }
                return (post, row.threadPost.depth)
            }
            return StoredThread(posts: posts, fetchedAt: thread.fetchedAt)
        }
    }

    /// A post as last stored, in any timeline or thread.
    package func post(_ id: String) async throws -> Post? {
        let account = account
        return try await store.asyncRead { db in
            try PostRecord.filter(PostRecord.Columns.account == account && PostRecord.Columns.id == id).fetchOne(db)?.post()
        }
    }

    // MARK: Notifications

    /// Stores groups (replacing stored groups of the same key) and keeps the newest `keep`.
    package func saveNotifications(_ groups: [NotificationGroup], keep: Int = 400, now: Date = Date()) async throws {
        let encoder = JSONEncoder()
        let account = account
        let records = try groups.map {
            NotificationGroupRecord(account: account, groupKey: $0.id, orderKey: NotificationGroupRecord.orderKey($0.newestID),
                                    fetchedAt: now, body: try encoder.encode($0))
        }
        try await pool.write { db in
            for record in records { try record.upsert(db) }
            let mine = NotificationGroupRecord.filter(NotificationGroupRecord.Columns.account == account)
            guard let oldestKept = try mine.order(NotificationGroupRecord.Columns.orderKey.desc)
                .select(NotificationGroupRecord.Columns.orderKey, as: String.self).limit(1, offset: keep - 1).fetchOne(db) else { return }
            _ = try mine.filter(NotificationGroupRecord.Columns.orderKey < oldestKept).deleteAll(db)
        }
    }

    /// Stored groups, newest first.
    package func notifications(limit: Int = 400) async throws -> [NotificationGroup] {
        let account = account
        let records = try await store.asyncRead { db in
            try NotificationGroupRecord.filter(NotificationGroupRecord.Columns.account == account)
                .order(NotificationGroupRecord.Columns.orderKey.desc).limit(limit).fetchAll(db)
        }
        // Cached notifications: one this Tern can't read is fetched again with the next page from the server.
        return records.compactMap {
            store.unreadable.value(NotificationGroup.self, $0.body, "notification group \($0.groupKey) of \(account)",
                                   "left out of the stored notifications until the server sends it again")
        }
    }

    // MARK: Markers

    /// The read position of a timeline ("notifications"), and whether the server hasn't been told yet.
    package func marker(_ timeline: String) async throws -> (lastReadID: String, unsent: Bool)? {
        let account = account
        return try await store.asyncRead { db in
            try MarkerRecord.fetchOne(db, key: ["account": account, "timeline": timeline]).map { ($0.lastReadID, $0.unsent) }
        }
    }

    package func saveMarker(_ timeline: String, lastReadID: String, unsent: Bool) async throws {
        let record = MarkerRecord(account: account, timeline: timeline, lastReadID: lastReadID, unsent: unsent)
        try await pool.write { db in try record.upsert(db) }
    }

    // MARK: Choices

    /// A choice kept for the next run under `name` (`saveChoice`); nil where none was.
    package func choice(_ name: String) async throws -> String? {
        let account = account
        return try await store.asyncRead { db in try ChoiceRecord.fetchOne(db, key: ["account": account, "name": name])?.value }
    }

    package func saveChoice(_ name: String, value: String) async throws {
        let record = ChoiceRecord(account: account, name: name, value: value)
        try await pool.write { db in try record.upsert(db) }
    }

    // MARK: Profiles

    package func saveProfile(_ profile: Profile, relationship: Relationship?, now: Date = Date()) async throws {
        let body = try JSONEncoder().encode(CachedProfile(profile: profile, relationship: relationship))
        let record = ProfileRecord(account: account, accountID: profile.account.id, fetchedAt: now, body: body)
        try await pool.write { db in try record.upsert(db) }
    }

    package func profile(_ accountID: String) async throws -> (Profile, Relationship?)? {
        let account = account
        let record = try await store.asyncRead { db in try ProfileRecord.fetchOne(db, key: ["account": account, "account_id": accountID]) }
        guard let record else { return nil }
        let cached = try JSONDecoder().decode(CachedProfile.self, from: record.body)
        return (cached.profile, cached.relationship)
    }

    private struct CachedProfile: Codable {
        var profile: Profile
        var relationship: Relationship?
    }
}

/// What the streaming API says happened to posts.
extension AccountData {
    /// An edited status replaces the stored copies (each keeps its own entry id, booster and conversation).
    package func applyEdit(_ status: Post, now: Date = Date()) async throws {
        let statuses = [status]
        try await pool.write { db in try writeServerCopies(statuses, now: now, db) }
    }

    /// The server's newer copies of statuses, written into every stored entry showing each (the status, its
    /// boosts, its conversation), each keeping its own id and booster (`Post.showing`); an entry already as
    /// the copy says is not written. Synchronous: the session's posts write in order on a queue of their own.
    package func takeServerCopies(_ statuses: [Post], now: Date = Date()) throws {
        try pool.write { db in try writeServerCopies(statuses, now: now, db) }
    }

    private func writeServerCopies(_ statuses: [Post], now: Date, _ db: Database) throws {
        for status in statuses {
            for record in try copies(status.statusID).fetchAll(db) {
                // A copy this Tern can't read is not updated (logged); the server's next answer replaces it whole.
                guard let old = store.unreadable.post(record.body, "post \(record.id) of \(account)",
                                                      "the server's newer copy was not written into it") else { continue }
                let shown = old.showing(status)
                guard shown != old else { continue }
                try PostRecord.upsert(shown, account: account, now: now, db)
            }
        }
    }

    /// A deleted status leaves every timeline and thread, with the boosts of it.
    package func removeStatus(_ statusID: String) async throws {
        let (account, copies) = (account, copies(statusID))
        try await pool.write { db in try Self.remove(copies, account: account, db) }
    }

    /// The same, synchronously (the action queue's journal writes in order on a queue of its own).
    package func removeStatusNow(_ statusID: String) throws {
        let (account, copies) = (account, copies(statusID))
        try pool.write { db in try Self.remove(copies, account: account, db) }
    }

    private static func remove(_ copies: QueryInterfaceRequest<PostRecord>, account: String, _ db: Database) throws {
        let ids = try copies.select(PostRecord.Columns.id, as: String.self).fetchAll(db)
        guard !ids.isEmpty else { return }
        _ = try EntryRecord.filter(EntryRecord.Columns.account == account && ids.contains(EntryRecord.Columns.postID)).deleteAll(db)
        _ = try ThreadPostRecord.filter(ThreadPostRecord.Columns.account == account && ids.contains(ThreadPostRecord.Columns.postID))
            .deleteAll(db)
        _ = try copies.deleteAll(db)
    }
}

/// The follow requests the user answered, kept across restarts: only the user knows them (the server
/// lists an answered request no more).
extension AccountData {
    package func saveRequestAnswer(from accountID: String, accepted: Bool) throws {
        try store.durableWrite { db in
            try RequestAnswerRecord(account: account, accountID: accountID, accepted: accepted).upsert(db)
        }
    }

    /// Each answered request's answer, by the asking account's id.
    package func requestAnswers() throws -> [String: Bool] {
        try pool.read { db in
            let records = try RequestAnswerRecord.filter(Column("account") == account).fetchAll(db)
            return Dictionary(records.map { ($0.accountID, $0.accepted) }, uniquingKeysWith: { _, last in last })
        }
    }
}
