import Foundation
import TernFeed
import TernModel

/// `A`: showing another account. Each keeps its sessions's place, drafts, pending writes and stream; one
/// not opened yet is opened off the UI loop (its journal is read from the store) and shown when ready.
extension AppRunner {
    func switchAccount(to name: String) {
        if let i = sessions.firstIndex(where: { $0.parts.name == name }) {
            guard i != active else { return }
            showSession(at: i)
            return
        }
        guard openAccount != nil else { return show("Only this account can be shown here.", error: true) }
        if accountsBeingOpened[name] != nil {
            accountsBeingOpened[name] = true
            return show("Still opening \(name)…", error: false)
        }
        show("Opening \(name)…", error: false)
        open(name, showing: true)
    }

    /// Opens a stored account off the UI loop; `showing` it once ready, or only reading its notifications.
    func open(_ name: String, showing: Bool) {
        guard let openAccount, accountsBeingOpened[name] == nil, !sessions.contains(where: { $0.parts.name == name }) else { return }
        accountsBeingOpened[name] = showing
        let id = nextSessionID, mailbox = self.mailbox
        nextSessionID += 1
        Task.detached {
            do { mailbox.post(.accountOpened(id: id, try openAccount(name, mailbox.mail(forAccount: id)))) }
            catch { mailbox.post(.accountFailed(name: name, why: "\(error)")) }
        }
    }

    /// An account opened off the loop: shown on its home timeline if asked to be, else it starts in the
    /// background (notifications, outbox, stream) for the inbox.
    func opened(_ id: Int, _ parts: AccountParts) {
        let showing = accountsBeingOpened.removeValue(forKey: parts.name) ?? false
        let fresh = AccountSession(id: id, parts: parts, mailbox: mailbox, timeline: .home)
        sessions.append(fresh)
        deliverInbox()
        if showing { return showSession(at: sessions.count - 1) }
        within(fresh) {
            fresh.notificationsStarted = true
            fresh.writingStarted = true
            perform([.feed(.notifications, .start)])
            fresh.startWriting()
        }
        dirty = true
    }

    /// Shows the session at `index`: the screen is its stack from now on, drawn afresh.
    func showSession(at index: Int) {
        active = index
        session = sessions[index]
        renderer.invalidateLayouts()
        screen.invalidate()
        show(session.parts.title, error: false)
        dirty = true
        // Opened for the inbox, it has no timeline yet.
        if engines[.timeline(session.rootTimeline)] == nil { perform([.feed(.timeline(session.rootTimeline), .start)]) }
    }
}
