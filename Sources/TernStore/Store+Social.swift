import Foundation
import GRDB
import TernModel

/// A thread as stored: every post in reading order with its depth under the opened post.
public struct StoredThread: Sendable {
    public var posts: [(post: Post, depth: Int)]
    public var fetchedAt: Date
}

/// Threads, notifications, read markers and profiles. Async: engines call these without blocking a thread.
extension Store {
    // MARK: Threads

    /// Replaces the stored thread around `rootID`, writing its posts through to the post table.
    public func saveThread(_ rootID: String, posts: [(post: Post, depth: Int)], account: String, now: Date = Date()) async throws {
        try await pool.write { db in
            for (post, _) in posts { try Self.upsert(post, account: account, now: now, db) }
            try db.execute(sql: "DELETE FROM thread_post WHERE account = ? AND root_id = ?", arguments: [account, rootID])
            for (i, entry) in posts.enumerated() {
                try db.execute(sql: "INSERT INTO thread_post (account, root_id, position, post_id, depth) VALUES (?, ?, ?, ?, ?)",
                               arguments: [account, rootID, i, entry.post.id, entry.depth])
            }
            try db.execute(sql: """
                INSERT INTO thread (account, root_id, fetched_at) VALUES (?, ?, ?)
                ON CONFLICT (account, root_id) DO UPDATE SET fetched_at = excluded.fetched_at
                """, arguments: [account, rootID, now.timeIntervalSince1970])
        }
    }

    /// The stored thread around `rootID`, or nil when it was never fetched. Posts that can't be read
    /// back are left out.
    public func thread(_ rootID: String, account: String) async throws -> StoredThread? {
        try await asyncRead { db in
            guard let fetched = try Double.fetchOne(db, sql: "SELECT fetched_at FROM thread WHERE account = ? AND root_id = ?",
                                                    arguments: [account, rootID]) else { return nil }
            let rows = try Row.fetchAll(db, sql: """
                SELECT t.depth, p.body FROM thread_post t JOIN post p ON p.account = t.account AND p.id = t.post_id
                WHERE t.account = ? AND t.root_id = ? ORDER BY t.position
                """, arguments: [account, rootID])
            let posts = rows.compactMap { row -> (Post, Int)? in
                guard let body = row["body"] as Data?, let post = try? PostCoding.decode(body) else { return nil }
                return (post, row["depth"])
            }
            return StoredThread(posts: posts, fetchedAt: Date(timeIntervalSince1970: fetched))
        }
    }

    /// A post as last stored, in any timeline or thread.
    public func post(_ id: String, account: String) async throws -> Post? {
        try await asyncRead { db in
            try Data.fetchOne(db, sql: "SELECT body FROM post WHERE account = ? AND id = ?", arguments: [account, id])
                .map(PostCoding.decode)
        }
    }

    // MARK: Notifications

    /// Stores groups (replacing stored groups of the same key) and keeps the newest `keep`.
    public func saveNotifications(_ groups: [NotificationGroup], account: String, keep: Int = 400, now: Date = Date()) async throws {
        let encoder = JSONEncoder()
        let rows = try groups.map { ($0, try encoder.encode($0)) }
        try await pool.write { db in
            for (g, body) in rows {
                try db.execute(sql: """
                    INSERT INTO notification_group (account, group_key, order_key, fetched_at, body) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (account, group_key) DO UPDATE SET order_key = excluded.order_key,
                        fetched_at = excluded.fetched_at, body = excluded.body
                    """, arguments: [account, g.id, Self.orderKey(g.newestID), now.timeIntervalSince1970, body])
            }
            try db.execute(sql: """
                DELETE FROM notification_group WHERE account = ? AND order_key < COALESCE((SELECT order_key FROM notification_group
                    WHERE account = ? ORDER BY order_key DESC LIMIT 1 OFFSET ?), '')
                """, arguments: [account, account, keep - 1])
        }
    }

