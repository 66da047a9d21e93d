import Foundation
import TernFeed
import TernModel

/// `A`: showing another account. Each keeps its sessions's place, drafts, pending writes and stream; one
/// not opened yet is opened off the UI loop (its journal is read from the store) and shown when ready.
extension AppRunner {
    func switchAccount(to name: String) {
        if let i = sessions.firstIndex(where: { $0.parts.name == name }) {
            guard i != active else { return }
            show(i)
            return
        }
        guard let openAccount else { return show("Only this account can be shown here.", error: true) }
        guard accountBeingOpened == nil else { return show("Still opening \(accountBeingOpened ?? "")…", error: false) }
        accountBeingOpened = name
        let id = nextSessionID, mailbox = self.mailbox
        nextSessionID += 1
        show("Opening \(name)…", error: false)
        Task.detached {
            do { mailbox.post(.accountOpened(id: id, try openAccount(name, mailbox.mail(forAccount: id)))) }
            catch { mailbox.post(.accountFailed(name: name, why: "\(error)")) }
        }
    }

    /// An account opened off the loop: its session starts on its home timeline, and is shown.
    func opened(_ id: Int, _ parts: AccountParts) {
        accountBeingOpened = nil
        let fresh = AccountSession(id: id, parts: parts, mailbox: mailbox, timeline: .home)
        sessions.append(fresh)
        show(sessions.count - 1)
        perform([.feed(.timeline(.home), .start)])
    }

    /// Shows the session at `index`: the screen is its stack from now on, drawn afresh.
    private func show(_ index: Int) {
        active = index
        session = sessions[index]
        renderer.invalidateLayouts()
        screen.invalidate()
        show(session.parts.title, error: false)
        dirty = true
    }
}
