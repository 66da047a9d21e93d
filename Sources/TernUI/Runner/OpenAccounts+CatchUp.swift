import Foundation
import TernModel

/// A Catch-up across accounts (`C` from the inbox) is one screen, on the stack of the session it was opened
/// on, over every account open: each reads its own window for it, its posts' marks and done reading go to
/// their own account, and every account's marks waiting for the server reach it.
extension OpenAccounts {
    /// What `effect` asks of the accounts: every account open reads the window, answering to `s`, whose
    /// screen it is (nothing else to carry out); effects named for an account go to it.
    func across(_ effect: Effect, shownOn s: AccountSession) -> [(session: AccountSession, effects: [Effect])] {
        switch effect {
        case .loadCatchUpAcross(let window):
            let names = sessions.map(\.parts.name)
            for account in sessions { account.loadCatchUp(window, across: names, screen: s.mail) }
            return []
        case .asAccount(let name, let effects):
            guard let owner = session(named: name) else {
                return [(s, [.say("\(name) is no longer open: A opens it again, then the post can be acted on.", error: true)])]
            }
            return [(owner, effects)]
        default:
            return []
        }
    }

    /// A message of `s`'s that a Catch-up across accounts on another session's stack hears too, named as
    /// `s`'s: the marks waiting for `s`'s server, which its own stack alone heard.
    func acrossCopies(_ message: LayerMessage, from s: AccountSession) -> [(session: AccountSession, message: LayerMessage)] {
        guard case .postMarks(let overlay, nil) = message else { return [] }
        return sessions.filter { $0 !== s && $0.stack.layers.contains { ($0 as? CatchUpLayer)?.across == true } }
            .map { ($0, .postMarks(overlay: overlay, account: s.parts.name)) }
    }

    /// Effects made on a Catch-up across accounts at `index` on `s`'s stack that open or write something of
    /// the selected row's post or author (its thread, a reply, its profile) run as the row's account: the
    /// screen (and what is over it) moves onto that account's screens, as the inbox does. The account to
    /// show, or nil.
    func movingCatchUpToRowsAccount(_ effects: [Effect], from index: Int, in s: AccountSession) -> AccountSession? {
        guard let catchUp = s.stack.layers[index] as? CatchUpLayer, catchUp.across, effects.contains(where: Inbox.needsTheRowsAccount),
              let name = catchUp.selectedAccount, let owner = session(named: name), owner !== s else { return nil }
        owner.stack.attach(s.stack.detach(from: index))
        return owner
    }
}
