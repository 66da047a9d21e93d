import Foundation
import TernFeed
import TernModel

/// `A`: showing another account (`OpenAccounts`). Each keeps its session's place, drafts, pending writes
/// and stream; one not opened yet is opened off the UI loop and shown when ready.
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
        dirty = true
        // Opened for the inbox, it has no timeline yet.
        if session.engines[.timeline(session.rootTimeline)] == nil { perform([.feed(.timeline(session.rootTimeline), .start)]) }
    }
}