    /// Stored groups, newest first.
    public func notifications(account: String, limit: Int = 400) async throws -> [NotificationGroup] {
        let bodies = try await asyncRead { db in
            try Data.fetchAll(db, sql: "SELECT body FROM notification_group WHERE account = ? ORDER BY order_key DESC LIMIT ?",
                              arguments: [account, limit])
        }
        let decoder = JSONDecoder()
        return bodies.compactMap { try? decoder.decode(NotificationGroup.self, from: $0) }
    }

    /// Ids sort as the server sorts them when prefixed by their length.
    static func orderKey(_ id: String) -> String {
        let digits = String(id.count)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ":" + id
    }

    // MARK: Markers

    /// The read position of a timeline ("notifications"), and whether the server hasn't been told yet.
    public func marker(_ timeline: String, account: String) async throws -> (lastReadID: String, unsent: Bool)? {
        try await asyncRead { db in
            try Row.fetchOne(db, sql: "SELECT last_read_id, unsent FROM marker WHERE account = ? AND timeline = ?",
                             arguments: [account, timeline]).map { ($0["last_read_id"], $0["unsent"]) }
        }
    }

    public func saveMarker(_ timeline: String, lastReadID: String, unsent: Bool, account: String) async throws {
        try await pool.write { db in
            try db.execute(sql: """
                INSERT INTO marker (account, timeline, last_read_id, unsent) VALUES (?, ?, ?, ?)
                ON CONFLICT (account, timeline) DO UPDATE SET last_read_id = excluded.last_read_id, unsent = excluded.unsent
                """, arguments: [account, timeline, lastReadID, unsent])
        }
    }

    // MARK: Profiles

    public func saveProfile(_ profile: Profile, relationship: Relationship?, account: String, now: Date = Date()) async throws {
        let body = try JSONEncoder().encode(CachedProfile(profile: profile, relationship: relationship))
        try await pool.write { db in
            try db.execute(sql: """
                INSERT INTO profile (account, account_id, fetched_at, body) VALUES (?, ?, ?, ?)
                ON CONFLICT (account, account_id) DO UPDATE SET fetched_at = excluded.fetched_at, body = excluded.body
                """, arguments: [account, profile.account.id, now.timeIntervalSince1970, body])
        }
    }

    public func profile(_ accountID: String, account: String) async throws -> (Profile, Relationship?)? {
        let body = try await asyncRead { db in
            try Data.fetchOne(db, sql: "SELECT body FROM profile WHERE account = ? AND account_id = ?", arguments: [account, accountID])
        }
        guard let body else { return nil }
        let cached = try JSONDecoder().decode(CachedProfile.self, from: body)
        return (cached.profile, cached.relationship)
    }

    private struct CachedProfile: Codable {
        var profile: Profile
        var relationship: Relationship?
    }
}

/// What the streaming API says happened to posts.
extension Store {
    /// An edited status replaces the stored copies (each keeps its own entry id and booster).
    public func applyEdit(_ status: Post, account: String, now: Date = Date()) async throws {
        try await pool.write { db in
            let rows = try Row.fetchAll(db, sql: "SELECT body FROM post WHERE account = ? AND status_id = ?",
                                        arguments: [account, status.statusID])
            for row in rows {
                guard let old = try? PostCoding.decode(row["body"]) else { continue }
                var edited = status
                edited.id = old.id
                edited.boostedBy = old.boostedBy
                try Self.upsert(edited, account: account, now: now, db)
            }
        }
    }

    /// A deleted status leaves every timeline and thread, with the boosts of it.
    public func removeStatus(_ statusID: String, account: String) async throws {
        try await pool.write { db in
            let ids = try String.fetchAll(db, sql: "SELECT id FROM post WHERE account = ? AND status_id = ?", arguments: [account, statusID])
            guard !ids.isEmpty else { return }
            let marks = Self.placeholders(ids.count)
            try db.execute(sql: "DELETE FROM entry WHERE account = ? AND post_id IN (\(marks))", arguments: StatementArguments([account] + ids))
            try db.execute(sql: "DELETE FROM thread_post WHERE account = ? AND post_id IN (\(marks))", arguments: StatementArguments([account] + ids))
            try db.execute(sql: "DELETE FROM post WHERE account = ? AND id IN (\(marks))", arguments: StatementArguments([account] + ids))
        }
    }
}
