import Foundation
import GRDB

/// What `tern cache` shows.
package struct StoreStats: Sendable {
    package struct Timeline: Sendable {
        package var account: String
        package var timeline: String
        package var entries: Int
    }

    package var fileBytes: Int64
    package var posts: Int
    package var pendingActions: Int
    /// Read marks kept for the server while it could not be told (Home's, the notifications'): sent at the
    /// next online start.
    package var unsentMarkers = 0
    package var timelines: [Timeline]
}

/// Limits on what stays cached.
package struct RetentionPolicy: Sendable {
    /// Posts older than this go (30 days unless configured).
    package var maxAge: TimeInterval
    /// Entries beyond this many per timeline go, oldest first.
    package var maxPerTimeline: Int

    package init(maxAge: TimeInterval = 30 * 86_400, maxPerTimeline: Int = 5_000) {
        self.maxAge = maxAge
        self.maxPerTimeline = maxPerTimeline
    }
}

/// Pruning, sizes, and clearing.
extension Store {
    /// Removes old posts as the policy says. Saved and liked posts, the Saved and Liked timelines, and posts
    /// with pending actions stay. A timeline that lost its tail pages on from its new oldest post next
    /// time. Returns how many entries went.
    @discardableResult
    package func prune(_ policy: RetentionPolicy, now: Date = Date()) throws -> Int {
        try pool.write { db in
            let cutoff = now.timeIntervalSince1970 - policy.maxAge
            let exempt = "e.timeline IN ('bookmarks', 'favourites')"
            try db.execute(sql: """
                DELETE FROM entry AS e WHERE e.post_id IS NOT NULL AND NOT \(exempt) AND EXISTS (
                    SELECT 1 FROM post p WHERE p.account = e.account AND p.id = e.post_id
                    AND p.created_at < ? AND p.favourited = 0 AND p.bookmarked = 0)
                """, arguments: [cutoff])
            var removed = db.changesCount
            // Threads not opened within the age limit go, and their posts with them below.
            try db.execute(sql: """
                DELETE FROM thread_post WHERE EXISTS (SELECT 1 FROM thread t WHERE t.account = thread_post.account
                    AND t.root_id = thread_post.root_id AND t.fetched_at < ?)
                """, arguments: [cutoff])
            try db.execute(sql: "DELETE FROM thread WHERE fetched_at < ?", arguments: [cutoff])
            try db.execute(sql: "DELETE FROM notification_group WHERE fetched_at < ?", arguments: [cutoff])
            let timelines = try Row.fetchAll(db, sql: """
                SELECT account, timeline FROM entry AS e WHERE NOT \(exempt) GROUP BY account, timeline HAVING COUNT(*) > ?
                """, arguments: [policy.maxPerTimeline])
            for t in timelines {
                let account: String = t["account"], timeline: String = t["timeline"]
                guard let limit = try Int64.fetchOne(db, sql: """
                    SELECT seq FROM entry WHERE account = ? AND timeline = ? ORDER BY seq LIMIT 1 OFFSET ?
                    """, arguments: [account, timeline, policy.maxPerTimeline]) else { continue }
                try db.execute(sql: "DELETE FROM entry WHERE account = ? AND timeline = ? AND seq >= ?",
                               arguments: [account, timeline, limit])
                removed += db.changesCount
            }
            if removed > 0 {
                // The stored `next` links point below posts that are gone: page from the oldest kept post instead.
                try db.execute(sql: "UPDATE timeline SET older_url = NULL, reached_end = 0 WHERE timeline NOT IN ('bookmarks', 'favourites')")
            }
            try db.execute(sql: """
                DELETE FROM post WHERE favourited = 0 AND bookmarked = 0
                AND NOT EXISTS (SELECT 1 FROM entry e WHERE e.account = post.account AND e.post_id = post.id)
                AND NOT EXISTS (SELECT 1 FROM journal j WHERE j.account = post.account AND j.target = post.status_id)
                AND NOT EXISTS (SELECT 1 FROM thread_post t WHERE t.account = post.account AND t.post_id = post.id)
                """)
            return removed
        }
    }

    package func stats() throws -> StoreStats {
        let bytes = fileBytes
        return try pool.read { try Self.stats($0, fileBytes: bytes) }
    }

    /// The same figures read beside a running Tern (`tern cache`): the file opened read-only and the store's
    /// lock not taken, since a reader changes nothing a writer could send twice. Nil where there is no store.
    package static func stats(readingOnly url: URL) throws -> StoreStats? {
        do {
            return try readBeside(url) { try stats($0, fileBytes: fileBytes(of: url)) }
        } catch {
            throw StoreError.unreadable(url.path, "\(error)")
        }
    }

    /// Reads the store at `url` opened read-only, without its lock: beside a running Tern, which holds the
    /// lock, or before this process opens the store for good. Nil where there is no store yet.
    static func readBeside<T>(_ url: URL, _ body: (Database) throws -> T) throws -> T? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(5)
        return try DatabaseQueue(path: url.path, configuration: config).read(body)
    }

    private static func stats(_ db: Database, fileBytes: Int64) throws -> StoreStats {
        let timelines = try Row.fetchAll(db, sql: """
            SELECT account, timeline, COUNT(post_id) AS n FROM entry GROUP BY account, timeline ORDER BY account, timeline
            """).map { StoreStats.Timeline(account: $0["account"], timeline: $0["timeline"], entries: $0["n"]) }
        return StoreStats(fileBytes: fileBytes,
                          posts: try PostRecord.fetchCount(db),
                          pendingActions: try JournalRecord.filter(JournalRecord.Columns.kind != JournalRecord.postKind).fetchCount(db),
                          unsentMarkers: try MarkerRecord.filter(Column("unsent") == true).fetchCount(db),
                          timelines: timelines)
    }

    /// Empties the cache of posts, timelines and positions. Pending actions stay: they are the user's
    /// own doing, not a cache.
    package func clear() throws {
        try pool.write { db in
            try db.execute(sql: """
                DELETE FROM entry; DELETE FROM post; DELETE FROM timeline; DELETE FROM thread; DELETE FROM thread_post;
                DELETE FROM notification_group; DELETE FROM profile;
                """)
        }
        try pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            try db.execute(sql: "VACUUM")
        }
    }

    /// `PRAGMA integrity_check`'s answer: "ok" when the file is sound.
    package func integrityCheck() throws -> String {
        try pool.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ") }
    }
}
