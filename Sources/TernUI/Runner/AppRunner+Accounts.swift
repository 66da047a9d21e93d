import Foundation
import TernFeed
import TernModel

/// `A` and the inbox (`OpenAccounts` decides; the runner shows): each account keeps its session's place,
/// drafts, pending writes and stream; one not opened yet is opened off the UI loop and shown when ready.
extension AppRunner {
    func switchAccount(to name: String) {
        switch accounts.switchTo(name) {
        case .show(let i): if i != accounts.active { showSession(at: i) }
        case .say(let text, let error): show(text, error: error)
        }
    }

    /// An account opened off the loop: shown on its home timeline if asked to be, else it starts in the
    /// background (notifications, outbox, stream) for the inbox.
    func opened(_ id: Int, _ parts: AccountParts) {
        let (fresh, showing) = accounts.opened(id, parts)
        deliverInbox()
        if showing { return showSession(at: sessions.count - 1) }
        perform(fresh.startBehindFirstFrame(up: true), in: fresh)
        dirty = true
    }

    /// Shows the session at `index`: the screen is its stack from now on, drawn afresh.
    func showSession(at index: Int) {
        accounts.show(index)
        renderer.invalidateLayouts()
        screen.invalidate()
        show(session.parts.title, error: false)
        // Opened for the inbox, it has no timeline yet.
        if session.engines[.timeline(session.rootTimeline)] == nil { perform([.feed(.timeline(session.rootTimeline), .start)]) }
    }

    /// The inbox as it is now, to every session showing it.
    func deliverInbox() {
        for (s, snapshot) in accounts.inboxDeliveries() { perform(s.stack.receive(.snapshot(snapshot), env(for: s)), in: s) }
    }

    /// Effects made on the inbox at `index` on `s`'s stack, and the session they are for: a row's account,
    /// shown from now on, when they act on its post or author.
    func routed(_ effects: [Effect], from index: Int, in s: AccountSession) -> ([Effect], AccountSession) {
        guard let owner = accounts.movingToRowsAccount(effects, from: index, in: s) else { return (effects, s) }
        showSession(at: owner)
        return (effects, session)
    }
}
