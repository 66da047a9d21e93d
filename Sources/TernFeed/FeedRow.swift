import Foundation
import TernMastodon
import TernModel
import TernStore

/// Which list a screen shows: a timeline, the thread around a post, the notifications, or a profile.
package enum FeedID: Sendable, Hashable, CustomStringConvertible {
    case timeline(TimelineID)
    case thread(rootID: String)
    case notifications
    case profile(accountID: String)
    /// Every open account's notifications in one list (`N`).
    case inbox

    package var description: String {
        switch self {
        case .timeline(let t): return t.description
        case .thread: return "Thread"
        case .notifications: return "Notifications"
        case .profile: return "Profile"
        case .inbox: return "Inbox"
        }
    }
}

/// One row of any list. Every kind of entry flows through this one model, so a new kind of row is one
/// new case here and in the layout, not edits across the engine, renderer and keys.
package enum FeedRow: Sendable, Hashable, Identifiable {
    /// A post; in a thread, `depth` levels under the opened post (ancestors are 0), `focused` for that post.
    case post(Post, depth: Int = 0, focused: Bool = false)
    /// Posts known to exist but not loaded.
    case gap(Gap)
    case notification(NotificationGroup)
    /// A profile's header. `followPending` while a follow or unfollow waits for the server.
    case profile(Profile, Relationship?, followPending: Bool)
    /// A line in place of something that can't be shown (a deleted post).
    case notice(id: String, text: String)
    /// A post of the user's in the outbox: not on the server yet, so nothing acts on it.
    case outgoing(OutgoingPost, waiting: Bool)
    /// A notification of one of several accounts (the inbox), by the account's name.
    case inboxed(NotificationGroup, account: String)
    /// A search's person, hashtag, heading or progress line (`ServerFinds`).
    case found(Found)

    package var id: String {
        switch self {
        case .post(let p, _, _): return p.id
        case .gap(let g): return g.id
        case .notification(let n): return "n:" + n.id
        case .profile(let p, _, _): return "profile:" + p.account.id
        case .notice(let id, _): return id
        case .outgoing(let o, _): return "outbox:" + o.idempotencyKey
        case .inboxed(let n, let account): return Self.inboxID(account: account, group: n.id)
        case .found(let f): return f.id
        }
    }

    /// An inbox row's id: the account's name and the group's (two servers may use the same ids).
    package static func inboxID(account: String, group: String) -> String { "in:\(account)|\(group)" }

    /// The account an inbox row's id names.
    package static func inboxAccount(ofRow id: String) -> String? {
        guard id.hasPrefix("in:"), let bar = id.firstIndex(of: "|") else { return nil }
        return String(id[id.index(id.startIndex, offsetBy: 3)..<bar])
    }

    /// The post that likes, saves, opening and pictures act on.
    package var post: Post? {
        switch self {
        case .post(let p, _, _): return p
        case .notification(let n), .inboxed(let n, _): return n.post
        default: return nil
        }
    }

    /// A line that labels the rows under it (a search's heading, or its progress line), not one of the
    /// list's items: a search opens on its first result, and the position on the status line skips these.
    /// What stands where a post was deleted while in the list.
    package static let deletedText = "(this post was deleted)"

    /// A post deleted while in the list (in a thread, indented), where keys have no post to act on.
    package var isDeletedPost: Bool {
        if case .notice(_, let text) = self { return text.trimmingCharacters(in: .whitespaces) == Self.deletedText }
        return false
    }

    package var isLabel: Bool {
        switch self {
        case .found(.heading), .found(.progress): return true
        default: return false
        }
    }

    /// The account that `p` opens.
    package var account: Account? {
        switch self {
        case .post(let p, _, _): return p.account
        case .notification(let n), .inboxed(let n, _): return n.post?.account ?? n.accounts.first
        case .profile(let p, _, _): return p.account
        default: return nil
        }
    }
}

