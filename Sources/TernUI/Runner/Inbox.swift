import Foundation
import TernFeed
import TernModel

/// `N`: one inbox across the accounts. It has no engine of its own: its rows are every open account's
/// notifications, newest first, each naming the account it came to; `N` opens the stored accounts not
/// yet open, in the background. What is done to a row is done as its account: a like goes to that
/// account's queue; a reply, a thread or a profile moves the inbox over to that account and opens there.
/// This value builds the rows and decides what each command asks of each account; the runner carries
/// that out as the account.
struct Inbox {
    /// The inbox as last built, the one on screen.
    private(set) var shown: FeedSnapshot?
    /// Its last row in view: for its paging and its "seen".
    private(set) var lastInView: String?

    /// What a command asks: accounts whose notifications are read afresh, effects each account carries out
    /// as itself, accounts to open in the background, and what the status line says.
    struct Orders {
        var readAfresh: [AccountSession] = []
        var asAccount: [(session: AccountSession, effects: [Effect])] = []
        var open: [String] = []
        var said: [Effect] = []
    }

    /// The inbox built afresh from every session's notifications, and kept as the one on screen. `opening`:
    /// accounts are still being opened (an empty inbox is then still coming, not empty).
    mutating func build(_ sessions: [AccountSession], opening: Bool) -> FeedSnapshot {
        var rows: [(at: Date, row: FeedRow)] = []
        var version = 0, unread = 0, reading = false
        for s in sessions {
            guard let n = s.feeds[.notifications] else { reading = true; continue }
            // Each account's versions only grow, and a new account adds its own: the sum grows with any change.
            version += n.version + 1
            unread += n.unread ?? 0
            reading = reading || n.opening
            for case .notification(let group) in n.rows { rows.append((group.latestAt, .inboxed(group, account: s.parts.name))) }
        }
        var snapshot = FeedSnapshot(version: version, feed: .inbox, rows: rows.sorted { $0.at > $1.at }.map(\.row))
        snapshot.unread = unread
        snapshot.opening = rows.isEmpty && (reading || opening)
        snapshot.reachedEnd = true
        snapshot.endStored = true
        shown = snapshot
        return snapshot
    }

    /// The inbox's commands: opening or `r` reads every account's notifications afresh (opening those not
    /// open yet); paging and "seen" go to the accounts whose rows are near the end, or in view; a mark set on
    /// a row goes to `selectedOwner`, the account of the row selected.
    mutating func orders(for command: FeedCommand, sessions: [AccountSession], accounts: [String],
                         selectedOwner: AccountSession?) -> Orders {
        var orders = Orders()
        switch command {
        case .start, .refresh:
            orders.readAfresh = sessions
            orders.open = accounts.filter { name in !sessions.contains { $0.parts.name == name } }
        case .viewed(_, let lastID, _, _, _):
            guard let rows = shown?.rows, let at = rows.firstIndex(where: { $0.id == lastID }) else { break }
            lastInView = lastID
            // Near the inbox's end, every account's notifications load older ones (each pages its own).
            guard at >= rows.count - 8 else { break }
            for s in sessions {
                guard case .inboxed(let oldest, _)? = rows.last(where: { FeedRow.inboxAccount(ofRow: $0.id) == s.parts.name })
                else { continue }
                let row = FeedRow.notification(oldest).id
                orders.asAccount.append((s, [.feed(.notifications, .viewed(firstID: row, lastID: row, anchorID: nil, offset: 0))]))
            }
        case .markRead:
            // An account's notifications are seen when its newest is in view (at or above the last row shown).
            guard let rows = shown?.rows, let last = lastInView, let end = rows.firstIndex(where: { $0.id == last }) else { break }
            for s in sessions {
                guard let newest = rows.firstIndex(where: { FeedRow.inboxAccount(ofRow: $0.id) == s.parts.name }), newest <= end
                else { continue }
                orders.asAccount.append((s, [.feed(.notifications, .markRead)]))
            }
        case .jump:
            orders.said = [.say("The inbox is shown whole: there is no further end to jump to", error: false)]
        case .jumpToUnread:
            orders.said = [.say("The inbox keeps no \"read up to here\"", error: false)]
        case .fillGap, .filter, .follow, .readConversation:
            orders.said = [.say("The inbox merges each account's notifications: open one account's (n) for that", error: false)]
        case .setMark(_, let id, _):
            guard let owner = selectedOwner else { break }
            guard owner.feeds[.notifications]?.rows.contains(where: { $0.post?.id == id }) ?? false else {
                orders.said = [.say("That post is no longer in its account's notifications.", error: true)]
                break
            }
            orders.asAccount = [(owner, [.feed(.notifications, command)])]
        }
        return orders
    }

    /// Effects made on the inbox that act on a row's post or author, and so must run as the row's account.
    static func needsTheRowsAccount(_ effect: Effect) -> Bool {
        switch effect {
        case .push(.feed(let opening)): return opening != .inbox
        case .compose, .deletePost, .vote, .react, .chooseReaction, .customEmojiReaction, .account, .toggleBoosts, .hidePost, .openMention,
             .resolveLink, .report, .loadRules: return true
        default: return false
        }
    }
}
