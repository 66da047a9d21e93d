import Foundation
import GRDB
import TernModel

/// One account's part of the store: every read and write it offers is of that account, so no caller
/// names the account again and none can mix two. An account's session holds one; `Store.account(_:)`
/// makes it. Reads and writes are awaited (a read runs on a thread of the store's own, see
/// `Store.asyncRead`), except the journal's and a timeline's, which say why.
package struct AccountData: Sendable {
    let store: Store
    /// The account's name in the store (`user@host`, or the demo's).
    package let account: String

    var pool: DatabasePool { store.pool }

    /// One of the account's timelines ("home", "list:42", …).
    package func timeline(_ name: String) -> TimelineData {
        TimelineData(store: store, key: TimelineKey(account: account, timeline: name))
    }

    /// The account's stored copies of a status (the status, and each boost of it).
    func copies(_ statusID: String) -> QueryInterfaceRequest<PostRecord> { PostRecord.showing(statusID, account: account) }

    /// The server's latest copy of a status (after a like or save): every stored entry showing it changes.
    /// Synchronous: the action queue and the timeline engine call it in step with what they show.
    package func updateStatus(from status: Post) throws {
        try pool.write { db in
            for var record in try copies(status.statusID).fetchAll(db) {
                // A copy this Tern can't read is not updated (logged); the server's next answer replaces it whole.
                guard var post = store.unreadable.post(record.body, "post \(record.id) of \(account)",
                                                       "the server's latest counts and marks were not written into it") else { continue }
                post.takeMarksAndCounts(from: status)
                record.favourited = status.favourited
                record.bookmarked = status.bookmarked
                record.body = try PostCoding.encode(post)
                try record.update(db)
            }
        }
    }

    /// A poll as the server counts it after a vote: every stored entry showing its post changes.
    package func updatePoll(statusID: String, _ poll: Poll) throws {
        try pool.write { db in
            for var record in try copies(statusID).fetchAll(db) {
                // A copy this Tern can't read is not updated (logged); the server's next answer replaces it whole.
                guard var post = store.unreadable.post(record.body, "post \(record.id) of \(account)",
                                                       "the poll's new count was not written into it") else { continue }
                post.poll = poll
                record.body = try PostCoding.encode(post)
                try record.update(db)
            }
        }
    }

    /// Writes a post's stored copy again wherever it is shown (a web feed's item that changed).
    /// Synchronous, as the timelines' writes are.
    package func updateStored(_ post: Post, now: Date = Date()) throws {
        try pool.write { db in try PostRecord.upsert(post, account: account, now: now, db) }
    }

    /// Cached posts of the account matching every term of `line` (words, CJK, `#hashtags`), newest first,
    /// one per status: a status is stored once for each place that shows it (Home, a boost of it, a
    /// conversation's entry), and the plain post stands for it where the store holds one.
    /// Synchronous: a search list is read by its timeline engine, as its other timelines are.
    package func search(_ line: String, limit: Int = 200) throws -> [Post] {
        guard let query = SearchText.query(line) else { return [] }
        var found: [Post] = [], at: [String: Int] = [:]
        for post in try matches(query, limit: limit) {
            guard let i = at[post.statusID] else {
                at[post.statusID] = found.count
                found.append(post)
                continue
            }
            if post.boostedBy == nil, post.conversation == nil, found[i].boostedBy != nil || found[i].conversation != nil { found[i] = post }
        }
        return found
    }

    private func matches(_ query: String, limit: Int) throws -> [Post] {
        // FTS5's MATCH against the index's own table has no query-interface form.
        try pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT p.id, p.body FROM post_search JOIN post p ON p.pk = post_search.rowid
                WHERE post_search MATCH ? AND p.account = ? ORDER BY p.created_at DESC LIMIT ?
                """, arguments: [query, account, limit])
                // Search results from the cache: one this Tern can't read is no result, as it would be uncached.
                .compactMap { row in
                    store.unreadable.post(row["body"], "post \(row["id"] as String? ?? "?") of \(account)", "left out of a search's results")
                }
        }
    }
}

extension Store {
    /// The store as one account sees it.
    package func account(_ name: String) -> AccountData { AccountData(store: self, account: name) }

    /// One timeline of one account.
    package func timeline(_ key: TimelineKey) -> TimelineData { TimelineData(store: self, key: key) }
}
