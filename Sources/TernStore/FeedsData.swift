import Foundation
import GRDB
import TernModel

/// A web feed the user follows, with what fetching it learned.
package struct WebFeedSubscription: Sendable, Equatable {
    package var id: Int64
    package var url: URL
    /// The user's name for it (from an import), else the feed's own title.
    package var title: String
    package var site: String?
    package var tags: [String]
    package var etag: String?
    package var lastModified: String?
    package var addedAt: Date
    package var checkedAt: Date?
    /// The last fetch that brought something other than "not modified".
    package var changedAt: Date?
    /// The server asked not to be asked again before this (429 or 503 with `Retry-After`).
    package var retryAfter: Date?
    package var lastError: String?

    /// The feed's own timeline, in the `feeds` account.
    package var timeline: String { FeedsData.feedTimeline(id) }

    /// What the feed is called: the user's or its own title, else, before it was first read, its host and
    /// path (a list of raw addresses, scheme and all, was what the picker showed on the first start).
    package var name: String {
        guard title.isEmpty else { return title }
        guard let host = url.host, !host.isEmpty else { return url.absoluteString }
        let path = url.path == "/" ? "" : url.path
        return host + (url.port.map { ":\($0)" } ?? "") + path
    }
}

/// The web feeds' part of the store: subscriptions, and the items' full text and read marks. The items
/// are posts of the `feeds` account (`FeedsData.account`), in its timelines `all`, `feed:ID` and `tag:T`.
package struct FeedsData: Sendable {
    let store: Store
    var pool: DatabasePool { store.pool }

    /// The store's name for the account that holds the feeds' items.
    package static let account = "feeds"

    package var items: AccountData { store.account(Self.account) }

    /// The `feeds` account's timelines: a feed's own, and a tag's.
    static func feedTimeline(_ id: Int64) -> String { "feed:\(id)" }
    package static func tagTimeline(_ tag: String) -> String { "tag:" + tag }

    package func subscriptions() async throws -> [WebFeedSubscription] {
        try await store.asyncRead(Self.subscriptions)
    }

    static func subscriptions(_ db: Database) throws -> [WebFeedSubscription] {
        try WebFeedRecord.order(Column("id")).fetchAll(db).map(Self.subscription)
    }

    /// Adds a feed, or returns the one already at that address (its tags joined with `tags`).
    @discardableResult
    package func subscribe(url: URL, title: String = "", tags: [String] = [], now: Date = Date()) async throws -> WebFeedSubscription {
        try await pool.write { db in
            if var existing = try WebFeedRecord.filter(Column("url") == url.absoluteString).fetchOne(db) {
                let had = Self.tags(existing.tags)
                let merged = had + tags.filter { !had.contains($0) }
                existing.tags = merged.joined(separator: ",")
                if existing.title.isEmpty { existing.title = title }
                try existing.update(db)
                return Self.subscription(existing)
            }
            var record = WebFeedRecord(id: nil, url: url.absoluteString, title: title, site: nil,
                                       tags: tags.joined(separator: ","), addedAt: now)
            try record.insert(db)
            return Self.subscription(record)
        }
    }

    /// Removes a feed with its items: their texts, their posts (and so their words in the search) and their
    /// entries in every list, the shared ones too, so nothing of it is shown or counted. An item another
    /// feed followed carries too stays, for that feed.
    package func unsubscribe(_ id: Int64) async throws {
        try await pool.write { db in
            let onlyItsOwn = """
                SELECT post_id FROM web_feed_item WHERE feed_id = ?
                    AND post_id NOT IN (SELECT post_id FROM web_feed_item WHERE feed_id != ?)
                """
            try db.execute(sql: "DELETE FROM entry WHERE account = ? AND post_id IN (\(onlyItsOwn))", arguments: [Self.account, id, id])
            try db.execute(sql: "DELETE FROM post WHERE account = ? AND id IN (\(onlyItsOwn))", arguments: [Self.account, id, id])
            // Last: its items' rows go with it (they cascade), and they were what named its posts above.
            _ = try WebFeedRecord.deleteOne(db, key: id)
            try db.execute(sql: "DELETE FROM entry WHERE account = ? AND timeline = ?", arguments: [Self.account, Self.feedTimeline(id)])
        }
    }

    /// What a fetch learned: the caching headers, the feed's title and site, a new address (a permanent
    /// redirect), or why it failed.
    package func record(_ id: Int64, change: @escaping @Sendable (inout WebFeedSubscription) -> Void) async throws {
        try await pool.write { db in
            guard var r = try WebFeedRecord.fetchOne(db, key: id) else { return }
            var s = Self.subscription(r)
            change(&s)
            r.url = s.url.absoluteString
            r.title = s.title
            r.site = s.site
            r.tags = s.tags.joined(separator: ",")
            r.etag = s.etag
            r.lastModified = s.lastModified
            r.checkedAt = s.checkedAt
            r.changedAt = s.changedAt
            r.retryAfter = s.retryAfter
            r.lastError = s.lastError
            try r.update(db)
        }
    }

    /// Posts made ready to be written (encoded, their words for the search found) off the store's one
    /// writer, so that many feeds' items are prepared at once and the writer only writes.
    package struct PreparedPosts: Sendable {
        let records: [PostRecord]
        let posts: [Post]

        package init(_ posts: [Post], now: Date = Date()) throws {
            self.posts = posts
            records = try posts.map { try PostRecord($0, account: FeedsData.account, fetchedAt: now) }
        }
    }

    /// A fetched feed written in one transaction: its items' texts, its posts (new and known again), and the
    /// new ones at the top of the feed's own list.
    package func store(feed: WebFeedSubscription, texts: [(postID: String, html: String)], fresh: PreparedPosts,
                      seen: PreparedPosts) async throws {
        let items = self.items.timeline(feed.timeline)
        try await pool.write { db in
            for t in texts {
                try db.execute(sql: """
                    INSERT INTO web_feed_item (feed_id, post_id, html, read) VALUES (?, ?, ?, 0)
                    ON CONFLICT (feed_id, post_id) DO UPDATE SET html = excluded.html
                    """, arguments: [feed.id, t.postID, t.html])
            }
            for var record in seen.records + fresh.records { try record.upsert(db) }
            _ = try items.insertEntries(fresh.posts, at: .top, db)
        }
    }

    /// The ids of the items already stored: this feed's, to tell new ones, and every feed's, so that an item
    /// known already (the feed followed before, or at another address too) keeps its one post.
    package func knownItems(feed: Int64) async throws -> (own: Set<String>, all: Set<String>) {
        try await store.asyncRead { db in
            let rows = try Row.fetchAll(db, sql: "SELECT feed_id, post_id FROM web_feed_item")
            var own = Set<String>(), all = Set<String>()
            for row in rows {
                let postID: String = row["post_id"]
                all.insert(postID)
                if row["feed_id"] as Int64 == feed { own.insert(postID) }
            }
            return (own, all)
        }
    }

    package func text(of postID: String) async throws -> String? {
        try await store.asyncRead { db in try String.fetchOne(db, sql: "SELECT html FROM web_feed_item WHERE post_id = ?", arguments: [postID]) }
    }

    package func markRead(_ postIDs: [String], read: Bool = true) async throws {
        try await pool.write { db in
            for id in postIDs { try db.execute(sql: "UPDATE web_feed_item SET read = ? WHERE post_id = ?", arguments: [read, id]) }
        }
    }

    /// Which of these items are not read yet. Synchronous: a feeds' list marks its items as it publishes them.
    package func unread(among postIDs: [String]) throws -> Set<String> {
        guard !postIDs.isEmpty else { return [] }
        return try pool.read { db in
            Set(try String.fetchAll(db, sql: "SELECT post_id FROM web_feed_item WHERE read = 0 AND post_id IN (\(databaseQuestionMarks(count: postIDs.count)))",
                                    arguments: StatementArguments(postIDs)))
        }
    }

    /// Every item of a feeds' list (`all`, `feed:ID`, `tag:T`) read.
    package func markAllRead(timeline: String) async throws {
        try await pool.write { db in
            try db.execute(sql: """
                UPDATE web_feed_item SET read = 1 WHERE read = 0 AND post_id IN
                    (SELECT post_id FROM entry WHERE account = ? AND timeline = ? AND post_id IS NOT NULL)
                """, arguments: [Self.account, timeline])
        }
    }

    /// Unread items per feed.
    package func unreadCounts() async throws -> [Int64: Int] {
        try await store.asyncRead(Self.unreadCounts)
    }

    static func unreadCounts(_ db: Database) throws -> [Int64: Int] {
        let rows = try Row.fetchAll(db, sql: "SELECT feed_id, COUNT(*) AS n FROM web_feed_item WHERE read = 0 GROUP BY feed_id")
        return Dictionary(uniqueKeysWithValues: rows.map { ($0["feed_id"] as Int64, $0["n"] as Int) })
    }

    /// Every list of the web feeds: all of them, each tag's, each feed's, with their unread items.
    package func lists() async throws -> [(TimelineID, unread: Int)] {
        let feeds = try await subscriptions()
        let unread = try await unreadCounts()
        // An item two subscriptions bring (one feed at two addresses) is one unread item of them all.
        let all = try await store.asyncRead { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT post_id) FROM web_feed_item WHERE read = 0") ?? 0
        }
        var out: [(TimelineID, unread: Int)] = [(.allWebFeeds, all)]
        var byTag: [String: Int] = [:], tags: [String] = []
        for f in feeds {
            for t in f.tags {
                if byTag[t] == nil { tags.append(t) }
                byTag[t, default: 0] += unread[f.id] ?? 0
            }
        }
        out += tags.map { (.webFeeds(name: Self.tagTimeline($0), title: "Feeds: " + $0), byTag[$0] ?? 0) }
        out += feeds.map { (.webFeeds(name: $0.timeline, title: $0.name), unread[$0.id] ?? 0) }
        return out
    }

    static func tags(_ text: String) -> [String] { text.split(separator: ",").map(String.init) }

    static func subscription(_ r: WebFeedRecord) -> WebFeedSubscription {
        WebFeedSubscription(id: r.id ?? 0, url: URL(string: r.url) ?? URL(fileURLWithPath: "/"), title: r.title, site: r.site,
                            tags: tags(r.tags), etag: r.etag, lastModified: r.lastModified, addedAt: r.addedAt, checkedAt: r.checkedAt,
                            changedAt: r.changedAt, retryAfter: r.retryAfter, lastError: r.lastError)
    }
}

extension FeedsData {
    /// Whether the store at `url` follows any web feed, read without taking the store (its lock is held
    /// until the store is gone, which a moment later opening it again must not race): `tern` with no
    /// account asks, before it opens the store for good. A store not made yet, or from before feeds, follows none.
    package static func followsAny(store url: URL) throws -> Bool {
        try Store.readBeside(url) { db in
            guard try db.tableExists(WebFeedRecord.databaseTableName) else { return false }
            return try WebFeedRecord.fetchCount(db) > 0
        } ?? false
    }

    /// The feeds followed and their unread items, read the same way: `tern feeds list` only reads, so it
    /// works beside a running Tern as `tern cache` does.
    package static func listed(store url: URL) throws -> (feeds: [WebFeedSubscription], unread: [Int64: Int]) {
        try Store.readBeside(url) { db in
            guard try db.tableExists(WebFeedRecord.databaseTableName) else { return ([], [:]) }
            return (try subscriptions(db), try unreadCounts(db))
        } ?? ([], [:])
    }
}

extension Store {
    /// The web feeds' subscriptions and items.
    package var feeds: FeedsData { FeedsData(store: self) }
}
