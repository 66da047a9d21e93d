import Foundation
import GRDB
import TernModel

/// Drafts, the outbox and the server's posting limits. Moving a draft into the outbox, and back when the
/// server refuses it, are single transactions: a kill at any moment leaves the text in one place.
extension Store {
    // MARK: Drafts

    public func saveDraft(_ draft: Draft, account: String, now: Date = Date()) async throws {
        let body = try JSONEncoder().encode(draft)
        try await durableWrite { db in
            try db.execute(sql: """
                INSERT INTO draft (account, id, updated_at, body) VALUES (?, ?, ?, ?)
                ON CONFLICT (account, id) DO UPDATE SET updated_at = excluded.updated_at, body = excluded.body
                """, arguments: [account, draft.id, now.timeIntervalSince1970, body])
        }
    }

    public func deleteDraft(_ id: String, account: String) async throws {
        try await durableWrite { db in
            try db.execute(sql: "DELETE FROM draft WHERE account = ? AND id = ?", arguments: [account, id])
        }
    }

    /// Every kept draft, the most recently touched first.
    public func drafts(account: String) async throws -> [Draft] {
        try await asyncRead { db in
            try Data.fetchAll(db, sql: "SELECT body FROM draft WHERE account = ? ORDER BY updated_at DESC", arguments: [account])
                .compactMap { try? JSONDecoder().decode(Draft.self, from: $0) }
        }
    }

    // MARK: Outbox

    /// Moves a draft into the outbox (the draft row goes in the same transaction).
    public func enqueuePost(_ post: OutgoingPost, account: String) async throws {
        let body = try JSONEncoder().encode(post.draft)
        try await durableWrite { db in
            try db.execute(sql: "DELETE FROM draft WHERE account = ? AND id = ?", arguments: [account, post.draft.id])
            try db.execute(sql: "INSERT INTO outbox (account, idempotency_key, created_at, in_doubt, body) VALUES (?, ?, ?, ?, ?)",
                           arguments: [account, post.idempotencyKey, post.createdAt.timeIntervalSince1970, post.inDoubt, body])
        }
    }

    /// Records progress on a post in the outbox (uploaded media ids, a try in flight).
    public func updateOutgoing(_ post: OutgoingPost) async throws {
        let body = try JSONEncoder().encode(post.draft)
        try await durableWrite { db in
            try db.execute(sql: "UPDATE outbox SET body = ?, in_doubt = ? WHERE idempotency_key = ?",
                           arguments: [body, post.inDoubt, post.idempotencyKey])
        }
    }

    /// The server made the post: it leaves the outbox.
    public func removeOutgoing(_ key: String) async throws {
        try await durableWrite { db in
            try db.execute(sql: "DELETE FROM outbox WHERE idempotency_key = ?", arguments: [key])
        }
    }

    /// The server refused the post: it goes back to the drafts, as it was, to be fixed and sent again.
    public func returnToDrafts(_ post: OutgoingPost, account: String, now: Date = Date()) async throws {
        let body = try JSONEncoder().encode(post.draft)
        try await durableWrite { db in
            try db.execute(sql: "DELETE FROM outbox WHERE idempotency_key = ?", arguments: [post.idempotencyKey])
            try db.execute(sql: """
                INSERT INTO draft (account, id, updated_at, body) VALUES (?, ?, ?, ?)
                ON CONFLICT (account, id) DO UPDATE SET updated_at = excluded.updated_at, body = excluded.body
                """, arguments: [account, post.draft.id, now.timeIntervalSince1970, body])
        }
    }

    /// The outbox in sending order.
    public func outbox(account: String) async throws -> [OutgoingPost] {
        try await asyncRead { db in
            try Row.fetchAll(db, sql: "SELECT * FROM outbox WHERE account = ? ORDER BY seq", arguments: [account]).compactMap { row in
                guard let body = row["body"] as Data?, let draft = try? JSONDecoder().decode(Draft.self, from: body) else { return nil }
                return OutgoingPost(idempotencyKey: row["idempotency_key"], draft: draft,
                                    createdAt: Date(timeIntervalSince1970: row["created_at"]), inDoubt: row["in_doubt"])
            }
        }
    }

    /// Drafts and outbox rows this Tern can't read (written by a newer one, or damaged). They are left in
    /// place, never deleted, so the text is not lost; the caller says so.
    public func unreadableWriting(account: String) async throws -> Int {
        try await asyncRead { db in
            let bodies = try Data.fetchAll(db, sql: "SELECT body FROM draft WHERE account = ? UNION ALL SELECT body FROM outbox WHERE account = ?",
                                           arguments: [account, account])
            return bodies.filter { (try? JSONDecoder().decode(Draft.self, from: $0)) == nil }.count
        }
    }

    // MARK: What the server said about itself

    public func saveLimits(_ limits: PostingLimits, account: String, now: Date = Date()) async throws {
        let body = try JSONEncoder().encode(limits)
        try await pool.write { db in
            try db.execute(sql: """
                INSERT INTO server_info (account, key, fetched_at, body) VALUES (?, 'posting_limits', ?, ?)
                ON CONFLICT (account, key) DO UPDATE SET fetched_at = excluded.fetched_at, body = excluded.body
                """, arguments: [account, now.timeIntervalSince1970, body])
        }
    }

    public func limits(account: String) async throws -> PostingLimits? {
        try await asyncRead { db in
            try Data.fetchOne(db, sql: "SELECT body FROM server_info WHERE account = ? AND key = 'posting_limits'", arguments: [account])
                .flatMap { try? JSONDecoder().decode(PostingLimits.self, from: $0) }
        }
    }
}
