import Foundation
import GRDB

/// A like, save, boost, follow, mute or block the user made that the server has not confirmed yet.
public struct PendingAction: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case favourite, bookmark, reblog
        /// One's own post pinned to one's profile; a conversation's notifications muted.
        case pin, threadMute = "thread_mute"
        /// On an account (`statusID` is then the account's id).
        case follow, mute, block

        public var onAccount: Bool { self == .follow || self == .mute || self == .block }
    }

    /// Order of the last press: replay goes by it.
    public var seq: Int64
    /// The status acted on; for follow, mute and block, the account.
    public var statusID: String
    public var kind: Kind
    /// What the user wants (liked or not, saved or not).
    public var wanted: Bool
    /// What the server last said; nil when a request for this action went out and no answer came back,
    /// so the server's state is not known until asked.
    public var confirmed: Bool?
    /// What else the request needs: a mute's length in seconds.
    public var detail: String?

    public init(seq: Int64 = 0, statusID: String, kind: Kind, wanted: Bool, confirmed: Bool?, detail: String? = nil) {
        self.seq = seq
        self.statusID = statusID
        self.kind = kind
        self.wanted = wanted
        self.confirmed = confirmed
        self.detail = detail
    }
}

/// The pending-actions journal: a press is written here before the screen shows it, and a request is
/// marked here before it is sent. Rows are keyed by status and kind: one wish each.
extension Store {
    /// Records the user's latest wish for a status, replacing an earlier one and moving it to the end of
    /// the replay order. Returns once the row is committed.
    @discardableResult
    public func enqueue(_ action: PendingAction, account: String, now: Date = Date()) throws -> Int64 {
        try durableWrite { db in
            try db.execute(sql: "DELETE FROM pending_action WHERE account = ? AND status_id = ? AND kind = ?",
                           arguments: [account, action.statusID, action.kind.rawValue])
            try db.execute(sql: """
                INSERT INTO pending_action (account, status_id, kind, wanted, confirmed, in_doubt, created_at, detail)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [account, action.statusID, action.kind.rawValue, action.wanted, action.confirmed ?? false,
                                 action.confirmed == nil, now.timeIntervalSince1970, action.detail])
            return db.lastInsertedRowID
        }
    }

    /// A request for this wish is about to go out: until its answer is recorded, the server's state is in doubt.
    public func markSent(statusID: String, kind: PendingAction.Kind, account: String) throws {
        try durableWrite { db in
            try db.execute(sql: "UPDATE pending_action SET in_doubt = 1 WHERE account = ? AND status_id = ? AND kind = ?",
                           arguments: [account, statusID, kind.rawValue])
        }
    }

    /// The server's state is known: the row goes when that is what the user wants, else it stays with the
    /// new confirmed state (a newer press is never lost: it is the row's `wanted`).
    public func settle(statusID: String, kind: PendingAction.Kind, account: String, confirmed: Bool) throws {
        try durableWrite { db in
            let key: StatementArguments = [account, statusID, kind.rawValue]
            try db.execute(sql: "DELETE FROM pending_action WHERE account = ? AND status_id = ? AND kind = ? AND wanted = ?",
                           arguments: key + [confirmed])
            try db.execute(sql: """
                UPDATE pending_action SET confirmed = ?, in_doubt = 0 WHERE account = ? AND status_id = ? AND kind = ?
                """, arguments: [confirmed] + key)
        }
    }

    /// Drops a wish the server refused.
    public func dropAction(statusID: String, kind: PendingAction.Kind, account: String) throws {
        try durableWrite { db in
            try db.execute(sql: "DELETE FROM pending_action WHERE account = ? AND status_id = ? AND kind = ?",
                           arguments: [account, statusID, kind.rawValue])
        }
    }

    /// Every pending action of an account, in replay order.
    public func pendingActions(account: String) throws -> [PendingAction] {
        try pool.read { db in try Self.pendingActions(db, account: account) }
    }

    static func pendingActions(_ db: Database, account: String) throws -> [PendingAction] {
        try Row.fetchAll(db, sql: "SELECT * FROM pending_action WHERE account = ? ORDER BY seq", arguments: [account])
            .compactMap { row in
                guard let kind = PendingAction.Kind(rawValue: row["kind"]) else { return nil }
                let inDoubt: Bool = row["in_doubt"]
                return PendingAction(seq: row["seq"], statusID: row["status_id"], kind: kind, wanted: row["wanted"],
                                     confirmed: inDoubt ? nil : row["confirmed"] as Bool, detail: row["detail"])
            }
    }
}

/// What the user hid: an account (muted or blocked), an account's boosts, or one post.
public struct HiddenEntry: Sendable, Hashable {
    public enum Kind: String, Sendable {
        case muted, blocked, boosts, status
    }

    public var kind: Kind
    public var target: String
    /// When a timed mute ends; nil for as long as it isn't undone.
    public var until: Date?

    public init(kind: Kind, target: String, until: Date? = nil) {
        self.kind = kind
        self.target = target
        self.until = until
    }
}

/// Hiding is the user's and local: it holds offline and whatever the server still sends.
extension Store {
    public func hide(_ entry: HiddenEntry, account: String) throws {
        try durableWrite { db in
            try db.execute(sql: """
                INSERT INTO hidden (account, kind, target, until) VALUES (?, ?, ?, ?)
                ON CONFLICT (account, kind, target) DO UPDATE SET until = excluded.until
                """, arguments: [account, entry.kind.rawValue, entry.target, entry.until?.timeIntervalSince1970])
        }
    }

    public func unhide(_ kind: HiddenEntry.Kind, target: String, account: String) throws {
        try durableWrite { db in
            try db.execute(sql: "DELETE FROM hidden WHERE account = ? AND kind = ? AND target = ?",
                           arguments: [account, kind.rawValue, target])
        }
    }

    /// What is hidden now (timed mutes that ended are dropped on the way).
    public func hidden(account: String, now: Date = Date()) throws -> [HiddenEntry] {
        try pool.write { db in
            try db.execute(sql: "DELETE FROM hidden WHERE account = ? AND until IS NOT NULL AND until <= ?",
                           arguments: [account, now.timeIntervalSince1970])
            return try Self.hidden(db, account: account)
        }
    }

    /// Every hidden entry, expired or not (a reader can't delete; `until` still says which are over).
    static func hidden(_ db: Database, account: String) throws -> [HiddenEntry] {
        try Row.fetchAll(db, sql: "SELECT * FROM hidden WHERE account = ?", arguments: [account]).compactMap { row in
            guard let kind = HiddenEntry.Kind(rawValue: row["kind"]) else { return nil }
            return HiddenEntry(kind: kind, target: row["target"], until: (row["until"] as Double?).map(Date.init(timeIntervalSince1970:)))
        }
    }
}
