import Foundation
import GRDB
import TernModel

/// A row of a stored timeline, ordered by `seq` (newest first): a post's place, or a gap (no `postID`) with
/// the server's links that page into it from either side.
struct EntryRecord: StoreRecord, MutablePersistableRecord {
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

/// A timeline's paging cursors and the user's place in it.
struct TimelineRecord: StoreRecord, PersistableRecord {
    static let databaseTableName = "timeline"

    var account: String
    var timeline: String
    var olderURL: String?
    var newerURL: String?
    var reachedEnd = false
    var anchorID: String?
    var anchorOffset = 0
    var seenID: String?
    var selectedID: String?

    enum CodingKeys: String, CodingKey {
        case account, timeline
        case olderURL = "older_url", newerURL = "newer_url", reachedEnd = "reached_end"
        case anchorID = "anchor_id", anchorOffset = "anchor_offset", seenID = "seen_id"
        case selectedID = "selected_id"
    }

    init(_ key: TimelineKey) {
        account = key.account
        timeline = key.timeline
    }

    /// By SQL, not by primary key: a key lookup asks SQLite for the table's schema first, a millisecond of
    /// the first frame.
    static func find(_ key: TimelineKey, _ db: Database) throws -> TimelineRecord? {
        try fetchOne(db, sql: "SELECT * FROM timeline WHERE account = ? AND timeline = ?", arguments: [key.account, key.timeline])
    }

    var state: TimelineState {
        TimelineState(olderURL: olderURL.flatMap(URL.init(string:)), newerURL: newerURL.flatMap(URL.init(string:)),
                      reachedEnd: reachedEnd, anchorID: anchorID, anchorOffset: anchorOffset, seenID: seenID,
                      selectedID: selectedID)
    }
}
