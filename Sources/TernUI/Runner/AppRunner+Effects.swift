import Foundation
import TernModel

/// The runner carrying out what the layers asked for, as the session they belong to: the terminal's and
/// the pictures' effects itself, the rest by the session (its engines, writes and questions for its server).
extension AppRunner {
    /// Carries out effects of the shown session's layers.
    func perform(_ effects: [Effect]) { perform(effects, in: session) }

    /// Carries out `effects` as `s`: its stack applies them, and what is the account's goes to it.
    func perform(_ effects: [Effect], in s: AccountSession) {
        defer { stopClosedScreens(s); s.resubscribe() }
        // Any effect changes what is shown, a screen opened from the mailbox too (compose, a looked-up
        // profile), whose push `apply` consumes: drawn now, not at the next key.
        if !effects.isEmpty { dirty = true }
        status.performed(effects.count)
        let screenBefore = s.stack.screenIndex, mark = status.mark(depth: s.stack.layers.count)
        defer { if s.stack.screenIndex != screenBefore { status.screenChanged(since: mark) } }
        for effect in s.stack.apply(effects) {
            switch effect {
            case .feed(let opening, let command):
                if opening == .inbox {
                    for (owner, effects) in accounts.inboxWork(command, from: s) { perform(effects, in: owner) }
                } else if let why = s.engine(for: opening)?.carry(command) {
                    show(why, error: false, from: s)
                }
                // A screen opened again on a list whose engine runs shows its latest snapshot at once.
                if command == .start, let latest = opening == .inbox ? accounts.currentInbox() : s.feeds[opening.id] {
                    perform(s.stack.receive(.snapshot(latest), env(for: s)), in: s)
                }
            case .thumbnails, .retryImages, .loadLarge:
                // A large picture on the stack stays loaded whatever the list below does.
                _ = pictures.carry(effect, pinned: Set(s.stack.layers.compactMap { ($0 as? LargeImageLayer)?.image.request }))
            case .openURL, .play, .copy:
                guard let done = DesktopActions(copyMode: settings.copyMode).carry(effect) else { continue }
                if let bytes = done.toTerminal { screen.emit(bytes) }
                perform(done.said, in: s)
            case .switchAccount(let name): switchAccount(to: name)
            case .loadCatchUpAcross, .asAccount:
                for (owner, effects) in accounts.across(effect, shownOn: s) { perform(effects, in: owner) }
            case .say(let text, let error): show(text, error: error, from: s)
            case .unsay(let text): if status.unsay(text) { dirty = true }
            case .editExternally(let text):
                editExternally(text, in: s)
            case .repaint:
                renderer.invalidateLayouts()
                screen.invalidate()
            case .quit: running = false
            case .push, .pop, .switchTimeline, .focusPost, .toggleWarning:
                break
            default:
                // The account's own (`AccountSession.carry` says which): a write, a question for its server, work
                // for one of its screens.
                guard let said = s.carry(effect) else {
                    Self.log.error("an effect neither the runner nor the session carries", metadata: ["effect": "\(effect)"])
                    continue
                }
                perform(said, in: s)
            }
        }
    }

    /// A thread or profile that was closed stops its engine (`AccountSession.stopClosedScreens`); its
    /// rows' layouts go with it.
    func stopClosedScreens(_ s: AccountSession) {
        for id in s.stopClosedScreens(open: s.stack.openScreens) { renderer.forget(id) }
    }

    /// `Ctrl-E` in the compose screen: the terminal is the editor's until it exits; the text comes back to the
    /// compose screen, and a failure to start the editor is said.
    func editExternally(_ text: String, in s: AccountSession) {
        screen.suspend()
        let result = ExternalEditor.edit(text)
        screen.resume(mouse: settings.mouse)
        pictures.takeBack()
        switch result {
        case .success(let edited): perform(s.stack.updateTop(ComposeLayer.self) { $0.replaceText(edited) }, in: s)
        case .failure(let why): show(why.description, error: true, from: s)
        }
    }
}
