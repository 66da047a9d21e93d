import Foundation
import GRDB
import TernModel

/// Timelines: posts written through as pages arrive, read back as runs around a position.
extension Store {
    /// Spacing of new entries' seqs, so that many pages fit between two entries before a renumbering.
    static let spacing: Int64 = 1 << 32

    /// Stores `posts` (newest first) in a timeline at `position`, with an optional gap below them, in one
    /// transaction. Every post's stored copy is refreshed; only posts not already in the timeline get an
    /// entry. Returns the new entries in order, and whether older entries' seqs changed (a renumbering).
    @discardableResult
    public func insert(_ posts: [Post], into key: TimelineKey, at position: InsertPosition, gapBelow: StoredGap? = nil,
                       now: Date = Date()) throws -> (entries: [StoredEntry], renumbered: Bool) {
        try pool.write { db in
            for post in posts { try Self.upsert(post, account: key.account, now: now, db) }
            var seen = Set(try String.fetchAll(db, sql: """
                SELECT post_id FROM entry WHERE account = ? AND timeline = ? AND post_id IN (\(Self.placeholders(posts.count)))
                """, arguments: StatementArguments([key.account, key.timeline] + posts.map(\.id))))
            let fresh = posts.filter { seen.insert($0.id).inserted }
            let count = fresh.count + (gapBelow == nil ? 0 : 1)
            guard count > 0 else { return ([], false) }
            let (seqs, renumbered) = try Self.seqs(count, at: position, key, db)
            var out: [StoredEntry] = []
            for (post, seq) in zip(fresh, seqs) {
                try db.execute(sql: "INSERT INTO entry (account, timeline, seq, post_id) VALUES (?, ?, ?, ?)",
                               arguments: [key.account, key.timeline, seq, post.id])
                out.append(.post(post, seq: seq))
            }
            if var gap = gapBelow {
                gap.seq = seqs[count - 1]
                try db.execute(sql: """
                    INSERT INTO entry (account, timeline, seq, gap_from_top, gap_from_bottom) VALUES (?, ?, ?, ?, ?)
                    """, arguments: [key.account, key.timeline, gap.seq, gap.fromTop?.absoluteString, gap.fromBottom?.absoluteString])
                gap.id = "gap-\(db.lastInsertedRowID)"
                out.append(.gap(gap))
            }
            return (out, renumbered)
        }
    }

    /// Up to `before` entries above the anchor post and `after` from it down; the newest entries when the
    /// anchor is nil or no longer stored.
    public func run(_ key: TimelineKey, around anchorID: String?, before: Int, after: Int) throws -> StoredRun {
        try pool.read { db in try Self.run(db, key, around: anchorID, before: before, after: after) }
    }

    static func run(_ db: Database, _ key: TimelineKey, around anchorID: String?, before: Int, after: Int) throws -> StoredRun {
        let anchorSeq = try anchorID.flatMap {
            try Int64.fetchOne(db, sql: "SELECT seq FROM entry WHERE account = ? AND timeline = ? AND post_id = ?",
                               arguments: [key.account, key.timeline, $0])
        }
        guard let anchorSeq else {
            let rows = try Self.entries(db, key, where: "1", order: "ASC", limit: after + 1)
            return StoredRun(entries: Array(rows.prefix(after)), hasNewer: false, hasOlder: rows.count > after)
        }
        let above = try Self.entries(db, key, where: "e.seq < \(anchorSeq)", order: "DESC", limit: before + 1)
        let below = try Self.entries(db, key, where: "e.seq >= \(anchorSeq)", order: "ASC", limit: after + 1)
        return StoredRun(entries: above.prefix(before).reversed() + below.prefix(after),
                         hasNewer: above.count > before, hasOlder: below.count > after)
    }

    /// The oldest `count` entries.
    public func bottom(_ key: TimelineKey, count: Int) throws -> StoredRun {
        try pool.read { db in
            let rows = try Self.entries(db, key, where: "1", order: "DESC", limit: count + 1)
            return StoredRun(entries: rows.prefix(count).reversed(), hasNewer: rows.count > count, hasOlder: false)
        }
    }

    /// Up to `limit` entries right below `seq` (older), newest first; `more` when others follow.
    public func entries(_ key: TimelineKey, olderThan seq: Int64, limit: Int) throws -> (entries: [StoredEntry], more: Bool) {
        try pool.read { db in
            let rows = try Self.entries(db, key, where: "e.seq > \(seq)", order: "ASC", limit: limit + 1)
            return (Array(rows.prefix(limit)), rows.count > limit)
        }
    }

