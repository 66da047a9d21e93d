import Foundation
import GRDB
import TernModel

/// One timeline of one account in the store: posts written through as pages arrive, read back as runs
/// around a position. Its reads and writes are synchronous, unlike the rest of the store's: the timeline
/// engine reads and changes its window of posts in one step, and an await between the two would let a
/// page that landed meanwhile be overwritten. They run on the engine, never on the UI loop, and take a
/// few milliseconds at 100,000 entries.
package struct TimelineData: Sendable {
    let store: Store
    package let key: TimelineKey

    /// Spacing of new entries' seqs, so that many pages fit between two entries before a renumbering.
    static let spacing: Int64 = 1 << 32
    var pool: DatabasePool { store.pool }
    var entries: QueryInterfaceRequest<EntryRecord> { EntryRecord.of(key) }

    /// Stores `posts` (newest first) at `position`, with an optional gap below them, in one transaction.
    /// Every post's stored copy is refreshed; only posts not already in the timeline get an entry. Returns the
    /// new entries in order, and whether older entries' seqs changed (a renumbering).
    /// `alreadyStored`: the posts were written a moment ago (a web feed's items, into the feed's own
    /// timeline before the shared ones): only entries are made, not the posts again.
    @discardableResult
    package func insert(_ posts: [Post], at position: InsertPosition, gapBelow: StoredGap? = nil, alreadyStored: Bool = false,
                       now: Date = Date()) throws -> (entries: [StoredEntry], renumbered: Bool) {
        try pool.write { db in
            if !alreadyStored { for post in posts { try PostRecord.upsert(post, account: key.account, now: now, db) } }
            return try insertEntries(posts, at: position, gapBelow: gapBelow, db)
        }
    }

    /// Entries for those of `posts` not in the timeline yet, inside the caller's transaction.
    func insertEntries(_ posts: [Post], at position: InsertPosition, gapBelow: StoredGap? = nil,
                       _ db: Database) throws -> (entries: [StoredEntry], renumbered: Bool) {
        do {
            var seen = Set(try entries.filter(posts.map(\.id).contains(EntryRecord.Columns.postID))
                .select(EntryRecord.Columns.postID, as: String.self).fetchAll(db))
            let fresh = posts.filter { seen.insert($0.id).inserted }
            let count = fresh.count + (gapBelow == nil ? 0 : 1)
            guard count > 0 else { return ([], false) }
            let (seqs, renumbered) = try self.seqs(count, at: position, db)
            var out: [StoredEntry] = []
            for (post, seq) in zip(fresh, seqs) {
                var entry = EntryRecord(account: key.account, timeline: key.timeline, seq: seq, postID: post.id)
                try entry.insert(db)
                out.append(.post(post, seq: seq))
            }
            if let gap = gapBelow {
                var entry = EntryRecord(account: key.account, timeline: key.timeline, seq: seqs[count - 1],
                                        gapFromTop: gap.fromTop?.absoluteString, gapFromBottom: gap.fromBottom?.absoluteString)
                try entry.insert(db)
                out.append(.gap(entry.gap))
            }
            return (out, renumbered)
        }
    }

    /// Up to `before` entries above the anchor post and `after` from it down; the newest entries when the
    /// anchor is nil or no longer stored.
    package func run(around anchorID: String?, before: Int, after: Int) throws -> StoredRun {
        try pool.read { db in try Self.run(db, key, logging: store.unreadable, around: anchorID, before: before, after: after) }
    }

    static func run(_ db: Database, _ key: TimelineKey, logging unreadable: UnreadableRows, around anchorID: String?, before: Int,
                    after: Int) throws -> StoredRun {
        let entries = EntryRecord.of(key)
        let anchorSeq = try anchorID.flatMap {
            try entries.filter(EntryRecord.Columns.postID == $0).select(EntryRecord.Columns.seq, as: Int64.self).fetchOne(db)
        }
        guard let anchorSeq else {
            let rows = try read(key, where: "1", newestFirst: true, limit: after + 1, logging: unreadable, db)
            return StoredRun(entries: rows.prefix(after).compactMap { $0 }, hasNewer: false, hasOlder: rows.count > after)
        }
        let above = try read(key, where: "e.seq < \(anchorSeq)", newestFirst: false, limit: before + 1, logging: unreadable, db)
        let below = try read(key, where: "e.seq >= \(anchorSeq)", newestFirst: true, limit: after + 1, logging: unreadable, db)
        return StoredRun(entries: above.prefix(before).reversed().compactMap { $0 } + below.prefix(after).compactMap { $0 },
                         hasNewer: above.count > before, hasOlder: below.count > after)
    }

    /// The oldest `count` entries.
    package func bottom(count: Int) throws -> StoredRun {
        try pool.read { db in
            let rows = try Self.read(key, where: "1", newestFirst: false, limit: count + 1, logging: store.unreadable, db)
            return StoredRun(entries: rows.prefix(count).reversed().compactMap { $0 }, hasNewer: rows.count > count, hasOlder: false)
        }
    }

    /// Up to `limit` entries right below `seq` (older), newest first; `more` when others follow.
    package func entries(olderThan seq: Int64, limit: Int) throws -> (entries: [StoredEntry], more: Bool) {
        try pool.read { db in
            let rows = try Self.read(key, where: "e.seq > \(seq)", newestFirst: true, limit: limit + 1, logging: store.unreadable, db)
            return (rows.prefix(limit).compactMap { $0 }, rows.count > limit)
        }
    }

    /// The attention of up to `limit` posts from `seq` down (older), newest first: each post's status, author
    /// and likes and boosts, read by SQLite from the stored JSON rather than decoding whole posts (what
    /// Catch-up measures each author's usual attention on: 1,000 posts decoded were three quarters of a
    /// 300-post window's read). A post whose JSON can't be read is left out, as the timeline leaves it out.
    package func attention(from seq: Int64, limit: Int) throws -> [PostAttention] {
        try pool.read { db in
            // A BLOB is text to SQLite's JSON functions only once cast (a later SQLite would take it for its
            // binary JSON); `json_valid` keeps one unreadable body from failing the whole read.
            try Row.fetchAll(db, sql: """
                SELECT status, json_extract(body, '$.account.id') AS author,
                       ifnull(json_extract(body, '$.favouritesCount'), 0) + ifnull(json_extract(body, '$.boostsCount'), 0) AS attention
                FROM (SELECT p.status_id AS status, CAST(p.body AS TEXT) AS body FROM entry e
                      JOIN post p ON p.account = e.account AND p.id = e.post_id
                      WHERE e.account = ? AND e.timeline = ? AND e.seq >= ? ORDER BY e.seq ASC LIMIT ?)
                WHERE json_valid(body)
                """, arguments: [key.account, key.timeline, seq, limit])
            .compactMap { row in
                guard let author = row["author"] as String? else { return nil }
                return PostAttention(statusID: row["status"], authorID: author, attention: row["attention"])
            }
        }
    }

    /// Up to `limit` entries right above `seq` (newer), newest first; `more` when others precede them.
    package func entries(newerThan seq: Int64, limit: Int) throws -> (entries: [StoredEntry], more: Bool) {
        try pool.read { db in
            let rows = try Self.read(key, where: "e.seq < \(seq)", newestFirst: false, limit: limit + 1, logging: store.unreadable, db)
            return (rows.prefix(limit).reversed().compactMap { $0 }, rows.count > limit)
        }
    }

    /// How many entries (posts and gaps) lie above `newer` and below `older`: where a window of the timeline
    /// stands in it. Counted on the timeline's index, about 5 ms at 100,000 entries.
    package func entryCounts(newerThan newer: Int64, olderThan older: Int64) throws -> (newer: Int, older: Int) {
        try pool.read { db in
            (try entries.filter(EntryRecord.Columns.seq < newer).fetchCount(db),
             try entries.filter(EntryRecord.Columns.seq > older).fetchCount(db))
        }
    }

    /// How many posts the timeline holds (gaps not counted): what a fetch added, measured before and after.
    package func postCount() throws -> Int {
        try pool.read { db in try entries.filter(EntryRecord.Columns.postID != nil).fetchCount(db) }
    }

    /// Whether any of these posts already has an entry in the timeline.
    package func containsAny(_ postIDs: [String]) throws -> Bool {
        guard !postIDs.isEmpty else { return false }
        return try pool.read { db in try entries.filter(postIDs.contains(EntryRecord.Columns.postID)).isEmpty(db) == false }
    }

    package func updateGap(_ gap: StoredGap) throws {
        try pool.write { db in
            guard var entry = try entries.filter(EntryRecord.Columns.id == Self.rowID(of: gap)).fetchOne(db) else { return }
            entry.gapFromTop = gap.fromTop?.absoluteString
            entry.gapFromBottom = gap.fromBottom?.absoluteString
            try entry.update(db)
        }
    }

    package func removeGap(_ gap: StoredGap) throws {
        try pool.write { db in
            _ = try entries.filter(EntryRecord.Columns.id == Self.rowID(of: gap) && EntryRecord.Columns.postID == nil).deleteAll(db)
        }
    }

    // MARK: Cursors and position

    package func state() throws -> TimelineState {
        try pool.read { db in try Self.state(db, key) }
    }

    static func state(_ db: Database, _ key: TimelineKey) throws -> TimelineState {
        try TimelineRecord.find(key, db)?.state ?? TimelineState()
    }

    /// Saves the paging cursors (not the position, which the UI saves on its own schedule).
    package func saveCursors(older: URL?, newer: URL?, reachedEnd: Bool) throws {
        try pool.write { db in
            var record = try TimelineRecord.find(key, db) ?? TimelineRecord(key)
            record.olderURL = older?.absoluteString
            record.newerURL = newer?.absoluteString
            record.reachedEnd = reachedEnd
            try record.save(db)
        }
    }

    /// The place: the row at the top of the view (`anchorID`, `offset` lines of it above the view) and the
    /// selected post (nil: the anchor).
    package func savePosition(anchorID: String, offset: Int, selectedID: String? = nil, seenID: String? = nil) throws {
        try pool.write { db in
            var record = try TimelineRecord.find(key, db) ?? TimelineRecord(key)
            record.anchorID = anchorID
            record.anchorOffset = offset
            record.selectedID = selectedID
            if let seenID { record.seenID = seenID }
            try record.save(db)
        }
    }

    /// Moves the read mark (the newest post seen) alone, keeping the place: a catch-up read to its end.
    package func saveSeen(_ seenID: String) throws {
        try pool.write { db in
            var record = try TimelineRecord.find(key, db) ?? TimelineRecord(key)
            record.seenID = seenID
            try record.save(db)
        }
    }

    // MARK: Internals

    /// Entries with their posts, in seq order (`newestFirst`) or against it; a post that cannot be read back
    /// is nil (logged), which callers leave out rather than show broken. It still counts as a row read: a
    /// window that came back one short once said that nothing older was stored. The one read here not made
    /// through the records' query interface: it is on the way to the first frame, and the first such read of
    /// a process (12 rows around the saved place) took 4.3 to 6.5 ms through the interface's join, 1.5 to
    /// 2.5 ms by SQL (release build).
    static func read(_ key: TimelineKey, where condition: String, newestFirst: Bool, limit: Int, logging unreadable: UnreadableRows,
                     _ db: Database) throws -> [StoredEntry?] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT e.id, e.seq, e.post_id, e.gap_from_top, e.gap_from_bottom, p.body FROM entry e
            LEFT JOIN post p ON p.account = e.account AND p.id = e.post_id
            WHERE e.account = ? AND e.timeline = ? AND \(condition) ORDER BY e.seq \(newestFirst ? "ASC" : "DESC") LIMIT ?
            """, arguments: [key.account, key.timeline, limit])
        let what = "\(key.account)'s \(key.timeline)"
        let fetched = rows.map { row in
            (seq: row["seq"] as Int64, id: row["id"] as Int64, postID: row["post_id"] as String?,
             fromTop: row["gap_from_top"] as String?, fromBottom: row["gap_from_bottom"] as String?, body: row["body"] as Data?)
        }
        let posts = decodeAll(fetched.map { ($0.postID, $0.body) }, what: what, logging: unreadable)
        return zip(fetched, posts).map { row, post -> StoredEntry? in
            guard row.postID != nil else {
                return .gap(StoredGap(id: "gap-\(row.id)", seq: row.seq, fromTop: row.fromTop.flatMap(URL.init(string:)),
                                      fromBottom: row.fromBottom.flatMap(URL.init(string:))))
            }
            // A cached copy of the server's post that this Tern can't read (a newer Tern wrote it) is left out, and
            // logged: the server still has it, and the next refresh writes it again in a form this one reads.
            return post.map { .post($0, seq: row.seq) }
        }
    }

    /// The stored posts' JSON decoded, nil for a gap's row or one this Tern can't read (logged), one after
    /// another. Decoding on every core was tried for a catch-up's long reads and taken out: on two cores the
    /// 5,000-post read took 241–281 ms with it and 245–316 ms without (`tern-bench catchup`, release, idle,
    /// interleaved medians of 11), no gain to tell from the noise, and under load 613 ms against 251 ms held
    /// to one core.
    static func decodeAll(_ rows: [(postID: String?, body: Data?)], what: String, logging unreadable: UnreadableRows) -> [Post?] {
        rows.map { row in
            guard let id = row.postID, let body = row.body else { return nil }
            return unreadable.post(body, "post \(id) of \(what)", "left out of the timeline until the server sends it again")
        }
    }

    /// `count` increasing seqs for new entries at `position`, renumbering the timeline when two adjacent
    /// entries have no room left between them.
    func seqs(_ count: Int, at position: InsertPosition, _ db: Database) throws -> ([Int64], Bool) {
        let n = Int64(count)
        let seqs = entries.select(EntryRecord.Columns.seq, as: Int64.self)
        switch position {
        case .top:
            let first = try seqs.order(EntryRecord.Columns.seq.asc).fetchOne(db) ?? 0
            return ((0..<n).map { first - Self.spacing * (n - $0) }, false)
        case .bottom:
            let last = try seqs.order(EntryRecord.Columns.seq.desc).fetchOne(db) ?? 0
            return ((1...n).map { last + Self.spacing * $0 }, false)
        case .between(var newer, var older):
            let renumbered = older - newer <= n
            if renumbered { (newer, older) = try renumber(keeping: (newer, older), db) }
            let step = (older - newer) / (n + 1)
            return ((1...n).map { newer + step * $0 }, renumbered)
        }
    }

    /// Spreads the timeline's seqs evenly again; returns where the two given entries moved to.
    private func renumber(keeping pair: (Int64, Int64), _ db: Database) throws -> (Int64, Int64) {
        var moved = pair
        for (i, var entry) in try entries.order(EntryRecord.Columns.seq).fetchAll(db).enumerated() {
            let seq = Int64(i) * Self.spacing
            if entry.seq == pair.0 { moved.0 = seq }
            if entry.seq == pair.1 { moved.1 = seq }
            entry.seq = seq
            try entry.update(db)
        }
        return moved
    }

    static func rowID(of gap: StoredGap) -> Int64 {
        Int64(gap.id.dropFirst("gap-".count)) ?? -1
    }
}
