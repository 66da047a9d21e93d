import Foundation
import GRDB

/// A subscription to a web feed, as the store keeps it.
struct WebFeedRecord: StoreRecord, MutablePersistableRecord {
    static let databaseTableName = "web_feed"

    var id: Int64?
    var url: String
    var title: String
    var site: String?
    var tags: String
    var etag: String?
    var lastModified: String?
    var addedAt: Date
    var checkedAt: Date?
    var changedAt: Date?
    var retryAfter: Date?
    var lastError: String?

    enum CodingKeys: String, CodingKey {
        case id, url, title, site, tags, etag
        case lastModified = "last_modified", addedAt = "added_at", checkedAt = "checked_at", changedAt = "changed_at"
        case retryAfter = "retry_after", lastError = "last_error"
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// An item's full text and whether it was read.
struct WebFeedItemRecord: StoreRecord, PersistableRecord {
    static let databaseTableName = "web_feed_item"

    var feedID: Int64
    var postID: String
    var html: String
    var read: Bool

    enum CodingKeys: String, CodingKey {
        case feedID = "feed_id", postID = "post_id", html, read
    }
}
