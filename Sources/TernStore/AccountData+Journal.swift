import Foundation
import GRDB

/// A like, save, boost, reaction, follow, mute, block or hashtag follow the user made that the server has not confirmed yet.
package struct PendingAction: Sendable, Equatable {
    package enum Kind: String, Sendable {
        case favourite, bookmark, reblog
        /// One's own post pinned to one's profile; a conversation's notifications muted.
        case pin, threadMute = "thread_mute"
        /// One's own post deleted (wanted is always true: a deletion is not undone).
        case delete
        /// A vote in a post's poll (wanted is always true: a vote is not taken back); `detail` holds the
        /// poll's id and the chosen options (`PollChoice`).
        case vote
        /// On an account (`statusID` is then the account's id).
        case follow, mute, block
        /// A hashtag followed (`statusID` is then the hashtag's name, without `#`).
        case followTag = "follow_tag"
        /// An emoji reaction (`statusID` is then the status's id and the emoji, `ReactionWish`; `detail` the
        /// API it goes through and a custom emoji's picture).
        case react

        package var onAccount: Bool { self == .follow || self == .mute || self == .block }
    }

    /// Order of the last press: replay goes by it.
    package var seq: Int64
    /// The status acted on; for follow, mute and block, the account.
    package var statusID: String
    package var kind: Kind
    /// What the user wants (liked or not, saved or not).
    package var wanted: Bool
    /// What the server last said; nil when a request for this action went out and no answer came back,
    /// so the server's state is not known until asked.
    package var confirmed: Bool?
    /// `confirmed` is what the screen showed when the wish was made, not an answer from the server: a
    /// wish back to it is looked up before it is taken as met (the screen may have been stale).
    package var assumed: Bool
    /// What else the request needs: a mute's length in seconds, a vote's poll and choices.
    package var detail: String?

    package init(seq: Int64 = 0, statusID: String, kind: Kind, wanted: Bool, confirmed: Bool?, assumed: Bool = false,
                detail: String? = nil) {
        self.seq = seq
        self.statusID = statusID
        self.kind = kind
        self.wanted = wanted
        self.confirmed = confirmed
        self.assumed = assumed
        self.detail = detail
    }
}

/// The journal's marks (`JournalRecord`): a press is written here before a request for it goes, and a
/// request is marked here before it is sent. One entry per status (or account) and kind: one wish each.
/// Synchronous: the action queue writes them in press order on a queue of its own (`OrderedWrites`), and
/// reads them once, as the account is opened off the UI loop.
extension AccountData {
    /// Records the user's latest wish for a status, replacing an earlier one and moving it to the end of
    /// the replay order. Returns once the entry is on the disk.
    @discardableResult
    package func enqueue(_ action: PendingAction, now: Date = Date()) throws -> Int64 {
        try store.durableWrite { db in
            try mark(action.kind, action.statusID).deleteAll(db)
            var entry = JournalRecord(mark: action, account: account, now: now)
            try entry.insert(db)
            return entry.seq ?? 0
        }
    }

    /// A request for this wish is about to go out: until its answer is recorded, the server's state is in doubt.
    package func markSent(statusID: String, kind: PendingAction.Kind) throws {
        try store.durableWrite { db in
            _ = try mark(kind, statusID).updateAll(db, JournalRecord.Columns.inDoubt.set(to: true))
        }
    }

    /// The server's state is known: the entry goes when that is what the user wants, else it stays with the
    /// new confirmed state (a newer press is never lost: it is the entry's `wanted`). `assumed`: the request
    /// certainly did not change the server, whose state is still only what the screen showed.
    package func settle(statusID: String, kind: PendingAction.Kind, confirmed: Bool, assumed: Bool = false) throws {
        try store.durableWrite { db in
            if !assumed { _ = try mark(kind, statusID).filter(JournalRecord.Columns.wanted == confirmed).deleteAll(db) }
            _ = try mark(kind, statusID).updateAll(db, JournalRecord.Columns.confirmed.set(to: confirmed),
                                                   JournalRecord.Columns.assumed.set(to: assumed),
                                                   JournalRecord.Columns.inDoubt.set(to: false))
        }
    }

    /// Drops a wish the server refused.
    package func dropAction(statusID: String, kind: PendingAction.Kind) throws {
        try store.durableWrite { db in _ = try mark(kind, statusID).deleteAll(db) }
    }

    /// Every pending mark of the account, in replay order.
    package func pendingActions() throws -> [PendingAction] {
        try pool.read { db in try Self.pendingActions(db, account: account) }
    }

    static func pendingActions(_ db: Database, account: String) throws -> [PendingAction] {
        try JournalRecord.of(account).filter(![JournalRecord.postKind, JournalRecord.changeKind].contains(JournalRecord.Columns.kind))
            .fetchAll(db).compactMap(\.mark)
    }

    private func mark(_ kind: PendingAction.Kind, _ target: String) -> QueryInterfaceRequest<JournalRecord> {
        JournalRecord.entry(JournalRecord.markKey(kind, target), account: account)
    }
}

/// What the user hid: an account (muted or blocked), an account's boosts, or one post.
package struct HiddenEntry: Sendable, Hashable {
    package enum Kind: String, Sendable {
        case muted, blocked, boosts, status
    }

    package var kind: Kind
    package var target: String
    /// When a timed mute ends; nil for as long as it isn't undone.
    package var until: Date?

    package init(kind: Kind, target: String, until: Date? = nil) {
        self.kind = kind
        self.target = target
        self.until = until
    }
}

/// Hiding is the user's and local: it holds offline and whatever the server still sends. Synchronous, as
/// the journal's marks are, and written beside them.
extension AccountData {
    package func hide(_ entry: HiddenEntry) throws {
        try store.durableWrite { db in
            try HiddenRecord(account: account, kind: entry.kind.rawValue, target: entry.target, until: entry.until).upsert(db)
        }
    }

    package func unhide(_ kind: HiddenEntry.Kind, target: String) throws {
        try store.durableWrite { db in
            _ = try HiddenRecord.deleteOne(db, key: ["account": account, "kind": kind.rawValue, "target": target])
        }
    }

    /// What is hidden now (timed mutes that ended are dropped on the way).
    package func hidden(now: Date = Date()) throws -> [HiddenEntry] {
        // A store opened only to read keeps the expired entries: they are passed over instead.
        if store.readOnly {
            return try pool.read { db in try Self.hidden(db, account: account) }.filter { $0.until.map { $0 > now } ?? true }
        }
        return try pool.write { db in
            _ = try HiddenRecord.filter(HiddenRecord.Columns.account == account && HiddenRecord.Columns.until <= now.timeIntervalSince1970).deleteAll(db)
            return try Self.hidden(db, account: account)
        }
    }

    /// Every hidden entry, expired or not (a reader can't delete; `until` still says which are over).
    static func hidden(_ db: Database, account: String) throws -> [HiddenEntry] {
        try HiddenRecord.filter(HiddenRecord.Columns.account == account).fetchAll(db).compactMap(\.entry)
    }
}
