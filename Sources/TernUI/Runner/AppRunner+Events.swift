import Foundation
import TernModel
import TernTerminal

/// The runner's input: keys (to the layer or pane that has them) and what the mailbox brings (to the
/// session it is for).
extension AppRunner {
    func handle(_ key: Key) {
        if case .focus(let focused) = key {
            away.focused = focused
            return
        }
        dirty = true
        // A resize, and Ctrl-L as in less and vi: everything is laid out and painted again, over whatever else
        // wrote on the terminal (a wall message, a stray process), on every screen.
        if key == .resize || settings.keymap.action(for: key) == .redraw { return perform([.repaint]) }
        let shown = session
        let mark = status.mark(depth: shown.stack.layers.count)
        defer { if status.keyAnswered(mark, depth: shown.stack.layers.count) { dirty = true } }
        let (effects, from) = shown.stack.key(key, env(for: shown), panes: panes)
        guard let from else { return perform(effects, in: shown) }
        let (routedEffects, owner) = routed(effects, from: from, in: shown)
        perform(routedEffects, in: owner)
    }

    /// Two panes when the terminal is wide enough and the shown screen was opened from a list.
    var panes: Panes? { Panes.of(session.stack, columns: screen.columns, layout: settings.layout) }

    /// What the mailbox brought that names no account: the shown session's.
    func accept(_ event: UIEvent) { accept(event, for: session) }

    /// What the mailbox brought, handled as the session `s` it is for.
    func accept(_ event: UIEvent, for s: AccountSession) {
        if let said = s.accept(event) {
            dirty = true
            return perform(said, in: s)
        }
        switch event {
        case .account(let id, let inner):
            guard let owner = accounts.session(id: id) else { return }
            accept(inner, for: owner)
        case .accountOpened(let id, let parts):
            opened(id, parts)
        case .accountFailed(let name, let why):
            let said = accounts.failed(name, why: why)
            deliverInbox()
            show(said, error: true)
        case .snapshot(let snapshot, let serial):
            guard let taken = s.take(snapshot, from: serial) else { return }
            if let before = taken.before, let alert = away.announcement(before, snapshot, of: s.parts.name, among: sessions.count,
                                                                        settings: settings.alerts) {
                screen.emit(alert)
            }
            perform(s.stack.receive(.snapshot(snapshot), env(for: s)), in: s)
            if snapshot.feed == .notifications { deliverInbox() }
            if let news = taken.news, let said = status.news(news, of: snapshot.feed, shown: s.stack.shownList?.feed == snapshot.feed) {
                show(said.text, error: said.isError, from: s)
            }
            dirty = true
        case .image, .picturesChanged, .movingFrame, .movingFailed, .imageProgress:
            if pictures.accept(event) { dirty = true }
        case .say(let text, let isError):
            show(text, error: isError, from: s)
        case .unsay(let text):
            if status.unsay(text) { dirty = true }
        case .layer(let message):
            // A result of work, taken by the layer that asked for it as a key is. A layer that took it may
            // have changed without asking for anything (a completed path): drawn now.
            dirty = true
            perform(s.stack.receive(message, env(for: s)), in: s)
            for (other, copy) in accounts.acrossCopies(message, from: s) { perform(other.stack.receive(copy, env(for: other)), in: other) }
        case .lists, .trends, .webFeedLists, .me, .draftSaved, .limits, .changes, .live, .outbox, .serverChange, .actionNews:
            break   // the session's own, above
        case .quit:
            running = false
        case .interrupt:
            perform(s.stack.interrupted(settings.keymap, draftsOutliveSession: settings.draftsOutliveSession), in: s)
        }
    }
}
