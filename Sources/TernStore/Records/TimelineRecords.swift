import Foundation
import GRDB
import TernModel

/// A row of a stored timeline, ordered by `seq` (newest first): a post's place, or a gap (no `postID`) with
/// the server's links that page into it from either side.
struct EntryRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "entry"

    var id: Int64?
    var account: String
    var timeline: String
    var seq: Int64
    var postID: String?
    var gapFromTop: String?
    var gapFromBottom: String?

    enum CodingKeys: String, CodingKey {
        case id, account, timeline, seq
        case postID = "post_id", gapFromTop = "gap_from_top", gapFromBottom = "gap_from_bottom"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let account = Column(CodingKeys.account)
        static let timeline = Column(CodingKeys.timeline)
        static let seq = Column(CodingKeys.seq)
        static let postID = Column(CodingKeys.postID)
    }

    /// The entry's post, of the same account (the schema declares no foreign key: entries outlive pruned posts
    /// only until the next prune, and a missing post leaves its entry out of what is read).
    static let post = belongsTo(PostRecord.self, using: ForeignKey([CodingKeys.account.rawValue, CodingKeys.postID.rawValue],
                                                                   to: [PostRecord.CodingKeys.account.rawValue, PostRecord.CodingKeys.id.rawValue]))

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// One timeline's entries.
    static func of(_ key: TimelineKey) -> QueryInterfaceRequest<EntryRecord> {
        filter(Columns.account == key.account && Columns.timeline == key.timeline)
    }

    var gap: StoredGap {
        StoredGap(id: "gap-\(id ?? -1)", seq: seq, fromTop: gapFromTop.flatMap(URL.init(string:)),
                  fromBottom: gapFromBottom.flatMap(URL.init(string:)))
    }
}

/// An entry with its post, as a timeline is read.
struct EntryWithPost: Decodable, FetchableRecord {
    var entry: EntryRecord
    var post: PostRecord?

    /// The stored entry; nil for a post that can't be read back, left out rather than shown broken.
    var stored: StoredEntry? {
        guard entry.postID != nil else { return .gap(entry.gap) }
        guard let post = try? post?.post() else { return nil }
        return .post(post, seq: entry.seq)
    }
}

/// A timeline's paging cursors and the user's place in it.
struct TimelineRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "timeline"

    var account: String
    var timeline: String
    var olderURL: String?
    var newerURL: String?
    var reachedEnd = false
    var anchorID: String?
    var anchorOffset = 0

    enum CodingKeys: String, CodingKey {
        case account, timeline
        case olderURL = "older_url", newerURL = "newer_url", reachedEnd = "reached_end"
        case anchorID = "anchor_id", anchorOffset = "anchor_offset"
    }

    init(_ key: TimelineKey) {
        account = key.account
        timeline = key.timeline
    }

    static func find(_ key: TimelineKey, _ db: Database) throws -> TimelineRecord? {
        try fetchOne(db, key: [CodingKeys.account.rawValue: key.account, CodingKeys.timeline.rawValue: key.timeline])
    }

    var state: TimelineState {
        TimelineState(olderURL: olderURL.flatMap(URL.init(string:)), newerURL: newerURL.flatMap(URL.init(string:)),
                      reachedEnd: reachedEnd, anchorID: anchorID, anchorOffset: anchorOffset)
    }
}
