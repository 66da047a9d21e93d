import Foundation
import GRDB

/// A like or save the user made that the server has not confirmed yet.
public struct PendingAction: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case favourite, bookmark
    }

    /// Order of the last press: replay goes by it.
    public var seq: Int64
    public var statusID: String
    public var kind: Kind
    /// What the user wants (liked or not, saved or not).
    public var wanted: Bool
    /// What the server last said.
    public var confirmed: Bool

    public init(seq: Int64 = 0, statusID: String, kind: Kind, wanted: Bool, confirmed: Bool) {
        self.seq = seq
        self.statusID = statusID
        self.kind = kind
        self.wanted = wanted
        self.confirmed = confirmed
    }
}

/// The pending-actions journal: a press is written here before the screen shows it.
extension Store {
    /// Records the user's latest wish for a status, replacing an earlier one and moving it to the end of
    /// the replay order. Returns once the row is committed.
    @discardableResult
    public func enqueue(_ action: PendingAction, account: String, now: Date = Date()) throws -> Int64 {
        try pool.write { db in
            try db.execute(sql: "DELETE FROM pending_action WHERE account = ? AND status_id = ? AND kind = ?",
                           arguments: [account, action.statusID, action.kind.rawValue])
            try db.execute(sql: """
                INSERT INTO pending_action (account, status_id, kind, wanted, confirmed, created_at) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [account, action.statusID, action.kind.rawValue, action.wanted, action.confirmed,
                                 now.timeIntervalSince1970])
            return db.lastInsertedRowID
        }
    }

    /// The server confirmed a state: the row goes when that is what the user wants, else it stays with the
    /// new confirmed state. Only the row with this seq is touched, so a newer press is never lost.
    public func settle(seq: Int64, account: String, confirmed: Bool) throws {
        try pool.write { db in
            try db.execute(sql: "DELETE FROM pending_action WHERE seq = ? AND account = ? AND wanted = ?",
                           arguments: [seq, account, confirmed])
            try db.execute(sql: "UPDATE pending_action SET confirmed = ? WHERE seq = ? AND account = ?",
                           arguments: [confirmed, seq, account])
        }
    }

    /// Drops an action the server refused.
    public func dropAction(seq: Int64, account: String) throws {
        try pool.write { db in
            try db.execute(sql: "DELETE FROM pending_action WHERE seq = ? AND account = ?", arguments: [seq, account])
        }
    }

    /// Every pending action of an account, in replay order.
    public func pendingActions(account: String) throws -> [PendingAction] {
        try pool.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM pending_action WHERE account = ? ORDER BY seq", arguments: [account])
                .compactMap { row in
                    guard let kind = PendingAction.Kind(rawValue: row["kind"]) else { return nil }
                    return PendingAction(seq: row["seq"], statusID: row["status_id"], kind: kind, wanted: row["wanted"],
                                         confirmed: row["confirmed"])
                }
        }
    }
}
