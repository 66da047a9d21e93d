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
            terminalFocused = focused
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
        if keymap.action(for: key) == .redraw {
            perform([.repaint])
            return
        }
        // Tab moves the keys between two lists' panes; elsewhere it is the layer's (the compose screen's fields).
        if keymap.action(for: key) == .focusPane, panes != nil, stack.top is FeedLayer || stack.pictureInPane {
            focusLeft.toggle()
            return
        }
        let mark = status.mark(depth: stack.layers.count)
        defer { if status.keyAnswered(mark, depth: stack.layers.count) { dirty = true } }
        guard let panes else {
            focusLeft = false
            return perform(routed(stack.key(key, env()), from: stack.screenIndex))
        }
        // Two panes: the key goes to the focused one (a click: to the one it lands in), an overlay's to it.
        var key = key, toList = focusLeft
        if case .mouse(var m) = key {
            toList = m.column < panes.leftColumns
            if m.button == .left { focusLeft = toList }
            if !toList { m.column -= panes.rightStart }
            key = .mouse(m)
        }
        defer { demandFromLeft = nil }
        _ = stack.closeIfPassedOn(key)
        if stack.top.isOverlay, !stack.pictureInPane {
            perform(stack.key(key, env()))
        } else if toList, let list = stack.listIndex {
            demandFromLeft = true
            perform(routed(stack.keyToList(key, paneEnv(panes, left: true)), from: list))
        } else {
            demandFromLeft = false
            perform(routed(stack.key(key, paneEnv(panes, left: false)), from: stack.screenIndex))
        }
    }

    /// What is done to an inbox row is done as the account it came to.
    func routed(_ effects: [Effect], from index: Int) -> [Effect] {
        (stack.layers[index] as? FeedLayer)?.feed == .inbox ? asInboxRowsAccount(effects, inboxAt: index) : effects
    }

    /// Two panes when the terminal is wide enough and the shown screen was opened from a list.
    var panes: Panes? { Panes.of(stack, columns: screen.columns, layout: layout) }

    func paneEnv(_ panes: Panes, left: Bool) -> LayerEnv {
        var e = env()
        e.columns = left ? panes.leftColumns : panes.rightColumns
        e.focused = left == focusLeft
        return e
    }

    func accept(_ event: UIEvent) {
        switch event {
        case .account(let id, let inner):
            guard let owner = sessions.first(where: { $0.id == id }) else { return }
            within(owner) { accept(inner) }
        case .accountOpened(let id, let parts):
            opened(id, parts)
        case .accountFailed(let name, let why):
            accountsBeingOpened[name] = nil
            deliverInbox()
            show("Couldn't open \(name): \(why)", error: true)
        case .snapshot(let s, let serial):
            guard serial == session.serials[s.feed], s.version > session.feeds[s.feed]?.version ?? -1 else { return }
            let before = session.feeds[s.feed]
            session.feeds[s.feed] = s
            if s.feed == .notifications, let before { alertIfAway(before, s) }
            perform(stack.receive(.snapshot(s), env()))
            if s.feed == .notifications { deliverInbox() }
            if let m = s.message, m.id > session.lastMessage[s.feed] ?? 0 {
                session.lastMessage[s.feed] = m.id
                let shown = (stack.layers[stack.screenIndex] as? FeedLayer)?.feed == s.feed
                if let said = status.news(m, of: s.feed, shown: shown) { show(said.text, error: said.isError) }
            }
            dirty = true
        case .lists(let found):
            session.lists = found
            dirty = true
        case .trends(let found):
            session.trends = found
            dirty = true
        case .webFeedLists(let found):
            webFeedLists = found
            dirty = true
        case .image(let request, var state):
            // kitty pictures go to the terminal as they arrive; from then on only their id is kept.
            if let kitty, case .ready(var t) = state, case .kitty(let pixels)? = t.pixels {
                let (held, freed) = kitty.hold(request, pixels)
                t.pixels = held
                state = .ready(t)
                feeder.forget(freed)
            }
            feeder.accept(request, state)
            dirty = true
        case .picturesChanged:
            feeder.refreshAll()
            moving.restart()
            dirty = true
        case .movingFrame:
            let kitty = self.kitty
            if moving.takeFrame(hold: { pixels in
                guard let kitty, case .kitty(let k) = pixels else { return pixels }
                return kitty.holdFrame(k)
            }) { dirty = true }
        case .movingFailed(let request, let why):
            if moving.failed(request, why) { dirty = true }
        case .imageProgress(let request, let received, let total):
            feeder.accept(request, received: received, total: total)
            dirty = true
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
            interrupt()
        }
    }

    static let interruptQuestion = "Quit Tern while writing?"

    /// Ctrl-C quits at once, unless a post is being written: then it asks (a second Ctrl-C is the answer).
    func interrupt() {
        if let asked = stack.top as? ConfirmLayer, asked.question.hasPrefix(Self.interruptQuestion) { running = false; return }
        guard let compose = stack.layers.compactMap({ $0 as? ComposeLayer }).last, !compose.current.isEmpty else {
            running = false
            return
        }
        let fate = draftsOutliveSession ? "The draft is kept: \(compose.reopenKey(keymap)) opens it again." : "The demo's draft goes with it."
        perform([.push(.confirm(question: "\(Self.interruptQuestion) \(fate)", yes: [.quit]))])
        dirty = true
    }

    // MARK: Alerts

    /// A mention, a direct message or a follow that came while the user looks elsewhere (the terminal lost
    /// the focus) is announced: a desktop notification through the terminal, or its bell, as `alerts` says
    /// for its kind. Likes and boosts wait.
    func alertIfAway(_ before: FeedSnapshot, _ now: FeedSnapshot) {
        guard alerts.any, !terminalFocused else { return }
        func groups(_ s: FeedSnapshot) -> [NotificationGroup] {
            s.rows.compactMap { if case .notification(let g) = $0 { return g } else { return nil } }
        }
        // New since the last snapshot: newer than anything it had (a group a second follower joins is newer too).
        guard let newestBefore = groups(before).map(\.newestID).max(by: { ServerID.isNewer($1, than: $0) }) else { return }
        guard let (group, mode) = groups(now).lazy.compactMap({ group -> (NotificationGroup, TerminalAlert.Mode)? in
            guard ServerID.isNewer(group.newestID, than: newestBefore), let kind = AlertSettings.kind(of: group),
                  self.alerts[kind] != .off else { return nil }
            return (group, self.alerts[kind])
        }).first else { return }
        let title = sessions.count > 1 ? "Tern · \(session.parts.name)" : "Tern"
        screen.emit(TerminalAlert.bytes(title: title, body: group.summary, mode: mode, terminal: terminalName,
                                        insideTmux: ProcessInfo.processInfo.environment["TMUX"] != nil, passthrough: passthrough,
                                        environment: ProcessInfo.processInfo.environment))
    }
}
