import Foundation
import TernFeed
import TernModel

/// `N`: one inbox across the accounts. It has no engine of its own: its rows are every open account's
/// notifications, newest first, each naming the account it came to; `N` opens the stored accounts not
/// yet open, in the background. What is done to a row is done as its account: a like goes to that
/// account's queue; a reply, a thread or a profile moves the inbox over to that account and opens there.
extension AppRunner {
    func inboxSnapshot() -> FeedSnapshot {
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
        snapshot.opening = rows.isEmpty && (reading || !accountsBeingOpened.isEmpty)
        snapshot.reachedEnd = true
        snapshot.endStored = true
        return snapshot
    }

    /// The inbox as it is now, to every session showing it: after any account's notifications changed, or
    /// an account opened or failed to.
    func deliverInbox() {
        guard sessions.contains(where: \.showsInbox) else { return }
        let snapshot = currentInbox()
        for s in sessions where s.showsInbox {
            within(s) { perform(stack.receive(.snapshot(snapshot), env())) }
        }
    }

    /// The inbox built afresh, and kept as the one on screen.
    func currentInbox() -> FeedSnapshot {
        let snapshot = inboxSnapshot()
        inbox.snapshot = snapshot
        return snapshot
    }

    /// The inbox's commands: opening or `r` reads every account's notifications afresh (opening those
    /// not open yet); a like or a save goes to the account of the row it was made on.
    func inbox(_ command: FeedCommand) {
        switch command {
        case .start, .refresh:
            for s in sessions {
                within(s) {
                    let started = s.notificationsStarted
                    s.notificationsStarted = true
                    perform([.feed(.notifications, started ? .refresh : .start)])
                }
            }
            for name in accounts where !sessions.contains(where: { $0.parts.name == name }) { open(name, showing: false) }
        case .viewed(_, let lastID, _, _, _):
            guard let rows = inbox.snapshot?.rows, let at = rows.firstIndex(where: { $0.id == lastID }) else { return }
            inbox.lastInView = lastID
            // Near the inbox's end, every account's notifications load older ones (each pages its own).
            guard at >= rows.count - 8 else { return }
            for s in sessions {
                guard case .inboxed(let oldest, _)? = rows.last(where: { FeedRow.inboxAccount(ofRow: $0.id) == s.parts.name })
                else { continue }
                let row = FeedRow.notification(oldest).id
                within(s) { perform([.feed(.notifications, .viewed(firstID: row, lastID: row, anchorID: nil, offset: 0))]) }
            }
        case .markRead:
            // An account's notifications are seen when its newest is in view (at or above the last row shown).
            guard let rows = inbox.snapshot?.rows, let last = inbox.lastInView,
                  let end = rows.firstIndex(where: { $0.id == last }) else { return }
            for s in sessions {
                guard let newest = rows.firstIndex(where: { FeedRow.inboxAccount(ofRow: $0.id) == s.parts.name }), newest <= end
                else { continue }
                within(s) { perform([.feed(.notifications, .markRead)]) }
            }
        case .jump:
            show("The inbox is shown whole: there is no further end to jump to", error: false)
        case .jumpToUnread:
            show("The inbox keeps no \"read up to here\"", error: false)
        case .fillGap, .filter, .follow, .readConversation:
            show("The inbox merges each account's notifications: open one account's (n) for that", error: false)
        case .setMark(_, let id, _):
            guard let owner = inboxRowsAccount(at: stack.listIndex.flatMap { (stack.layers[$0] as? FeedLayer)?.feed == .inbox ? $0 : nil })
            else { return }
            let owned = owner.feeds[.notifications]?.rows.contains { $0.post?.id == id } ?? false
            guard owned else { return show("That post is no longer in its account's notifications.", error: true) }
            within(owner) { perform([.feed(.notifications, command)]) }
        }
    }

    /// The account of the inbox row selected in the inbox at `index` (the shown screen unless it is in the left pane).
    func inboxRowsAccount(at index: Int? = nil) -> AccountSession? {
        guard let inbox = stack.layers[index ?? stack.screenIndex] as? FeedLayer, inbox.feed == .inbox,
              let name = inbox.viewport.selectedID.flatMap(FeedRow.inboxAccount(ofRow:)) else { return nil }
        return sessions.first { $0.parts.name == name }
    }

    /// Effects made on the inbox that act on a row's post or author run as the row's account: when that
    /// is not the one shown, the inbox (and what is over it) moves onto that account's screens first.
    func asInboxRowsAccount(_ effects: [Effect], inboxAt inbox: Int) -> [Effect] {
        guard effects.contains(where: Self.needsTheRowsAccount), let owner = inboxRowsAccount(at: inbox), owner !== session,
              let index = sessions.firstIndex(where: { $0 === owner }) else { return effects }
        let moving = stack.detach(from: inbox)
        showSession(at: index)
        stack.attach(moving)
        return effects
    }

    private static func needsTheRowsAccount(_ effect: Effect) -> Bool {
        switch effect {
        case .push(.feed(let opening)): return opening != .inbox
        case .compose, .deletePost, .vote, .react, .chooseReaction, .customEmojiReaction, .account, .toggleBoosts, .hidePost, .openMention, .resolveLink, .report, .loadRules: return true
        default: return false
        }
    }
}
