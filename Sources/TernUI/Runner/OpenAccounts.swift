import Foundation

/// Every account open so far, in the order opened, and the one shown; the stored accounts' names (for
/// `A`); and those being opened off the UI loop, with whether each is to be shown when ready (`A`) or only
/// read in the background (the inbox). Opening one reads its journal from the store, so it is never done
/// on the loop: the account comes back through the mailbox (`accountOpened`, `accountFailed`).
final class OpenAccounts {
    private(set) var sessions: [AccountSession]
    private(set) var active = 0
    /// The stored accounts' names, the first one's among them.
    let names: [String]
    private let open: (@Sendable (String, AccountMail) throws -> AccountParts)?
    private(set) var beingOpened: [String: Bool] = [:]
    private let mailbox: Mailbox
    private var nextID = 1

    /// What `A` on an account comes to.
    enum Switch: Equatable {
        /// It is open: shown now.
        case show(Int)
        /// What the status line says instead (it is being opened, or cannot be).
        case say(String, error: Bool)
    }

    init(first: AccountSession, names: [String], mailbox: Mailbox, open: (@Sendable (String, AccountMail) throws -> AccountParts)?) {
        sessions = [first]
        self.names = names.contains(first.parts.name) ? names : [first.parts.name] + names
        self.mailbox = mailbox
        self.open = open
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

    /// An account opened off the loop joins the others; whether it was asked to be shown.
    func opened(_ fresh: AccountSession) -> Bool {
        sessions.append(fresh)
        return beingOpened.removeValue(forKey: fresh.parts.name) ?? false
    }

    /// An account that could not be opened is no longer being opened.
    func failed(_ name: String) { beingOpened[name] = nil }
}