    /// Up to `limit` entries right above `seq` (newer), newest first; `more` when others precede them.
    public func entries(_ key: TimelineKey, newerThan seq: Int64, limit: Int) throws -> (entries: [StoredEntry], more: Bool) {
        try pool.read { db in
            let rows = try Self.entries(db, key, where: "e.seq < \(seq)", order: "DESC", limit: limit + 1)
            return (rows.prefix(limit).reversed(), rows.count > limit)
        }
    }

    /// How many entries (posts and gaps) lie above `newer` and below `older`: where a window of the timeline
    /// stands in it. Counted on the timeline's index, about 5 ms at 100,000 entries.
    public func entryCounts(_ key: TimelineKey, newerThan newer: Int64, olderThan older: Int64) throws -> (newer: Int, older: Int) {
        try pool.read { db in
            let sql = "SELECT COUNT(*) FROM entry WHERE account = ? AND timeline = ? AND seq "
            return (try Int.fetchOne(db, sql: sql + "< ?", arguments: [key.account, key.timeline, newer]) ?? 0,
                    try Int.fetchOne(db, sql: sql + "> ?", arguments: [key.account, key.timeline, older]) ?? 0)
        }
    }

    /// Whether any of these posts already has an entry in the timeline.
    public func containsAny(_ postIDs: [String], in key: TimelineKey) throws -> Bool {
        guard !postIDs.isEmpty else { return false }
        return try pool.read { db in
            try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM entry WHERE account = ? AND timeline = ? AND post_id IN (\(Self.placeholders(postIDs.count))))
                """, arguments: StatementArguments([key.account, key.timeline] + postIDs)) ?? false
        }
    }

    /// The newest post entry's id, if any.
    public func newestPostID(_ key: TimelineKey) throws -> String? {
        try pool.read { db in
            try String.fetchOne(db, sql: """
                SELECT post_id FROM entry WHERE account = ? AND timeline = ? AND post_id IS NOT NULL ORDER BY seq LIMIT 1
                """, arguments: [key.account, key.timeline])
        }
    }

    public func updateGap(_ gap: StoredGap, in key: TimelineKey) throws {
        try pool.write { db in
            try db.execute(sql: "UPDATE entry SET gap_from_top = ?, gap_from_bottom = ? WHERE id = ? AND account = ?",
                           arguments: [gap.fromTop?.absoluteString, gap.fromBottom?.absoluteString, Self.rowID(of: gap), key.account])
        }
    }

    public func removeGap(_ gap: StoredGap, in key: TimelineKey) throws {
        try pool.write { db in
            try db.execute(sql: "DELETE FROM entry WHERE id = ? AND account = ? AND post_id IS NULL",
                           arguments: [Self.rowID(of: gap), key.account])
        }
    }

    /// The server's latest copy of a status (after a like or save): every stored entry showing it changes.
    public func updateStatus(from status: Post, account: String) throws {
        try pool.write { db in
            let rows = try Row.fetchAll(db, sql: "SELECT pk, body FROM post WHERE account = ? AND status_id = ?",
                                        arguments: [account, status.statusID])
            for row in rows {
                guard var post = try? PostCoding.decode(row["body"]) else { continue }
                post.takeMarksAndCounts(from: status)
                try db.execute(sql: "UPDATE post SET favourited = ?, bookmarked = ?, body = ? WHERE pk = ?",
                               arguments: [status.favourited, status.bookmarked, try PostCoding.encode(post), row["pk"] as Int64])
            }
        }
    }

    // MARK: Cursors and position

    public func state(_ key: TimelineKey) throws -> TimelineState {
        try pool.read { db in try Self.state(db, key) }
    }

    static func state(_ db: Database, _ key: TimelineKey) throws -> TimelineState {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM timeline WHERE account = ? AND timeline = ?",
                                          arguments: [key.account, key.timeline]) else { return TimelineState() }
        return TimelineState(olderURL: (row["older_url"] as String?).flatMap(URL.init(string:)),
                             newerURL: (row["newer_url"] as String?).flatMap(URL.init(string:)),
                             reachedEnd: row["reached_end"], anchorID: row["anchor_id"], anchorOffset: row["anchor_offset"])
    }

    /// Saves the paging cursors (not the position, which the UI saves on its own schedule).
    public func saveCursors(_ key: TimelineKey, older: URL?, newer: URL?, reachedEnd: Bool) throws {
        try pool.write { db in
            try db.execute(sql: """
                INSERT INTO timeline (account, timeline, older_url, newer_url, reached_end) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (account, timeline) DO UPDATE SET
                    older_url = excluded.older_url, newer_url = excluded.newer_url, reached_end = excluded.reached_end
                """, arguments: [key.account, key.timeline, older?.absoluteString, newer?.absoluteString, reachedEnd])
        }
    }

    public func savePosition(_ key: TimelineKey, anchorID: String, offset: Int) throws {
        try pool.write { db in
            try db.execute(sql: """
                INSERT INTO timeline (account, timeline, anchor_id, anchor_offset) VALUES (?, ?, ?, ?)
                ON CONFLICT (account, timeline) DO UPDATE SET anchor_id = excluded.anchor_id, anchor_offset = excluded.anchor_offset
                """, arguments: [key.account, key.timeline, anchorID, offset])
        }
    }

    // MARK: Internals

    static func upsert(_ post: Post, account: String, now: Date, _ db: Database) throws {
        let words = SearchText.words(of: post)
        try db.execute(sql: """
            INSERT INTO post (account, id, status_id, created_at, fetched_at, favourited, bookmarked, body, search_text, tags)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (account, id) DO UPDATE SET
                status_id = excluded.status_id, fetched_at = excluded.fetched_at, favourited = excluded.favourited,
                bookmarked = excluded.bookmarked, body = excluded.body, search_text = excluded.search_text, tags = excluded.tags
            """, arguments: [account, post.id, post.statusID, post.createdAt.timeIntervalSince1970, now.timeIntervalSince1970,
                             post.favourited, post.bookmarked, try PostCoding.encode(post), words.text, words.tags])
    }

    /// Entries with their posts; a post that cannot be read back is left out rather than shown broken.
    static func entries(_ db: Database, _ key: TimelineKey, where condition: String, order: String, limit: Int) throws -> [StoredEntry] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT e.id, e.seq, e.post_id, e.gap_from_top, e.gap_from_bottom, p.body FROM entry e
            LEFT JOIN post p ON p.account = e.account AND p.id = e.post_id
            WHERE e.account = ? AND e.timeline = ? AND \(condition) ORDER BY e.seq \(order) LIMIT ?
            """, arguments: [key.account, key.timeline, limit])
        return rows.compactMap { row in
            let seq: Int64 = row["seq"]
            if (row["post_id"] as String?) == nil {
                return .gap(StoredGap(id: "gap-\(row["id"] as Int64)", seq: seq,
                                      fromTop: (row["gap_from_top"] as String?).flatMap(URL.init(string:)),
                                      fromBottom: (row["gap_from_bottom"] as String?).flatMap(URL.init(string:))))
            }
            guard let body = row["body"] as Data?, let post = try? PostCoding.decode(body) else { return nil }
            return .post(post, seq: seq)
        }
    }

    /// `count` increasing seqs for new entries at `position`, renumbering the timeline when two adjacent
    /// entries have no room left between them.
    static func seqs(_ count: Int, at position: InsertPosition, _ key: TimelineKey, _ db: Database) throws -> ([Int64], Bool) {
        let n = Int64(count)
        switch position {
        case .top:
            let first = try Int64.fetchOne(db, sql: "SELECT MIN(seq) FROM entry WHERE account = ? AND timeline = ?",
                                           arguments: [key.account, key.timeline]) ?? 0
            return ((0..<n).map { first - spacing * (n - $0) }, false)
        case .bottom:
            let last = try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM entry WHERE account = ? AND timeline = ?",
                                          arguments: [key.account, key.timeline]) ?? 0
            return ((1...n).map { last + spacing * $0 }, false)
        case .between(var newer, var older):
            let renumbered = older - newer <= n
            if renumbered { (newer, older) = try renumber(key, keeping: (newer, older), db) }
            let step = (older - newer) / (n + 1)
            return ((1...n).map { newer + step * $0 }, renumbered)
        }
    }

    /// Spreads a timeline's seqs evenly again; returns where the two given entries moved to.
    private static func renumber(_ key: TimelineKey, keeping pair: (Int64, Int64), _ db: Database) throws -> (Int64, Int64) {
        let rows = try Row.fetchAll(db, sql: "SELECT id, seq FROM entry WHERE account = ? AND timeline = ? ORDER BY seq",
                                    arguments: [key.account, key.timeline])
        var moved = pair
        for (i, row) in rows.enumerated() {
            let seq = Int64(i) * spacing
            let old: Int64 = row["seq"]
            if old == pair.0 { moved.0 = seq }
            if old == pair.1 { moved.1 = seq }
            try db.execute(sql: "UPDATE entry SET seq = ? WHERE id = ?", arguments: [seq, row["id"] as Int64])
        }
        return moved
    }

    static func rowID(of gap: StoredGap) -> Int64 {
        Int64(gap.id.dropFirst("gap-".count)) ?? -1
    }

    static func placeholders(_ n: Int) -> String {
        n == 0 ? "NULL" : Array(repeating: "?", count: n).joined(separator: ",")
    }
}
