import Foundation
import GRDB
import TernModel

/// A post as stored for one account: the server's JSON (`body`) and the columns the store sorts, filters
/// and searches by. Boosts are posts of their own (`id`), of the status they show (`statusID`).
struct PostRecord: StoreRecord, MutablePersistableRecord {
    static let databaseTableName = "post"

    var pk: Int64?
    var account: String
    var id: String
    var statusID: String
    var createdAt: Date
    var fetchedAt: Date
    var favourited: Bool
    var bookmarked: Bool
    var body: Data
    /// The words and hashtags the full-text index reads (kept in step with it by triggers).
    var searchText: String
    var tags: String

    enum CodingKeys: String, CodingKey {
        case pk, account, id, favourited, bookmarked, body, tags
        case statusID = "status_id", createdAt = "created_at", fetchedAt = "fetched_at", searchText = "search_text"
    }

    enum Columns {
        static let account = Column(CodingKeys.account)
        static let id = Column(CodingKeys.id)
        static let statusID = Column(CodingKeys.statusID)
    }

    init(_ post: Post, account: String, fetchedAt: Date) throws {
        let words = SearchText.words(of: post)
        self.account = account
        id = post.id
        statusID = post.statusID
        createdAt = post.createdAt
        self.fetchedAt = fetchedAt
        favourited = post.favourited
        bookmarked = post.bookmarked
        body = try PostCoding.encode(post)
        searchText = words.text
        tags = words.tags
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { pk = inserted.rowID }

    /// The post it holds; throws when the stored JSON can't be read back (a newer Tern's, or damaged).
    func post() throws -> Post { try PostCoding.decode(body) }

    /// Writes the post, or refreshes the stored copy of it (the same account and id).
    static func upsert(_ post: Post, account: String, now: Date, _ db: Database) throws {
        var record = try PostRecord(post, account: account, fetchedAt: now)
        try record.upsert(db)
    }

    /// An account's posts, by status (a status and every boost of it).
    static func showing(_ statusID: String, account: String) -> QueryInterfaceRequest<PostRecord> {
        filter(Columns.account == account && Columns.statusID == statusID)
    }
}