/// What the UI draws for one list: a versioned, immutable set of rows and the list's state.
package struct FeedSnapshot: Sendable {
    package var version: Int
    package var feed: FeedID
    package var rows: [FeedRow]
    /// The store has rows above or below the window of rows (timelines keep only a window in memory).
    package var moreNewer = false
    package var moreOlder = false
    /// How many rows the store holds above and below `rows` (nil: not known), so that a position in the
    /// window is also one in the whole list.
    package var rowsAbove: Int? = 0
    package var rowsBelow: Int? = 0
    /// Rows that arrived above during this session (for "↑ N new").
    package var arrivals: Set<String> = []
    package var savedPosition: SavedPosition?
    /// The post the "read up to here" row sits above (`TimelineEngine+ReadMark`).
    package var readUpTo: String?
    package var offline = false
    package var pendingActions = 0
    package var loadingOlder = false
    package var loadingNewer = false
    package var reachedEnd = false
    /// The rows above, in and below the window are all there are (the server has nothing older).
    package var endStored = false
    package var message: StatusMessage?
    package var retrying: String?
    /// Unread notifications, where this list knows them.
    package var unread: Int?
    /// Where the list opens when first shown (a thread opens at the post it is about).
    package var focusID: String?
    /// What the engine leaves out of `rows` (mentions only, no boosts, pictures only): the one word on it,
    /// which the title reads, since an engine outlives the screen that asked (the notifications reopened).
    package var filter = FeedFilter.everything
    /// Stands in for a list whose engine hasn't reported yet: being read, not empty.
    package var opening = false

    package init(version: Int = 0, feed: FeedID, rows: [FeedRow] = []) {
        self.version = version
        self.feed = feed
        self.rows = rows
    }

    /// The id of the "read up to here" row.
    package static let readMarkID = "read-mark"

    /// A timeline's posts with each gap right below the post above it, and "read up to here" above the
    /// post the user had read up to, when newer posts are above it.
    package init(_ t: TimelineSnapshot) {
        // Posts on their way go where they will appear: above the newest, when the newest are in view.
        // One that the server made after all (its answer lost) gives way to the published post.
        let outgoing = t.moreNewer ? [] : t.outgoing.reversed().filter { $0.published(among: t.posts) == nil }
            .map { FeedRow.outgoing($0, waiting: t.outgoingWaiting) }
        var rows = outgoing + Self.rows(posts: t.posts, gaps: t.gaps, deleted: t.deleted)
        Self.place(t.unreadable, in: &rows, top: t.moreNewer ? nil : outgoing.count)
        // The line goes where there is something newer above it: in the window, or in the store beyond it.
        if let mark = t.readUpTo, let i = rows.firstIndex(where: { $0.id == mark }), i > outgoing.count || t.moreNewer {
            rows.insert(.notice(id: Self.readMarkID, text: "read up to here"), at: i)
        }
        if let finds = t.finds { rows = finds.rows(posts: rows) }
        if let header = t.hashtag, !t.moreNewer { rows.insert(.found(.hashtagHeader(header)), at: 0) }
        self.init(version: t.version, feed: .timeline(t.timeline), rows: rows)
        moreNewer = t.moreNewer
        moreOlder = t.moreOlder
        rowsAbove = t.rowsAbove
        rowsBelow = t.rowsBelow
        // A post of the user's on its way, above the newest, is not come in: the user's own never is (the status
        // line's "1 pending" says it waits; a failing post read "↑ 1 new" beside it, a new user's find).
        arrivals = t.arrivals
        savedPosition = t.savedPosition
        readUpTo = t.readUpTo
        offline = t.offline
        pendingActions = t.pendingActions
        loadingOlder = t.loadingOlder
        loadingNewer = t.loadingNewer
        reachedEnd = t.reachedEnd
        endStored = t.endStored
        message = t.message
        retrying = t.retrying
    }

    /// Each unreadable entry as a line that says so, below the post that came before it (at `top` when it
    /// came first and the newest posts are shown; not at all when that post is not in the window).
    static func place(_ unreadable: [UnreadablePost], in rows: inout [FeedRow], top: Int?) {
        for (n, u) in unreadable.enumerated().reversed() {
            let at: Int?
            if let newer = u.newerID { at = rows.firstIndex { $0.id == newer }.map { $0 + 1 } } else { at = top }
            guard let at else { continue }
            let text = "⚠ A post the server sent could not be read" + (u.id.map { " (id \($0))" } ?? "") + ": \(u.reason)"
            rows.insert(.notice(id: "unreadable-\(n)-\(u.id ?? "")", text: text), at: at)
        }
    }

    /// A deleted post keeps its place (and its id, so the view doesn't move) as a line that says so.
    static func rows(posts: [Post], gaps: [Gap], deleted: Set<String> = []) -> [FeedRow] {
        func row(_ p: Post) -> FeedRow {
            deleted.contains(p.statusID) ? .notice(id: p.id, text: FeedRow.deletedText) : .post(p)
        }
        guard !gaps.isEmpty else { return posts.map(row) }
        let below = Dictionary(gaps.map { ($0.newerID, $0) }, uniquingKeysWith: { a, _ in a })
        var rows: [FeedRow] = []
        rows.reserveCapacity(posts.count + gaps.count)
        for p in posts {
            rows.append(row(p))
            if let g = below[p.id] { rows.append(.gap(g)) }
        }
        return rows
    }
}

/// A change to a post that the server pushed.
package enum StreamChange: Sendable, Equatable {
    case edited(Post)
    /// A status id.
    case deleted(String)

    /// The changes in a batch of events, one per post: its last edit, or its deletion.
    package static func changes(in events: [StreamEvent]) -> [StreamChange] {
        var last: [String: StreamChange] = [:]
        var order: [String] = []
        for event in events {
            let (id, change): (String, StreamChange)
            switch event {
            case .statusUpdate(let post): (id, change) = (post.statusID, .edited(post))
            case .delete(let statusID): (id, change) = (statusID, .deleted(statusID))
            default: continue
            }
            if case .deleted? = last[id] { continue }
            if last[id] == nil { order.append(id) }
            last[id] = change
        }
        return order.compactMap { last[$0] }
    }
}

/// Narrower views of a list.
package enum FeedFilter: Sendable, Equatable {
    case everything
    case mentionsOnly
    case withoutBoosts
    case mediaOnly
}
