import Foundation
import TernFeed
import TernModel

/// Every account open so far, in the order opened, and the one shown; the stored accounts' names (for
/// `A`); and those being opened off the UI loop, with whether each is to be shown when ready (`A`) or only
/// read in the background (the inbox). Opening one reads its journal from the store, so it is never done
/// on the loop: the account comes back through the mailbox (`accountOpened`, `accountFailed`).
///
/// The inbox across them (`Inbox`) is theirs too: it is built from their notifications, and an inbox row's
/// account is one of them.
final class OpenAccounts {
    private(set) var sessions: [AccountSession]
    private(set) var active = 0
    /// The stored accounts' names, the first one's among them.
    let names: [String]
    private let open: (@Sendable (String, AccountMail) throws -> AccountParts)?
    /// Makes the session of an account opened off the loop, by its id.
    private let make: (Int, AccountParts) -> AccountSession
    private(set) var beingOpened: [String: Bool] = [:]
    private let mailbox: Mailbox
    private var nextID = 1
    /// The inbox across the accounts, as last delivered.
    var inbox = Inbox()

    /// What `A` on an account comes to.
    enum Switch: Equatable {
        /// It is open: shown now.
        case show(Int)
        /// What the status line says instead (it is being opened, or cannot be).
        case say(String, error: Bool)
    }

    init(first: AccountSession, names: [String], mailbox: Mailbox, open: (@Sendable (String, AccountMail) throws -> AccountParts)?,
         make: @escaping (Int, AccountParts) -> AccountSession) {
        sessions = [first]
        self.names = names.contains(first.parts.name) ? names : [first.parts.name] + names
        self.mailbox = mailbox
        self.open = open
        self.make = make
    }

    var shown: AccountSession { sessions[active] }

    func session(id: Int) -> AccountSession? { sessions.first { $0.id == id } }

    func session(named name: String) -> AccountSession? { sessions.first { $0.parts.name == name } }

    func show(_ index: Int) { active = index }

    /// `A` on `name`: shown if open; else opened off the loop, to be shown once ready.
    func switchTo(_ name: String) -> Switch {
        if let i = sessions.firstIndex(where: { $0.parts.name == name }) { return .show(i) }
        guard open != nil else { return .say("Only this account can be shown here.", error: true) }
        if beingOpened[name] != nil {
            beingOpened[name] = true
            return .say("Still opening \(name)…", error: false)
        }
        startOpening(name, showing: true)
        return .say("Opening \(name)…", error: false)
    }

    /// Opens a stored account off the UI loop; `showing` it once ready, or only reading its notifications.
    func startOpening(_ name: String, showing: Bool) {
        guard let open, beingOpened[name] == nil, session(named: name) == nil else { return }
        beingOpened[name] = showing
        let id = nextID, mailbox = self.mailbox
        nextID += 1
        Task.detached {
            do { mailbox.post(.accountOpened(id: id, try open(name, mailbox.mail(forAccount: id)))) }
            catch { mailbox.post(.accountFailed(name: name, why: "\(error)")) }
        }
    }

    /// An account opened off the loop joins the others: its session, and whether it was asked to be shown.
    func opened(_ id: Int, _ parts: AccountParts) -> (session: AccountSession, showing: Bool) {
        let fresh = make(id, parts)
        sessions.append(fresh)
        return (fresh, beingOpened.removeValue(forKey: fresh.parts.name) ?? false)
    }

    /// The inbox built afresh, and kept as the one on screen.
    func currentInbox() -> FeedSnapshot {
        inbox.build(sessions, opening: !beingOpened.isEmpty)
    }

    /// The account of the inbox row selected in the inbox at `index` on `s`'s stack (its shown screen unless
    /// it is in the left pane).
    func inboxRowsAccount(at index: Int? = nil, in s: AccountSession) -> AccountSession? {
        guard let inbox = s.stack.layers[index ?? s.stack.screenIndex] as? FeedLayer, inbox.feed == .inbox,
              let name = inbox.viewport.selectedID.flatMap(FeedRow.inboxAccount(ofRow:)) else { return nil }
        return session(named: name)
    }

    /// An account that could not be opened is no longer being opened; what the status line says of it.
    func failed(_ name: String, why: String) -> String {
        beingOpened[name] = nil
        return "Couldn't open \(name): \(why)"
    }

    /// The inbox's command, from the inbox on `s`'s stack: the effects to carry out as each account it
    /// concerns (what is said of it, `s`'s), opening the accounts not open yet.
    func inboxWork(_ command: FeedCommand, from s: AccountSession) -> [(session: AccountSession, effects: [Effect])] {
        let selected = s.stack.listIndex.flatMap { (s.stack.layers[$0] as? FeedLayer)?.feed == .inbox ? $0 : nil }
        let orders = inbox.orders(for: command, sessions: sessions, accounts: names,
                                  selectedOwner: inboxRowsAccount(at: selected, in: s))
        for name in orders.open { startOpening(name, showing: false) }
        return orders.readAfresh.map { ($0, [$0.readNotifications()]) } + orders.asAccount + [(s, orders.said)]
    }

    /// Effects made on the inbox (or a Catch-up across accounts) at `index` on `s`'s stack that act on a row's
    /// post or author run as the row's account: when that is not `s`, the inbox (and what is over it) moves onto that account's
    /// screens, to be shown. The index of the session to show, or nil when they stay `s`'s.
    func movingToRowsAccount(_ effects: [Effect], from index: Int, in s: AccountSession) -> Int? {
        if let owner = movingCatchUpToRowsAccount(effects, from: index, in: s) { return sessions.firstIndex { $0 === owner } }
        guard (s.stack.layers[index] as? FeedLayer)?.feed == .inbox, effects.contains(where: Inbox.needsTheRowsAccount),
              let owner = inboxRowsAccount(at: index, in: s), owner !== s,
              let shown = sessions.firstIndex(where: { $0 === owner }) else { return nil }
        owner.stack.attach(s.stack.detach(from: index))
        return shown
    }

    /// The sessions showing the inbox, each with the inbox as it is now (after any account's notifications
    /// changed, or an account opened or failed to).
    func inboxDeliveries() -> [(session: AccountSession, snapshot: FeedSnapshot)] {
        guard sessions.contains(where: \.showsInbox) else { return [] }
        let snapshot = currentInbox()
        return sessions.filter(\.showsInbox).map { ($0, snapshot) }
    }

    /// The notifications not yet seen: in the inbox, every account's; elsewhere, `s`'s own.
    func unread(shownBy s: AccountSession) -> Int? {
        s.showsInbox ? sessions.reduce(0) { $0 + ($1.feeds[.notifications]?.unread ?? 0) } : nil
    }
}
