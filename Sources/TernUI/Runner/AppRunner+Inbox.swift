import Foundation
import TernFeed
import TernModel

/// The runner's part of the inbox (`Inbox`): handing it to every session that shows it, and carrying out
/// its commands and its rows' effects as the account each is for.
extension AppRunner {
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
        inbox.build(sessions, opening: !accounts.beingOpened.isEmpty)
    }

    func inbox(_ command: FeedCommand) {
        let selected = stack.listIndex.flatMap { (stack.layers[$0] as? FeedLayer)?.feed == .inbox ? $0 : nil }
        let orders = inbox.orders(for: command, sessions: sessions, accounts: accounts.names, selectedOwner: inboxRowsAccount(at: selected))
        for (s, effects) in orders.asAccount { within(s) { perform(effects) } }
        for name in orders.open { accounts.startOpening(name, showing: false) }
        perform(orders.said)
    }

    /// The account of the inbox row selected in the inbox at `index` (the shown screen unless it is in the left pane).
    func inboxRowsAccount(at index: Int? = nil) -> AccountSession? {
        guard let inbox = stack.layers[index ?? stack.screenIndex] as? FeedLayer, inbox.feed == .inbox,
              let name = inbox.viewport.selectedID.flatMap(FeedRow.inboxAccount(ofRow:)) else { return nil }
        return accounts.session(named: name)
    }

    /// Effects made on the inbox that act on a row's post or author run as the row's account: when that
    /// is not the one shown, the inbox (and what is over it) moves onto that account's screens first.
    func asInboxRowsAccount(_ effects: [Effect], inboxAt inbox: Int) -> [Effect] {
        guard effects.contains(where: Inbox.needsTheRowsAccount), let owner = inboxRowsAccount(at: inbox), owner !== session,
              let index = sessions.firstIndex(where: { $0 === owner }) else { return effects }
        let moving = stack.detach(from: inbox)
        showSession(at: index)
        stack.attach(moving)
        return effects
    }
}
