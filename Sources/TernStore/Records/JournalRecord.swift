import Foundation
import GRDB
import TernModel

/// One entry of the journal: what the user did that the server has not confirmed yet, a like or a post
/// alike. Entries are replayed in `seq` order, and every entry follows the one scheme that keeps a
/// request from taking effect twice: `inDoubt` is set (and on the disk) before a request goes out and
/// cleared when its answer is recorded, so after a kill or a lost answer the entry asks before it sends
/// again. A mark (favourite, follow, …) asks the server for the status or relationship; a post is sent
/// again under the same `key`, the Idempotency-Key by which the server makes it once.
struct JournalRecord: StoreRecord, MutablePersistableRecord {
    static let databaseTableName = "journal"
    /// The kind of a post's entry; a mark's kind is its `PendingAction.Kind`.
    static let postKind = "post"

    var seq: Int64?
    var account: String
    /// Unique per account: a mark's kind and target (one wish each, replaced by the next press), a post's
    /// idempotency key.
    var key: String
    var kind: String
    /// The status or account a mark is on; nil for a post.
    var target: String?
    /// A mark: what the user wants, and what the server last said.
    var wanted: Bool
    var confirmed: Bool
    var inDoubt: Bool
    /// `confirmed` is what the screen showed, never asked of the server (`PendingAction.assumed`).
    var assumed: Bool
    /// A mark: what else its request needs (a mute's length in seconds).
    var detail: String?
    /// A post: its draft, as JSON.
    var body: Data?
    var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case seq, account, key, kind, target, wanted, confirmed, assumed, detail, body
        case inDoubt = "in_doubt", createdAt = "created_at"
    }

    enum Columns {
        static let seq = Column(CodingKeys.seq)
        static let account = Column(CodingKeys.account)
        static let key = Column(CodingKeys.key)
        static let kind = Column(CodingKeys.kind)
        static let wanted = Column(CodingKeys.wanted)
        static let confirmed = Column(CodingKeys.confirmed)
        static let inDoubt = Column(CodingKeys.inDoubt)
        static let assumed = Column(CodingKeys.assumed)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { seq = inserted.rowID }

    static func markKey(_ kind: PendingAction.Kind, _ target: String) -> String { "\(kind.rawValue):\(target)" }

    /// An account's entries, in replay order.
    static func of(_ account: String) -> QueryInterfaceRequest<JournalRecord> {
        filter(Columns.account == account).order(Columns.seq)
    }

    static func entry(_ key: String, account: String) -> QueryInterfaceRequest<JournalRecord> {
        filter(Columns.account == account && Columns.key == key)
    }

    init(mark action: PendingAction, account: String, now: Date) {
        self.account = account
        key = Self.markKey(action.kind, action.statusID)
        kind = action.kind.rawValue
        target = action.statusID
        wanted = action.wanted
        confirmed = action.confirmed ?? false
        inDoubt = action.confirmed == nil
        assumed = action.confirmed != nil && action.assumed
        detail = action.detail
        createdAt = now
    }

    init(post: OutgoingPost, account: String) throws {
        self.account = account
        key = post.idempotencyKey
        kind = Self.postKind
        wanted = true
        confirmed = false
        inDoubt = post.inDoubt
        assumed = false
        body = try DraftCoding.encode(post.draft)
        createdAt = post.createdAt
    }

    /// The post it holds; nil for a mark, or a draft this Tern can't read (a newer Tern's, or damaged: logged).
    func post(_ unreadable: UnreadableRows) -> OutgoingPost? {
        guard kind == Self.postKind, let body,
              let draft = DraftCoding.decode(body, "waiting post \(key) of \(account)", logging: unreadable) else { return nil }
        return OutgoingPost(idempotencyKey: key, draft: draft, createdAt: createdAt, inDoubt: inDoubt)
    }

    /// The mark it holds; nil for a post, or a kind this Tern does not know.
    var mark: PendingAction? {
        guard let kind = PendingAction.Kind(rawValue: kind), let target else { return nil }
        return PendingAction(seq: seq ?? 0, statusID: target, kind: kind, wanted: wanted, confirmed: inDoubt ? nil : confirmed,
                             assumed: !inDoubt && assumed, detail: detail)
    }
}

/// Something the user hid, per account: an account (muted or blocked), an account's boosts, or one post;
/// `until` ends a timed mute.
struct HiddenRecord: StoreRecord, PersistableRecord {
    static let databaseTableName = "hidden"

    var account: String
    var kind: String
    var target: String
    var until: Date?

    enum Columns {
        static let account = Column(CodingKeys.account)
        static let until = Column(CodingKeys.until)
    }

    var entry: HiddenEntry? {
        HiddenEntry.Kind(rawValue: kind).map { HiddenEntry(kind: $0, target: target, until: until) }
    }
}
