import Foundation
import TernFeed
import TernModel

/// The runner's part of the inbox (`Inbox`, kept by `OpenAccounts`): handing it to every session that
/// shows it, and carrying out its commands and its rows' effects as the account each is for.
extension AppRunner {
    /// The inbox as it is now, to every session showing it: after any account's notifications changed, or
    /// an account opened or failed to.
    func deliverInbox() {
        guard sessions.contains(where: \.showsInbox) else { return }
        let snapshot = accounts.currentInbox()
        for s in sessions where s.showsInbox {
            perform(s.stack.receive(.snapshot(snapshot), env(for: s)), in: s)
        }
    }

    /// The inbox's command, from the inbox on `s`'s stack: carried out as each account it concerns.
    func inbox(_ command: FeedCommand, from s: AccountSession) {
        let selected = s.stack.listIndex.flatMap { (s.stack.layers[$0] as? FeedLayer)?.feed == .inbox ? $0 : nil }
        let orders = accounts.inbox.orders(for: command, sessions: sessions, accounts: accounts.names,
                                           selectedOwner: accounts.inboxRowsAccount(at: selected, in: s))
        for owner in orders.readAfresh { perform([owner.readNotifications()], in: owner) }
        for (owner, effects) in orders.asAccount { perform(effects, in: owner) }
        for name in orders.open { accounts.startOpening(name, showing: false) }
        perform(orders.said, in: s)
    }

    /// Effects made on the inbox at `index` on `s`'s stack that act on a row's post or author run as the
    /// row's account: when that is not `s`, the inbox (and what is over it) moves onto that account's
    /// screens first, and that account is shown. The effects, and the session they are for.
    func routed(_ effects: [Effect], from index: Int, in s: AccountSession) -> ([Effect], AccountSession) {
        guard (s.stack.layers[index] as? FeedLayer)?.feed == .inbox, effects.contains(where: Inbox.needsTheRowsAccount),
              let owner = accounts.inboxRowsAccount(at: index, in: s), owner !== s,
              let shown = sessions.firstIndex(where: { $0 === owner }) else { return (effects, s) }
        let moving = s.stack.detach(from: index)
        showSession(at: shown)
        owner.stack.attach(moving)
        return (effects, owner)
    }
}
