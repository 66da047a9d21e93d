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
        let mark = status.mark(depth: stack.layers.count)
        defer { if status.keyAnswered(mark, depth: stack.layers.count) { dirty = true } }
        let (effects, from) = stack.key(key, env(), panes: panes)
        perform(from.map { routed(effects, from: $0) } ?? effects)
    }

    /// What is done to an inbox row is done as the account it came to.
    func routed(_ effects: [Effect], from index: Int) -> [Effect] {
        (stack.layers[index] as? FeedLayer)?.feed == .inbox ? asInboxRowsAccount(effects, inboxAt: index) : effects
    }

    /// Two panes when the terminal is wide enough and the shown screen was opened from a list.
    var panes: Panes? { Panes.of(stack, columns: screen.columns, layout: settings.layout) }

    func accept(_ event: UIEvent) {
        switch event {
        case .account(let id, let inner):
            guard let owner = accounts.session(id: id) else { return }
            within(owner) { accept(inner) }
        case .accountOpened(let id, let parts):
            opened(id, parts)
        case .accountFailed(let name, let why):
            accounts.failed(name)
            deliverInbox()
            show("Couldn't open \(name): \(why)", error: true)
        case .snapshot(let s, let serial):
            guard let taken = session.take(s, from: serial) else { return }
            if s.feed == .notifications, let before = taken.before,
               let alert = away.announcement(before, s, settings: settings.alerts, title: sessions.count > 1 ? "Tern · \(session.parts.name)" : "Tern",
                                             environment: ProcessInfo.processInfo.environment) {
                screen.emit(alert)
            }
            perform(stack.receive(.snapshot(s), env()))
            if s.feed == .notifications { deliverInbox() }
            if let news = taken.news,
               let said = status.news(news, of: s.feed, shown: (stack.layers[stack.screenIndex] as? FeedLayer)?.feed == s.feed) {
                show(said.text, error: said.isError)
            }
            dirty = true
        case .lists(let found):
            session.lists = found
            dirty = true
        case .trends(let found):
            session.trends = found
            dirty = true
        case .webFeedLists(let found):
            session.webFeedLists = found
            dirty = true
        case .image, .picturesChanged, .movingFrame, .movingFailed, .imageProgress:
            if pictures.accept(event) { dirty = true }
        case .live(let news):
            session.heard(news)
            dirty = true
        case .open(let opening):
            perform(stack.receive(.open(opening), env()))
        case .say(let text, let isError):
            show(text, error: isError)
        case .unsay(let text):
            if status.unsay(text) { dirty = true }
        case .compose(let draft, let context):
            perform(stack.receive(.compose(draft, context: context), env()))
        case .layer(let message):
            // A layer that took it may have changed without asking for anything (a completed path): drawn now.
            dirty = true
            // The filters as the server lists them (for their menu, or after a change): every list applies them now.
            if case .filters(let filters) = message { sources.actions.useFilters(filters) }
            perform(stack.receive(message, env()))
        case .me(let account):
            me = (account.id, account.acct)
        case .draftSaved(let d):
            session.savedDraft = d
            dirty = true
        case .outbox(let event):
            dirty = true
            perform(session.heard(event))
        case .serverChange(let event):
            dirty = true
            perform(session.heard(event))
        case .limits(let l):
            session.limits = l
            dirty = true
        case .changes(let changes):
            sources.posts.streamed(changes)
        case .quit:
            running = false
        case .interrupt:
            perform(stack.interrupted(settings.keymap, draftsOutliveSession: settings.draftsOutliveSession))
        }
    }
}
