import Foundation
import GRDB

/// When a thread around an opened post was last fetched.
struct ThreadRecord: StoreRecord, PersistableRecord {
    static let databaseTableName = "thread"

    var account: String
    var rootID: String
    var fetchedAt: Date

    enum CodingKeys: String, CodingKey {
        case account, rootID = "root_id", fetchedAt = "fetched_at"
    }
}

/// A post's place in a stored thread: `position` orders the thread, `depth` is 0 for the ancestors and the
/// opened post.
struct ThreadPostRecord: StoreRecord, PersistableRecord {
    static let databaseTableName = "thread_post"

    var account: String
    var rootID: String
    var position: Int
    var postID: String
    var depth: Int

    enum CodingKeys: String, CodingKey {
        case account, position, depth, rootID = "root_id", postID = "post_id"
    }

    enum Columns {
        static let account = Column(CodingKeys.account)
        static let rootID = Column(CodingKeys.rootID)
        static let position = Column(CodingKeys.position)
        static let postID = Column(CodingKeys.postID)
    }

    static let post = belongsTo(PostRecord.self, using: ForeignKey([CodingKeys.account.rawValue, CodingKeys.postID.rawValue],
                                                                   to: [PostRecord.CodingKeys.account.rawValue, PostRecord.CodingKeys.id.rawValue]))
}

/// A thread's post with its depth, as a thread is read.
struct ThreadPostWithPost: Decodable, FetchableRecord {
    var threadPost: ThreadPostRecord
    var post: PostRecord

    enum CodingKeys: String, CodingKey { case threadPost = "thread_post", post }
}

/// A notification group as the server sent it (`body`), ordered the way the server orders its ids.
struct NotificationGroupRecord: StoreRecord, PersistableRecord {
    static let databaseTableName = "notification_group"

    var account: String
    var groupKey: String
    /// The group's newest id, prefixed by its length: ids sort as the server sorts them (`orderKey`).
    var orderKey: String
    var fetchedAt: Date
    var body: Data

    enum CodingKeys: String, CodingKey {
        case account, body, groupKey = "group_key", orderKey = "order_key", fetchedAt = "fetched_at"
    }

    enum Columns {
        static let account = Column(CodingKeys.account)
        static let orderKey = Column(CodingKeys.orderKey)
    }

    static func orderKey(_ id: String) -> String {
        let digits = String(id.count)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ":" + id
    }
}

/// A read position (of "notifications"), and whether the server has yet to be told of it.
struct MarkerRecord: StoreRecord, PersistableRecord {
    static let databaseTableName = "marker"

    var account: String
    var timeline: String
    var lastReadID: String
    var unsent: Bool

    enum CodingKeys: String, CodingKey {
        case account, timeline, unsent, lastReadID = "last_read_id"
    }
}

/// A profile as last fetched, with the user's relationship to it (`body`: JSON).
struct ProfileRecord: StoreRecord, PersistableRecord {
    static let databaseTableName = "profile"

    var account: String
    var accountID: String
    var fetchedAt: Date
    var body: Data

    enum CodingKeys: String, CodingKey {
        case account, body, accountID = "account_id", fetchedAt = "fetched_at"
    }
}

/// The user's answer to an account's follow request: accepted or rejected.
struct RequestAnswerRecord: StoreRecord, PersistableRecord {
    static let databaseTableName = "request_answer"

    var account: String
    var accountID: String
    var accepted: Bool

    enum CodingKeys: String, CodingKey {
        case account, accepted, accountID = "account_id"
    }
}

/// What the server said about itself, under a key ("posting_limits").
struct ServerInfoRecord: StoreRecord, PersistableRecord {
    static let databaseTableName = "server_info"
    static let postingLimits = "posting_limits"

    var account: String
    var key: String
    var fetchedAt: Date
    var body: Data

    enum CodingKeys: String, CodingKey {
        case account, key, body, fetchedAt = "fetched_at"
    }
}

/// A draft (`body`: JSON), one per thing being written.
struct DraftRecord: StoreRecord, PersistableRecord {
    static let databaseTableName = "draft"

    var account: String
    var id: String
    var updatedAt: Date
    var body: Data

    enum CodingKeys: String, CodingKey {
        case account, id, body, updatedAt = "updated_at"
    }

    enum Columns {
        static let account = Column(CodingKeys.account)
        static let updatedAt = Column(CodingKeys.updatedAt)
    }
}
