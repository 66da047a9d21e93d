import Foundation
import Logging
import TernFeed
import TernImages
import TernMastodon
import TernModel
import TernStore
import TernTerminal

/// The runner's input: keys (to the layer or pane that has them) and what the mailbox brings (to the
/// session it is for).
extension AppRunner {
    // MARK: Input

    func handle(_ key: Key) {
        if case .focus(let focused) = key {
            away.focused = focused
            return
        }
        dirty = true
        if key == .resize {
            renderer.invalidateLayouts()
            screen.invalidate()
            return
        }
        // Ctrl-L, as in less and vi: whatever else wrote on the terminal (a wall message, a stray
        // process) is painted over, on every screen.
        if settings.keymap.action(for: key) == .redraw {
            perform([.repaint])
            return
        }
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
        // Its lists, who the user is there, what its server takes, its stream's news: the session's own.
        if s.keep(event) {
            dirty = true
            return
        }
        switch event {
        case .account(let id, let inner):
            guard let owner = accounts.session(id: id) else { return }
            accept(inner, for: owner)
        case .accountOpened(let id, let parts):
            opened(id, parts)
        case .accountFailed(let name, let why):
            accounts.failed(name)
            deliverInbox()
            show("Couldn't open \(name): \(why)", error: true)
        case .snapshot(let snapshot, let serial):
            guard let taken = s.take(snapshot, from: serial) else { return }
            if snapshot.feed == .notifications, let before = taken.before,
               let alert = away.announcement(before, snapshot, settings: settings.alerts,
                                             title: sessions.count > 1 ? "Tern · \(s.parts.name)" : "Tern",
                                             environment: ProcessInfo.processInfo.environment) {
                screen.emit(alert)
            }
            perform(s.stack.receive(.snapshot(snapshot), env(for: s)), in: s)
            if snapshot.feed == .notifications { deliverInbox() }
            if let news = taken.news,
               let said = status.news(news, of: snapshot.feed, shown: s.stack.shownList?.feed == snapshot.feed) {
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
        case .outbox(let event):
            dirty = true
            perform(s.heard(event), in: s)
        case .serverChange(let event):
            dirty = true
            perform(s.heard(event), in: s)
        case .actionNews(let event):
            perform(s.heard(event), in: s)
        case .lists, .trends, .webFeedLists, .me, .draftSaved, .limits, .changes, .live:
            break   // kept by the session, above
        case .quit:
            running = false
        case .interrupt:
            perform(s.stack.interrupted(settings.keymap, draftsOutliveSession: settings.draftsOutliveSession), in: s)
        }
    }
}
