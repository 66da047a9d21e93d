import Foundation
import Logging
import TernFeed
import TernImages
import TernModel
import TernStore
import TernTerminal

/// Runs the screen: one loop on the calling thread that waits on the keyboard and the mailbox, hands
/// keys to the layers, carries out the effects they return, and draws. It is the only code that touches
/// curses and the engines; everything slow runs in tasks that report back through the mailbox. The loop
/// blocks its thread in `poll()`, so nothing may wait for the main actor. Each account is a session
/// (`AccountSession`) with its own engines, writes and screens; the runner shows one. An event is handled
/// as the session it is for, named by its id (`accept(_:for:)`, `perform(_:in:)`), so what it changes (its
/// engines, its stack) is its own, whichever is shown.
package final class AppRunner {
    let screen: Screen
    let mailbox: Mailbox
    static let log = Logger(label: "tern.ui")
    let renderer: FrameRenderer
    let pictures: ScreenPictures
    let settings: RunnerSettings
    /// Every account open so far, the one shown, those being opened, and the inbox across them.
    let accounts: OpenAccounts
    /// Where mentions, direct messages and follows are announced while the terminal has not the focus.
    var away = AwayAlerts()
    /// What the status line says, and until when.
    var status: StatusLine
    /// The first frame, the terminal's probe after it, and the first frame with posts.
    var startup: StartupSteps
    /// When a still screen is drawn again (ages, a spinner).
    var cadence: FrameCadence
    var dirty = true
    var running = true

    var sessions: [AccountSession] { accounts.sessions }
    /// The session shown, whose screens have the keys.
    var session: AccountSession { accounts.shown }
    /// The shown session's screens.
    var stack: LayerStack { session.stack }
    /// The start-up notices the user quit before seeing whole, for the caller to print after the screen closes.
    package var unseenNotices: [String] { status.unseenNotices(now: Date()) }
    /// What each account must get to the store (drafts, posts just sent) before the caller ends.
    package var unfinished: [@Sendable () async -> Void] { sessions.flatMap(\.unfinished) }
    /// Each account's writes not on the server yet ("demo: 1 change"), printed once the screen is closed.
    package var unsent: [String] { sessions.compactMap(\.unsentLine) }

    /// `account` is the first account's (opened by the caller), `glance` the first screenful of its
    /// timeline already read (its engine starts from it) and `renderer` the one that drew it. `accounts`
    /// are the stored accounts' names for `A`, opened with `openAccount` when first shown. `onEngine`
    /// hears of each engine and the task running it (the caller stops them and waits for them at the end).
    /// `notices`: what to tell the user as it starts, all of it, one after another. `findGraphics` asks
    /// the terminal how it shows pictures; run once, after the first frame with posts. `onFirstPostsFrame`
    /// is called once, right after the first frame that shows posts is on the terminal (start-up's log).
    package init(screen: Screen, account: AccountParts, loader: ImageLoader, mailbox: Mailbox, theme: Theme,
                timeline: TimelineID, settings: RunnerSettings = RunnerSettings(), notices: [String] = [],
                graphics: Graphics = Graphics(), findGraphics: (() -> Graphics)? = nil, glance: Glance? = nil,
                renderer: FrameRenderer? = nil, accounts: [String] = [],
                openAccount: (@Sendable (String, AccountMail) throws -> AccountParts)? = nil,
                onEngine: @escaping (OpenEngine, Task<Void, Never>) -> Void, onFirstPostsFrame: (() -> Void)? = nil) {
        self.screen = screen
        self.mailbox = mailbox
        // The renderer that drew `FirstFrame` keeps its layouts.
        self.renderer = renderer ?? FrameRenderer(theme: theme)
        pictures = ScreenPictures(loader: loader, mailbox: mailbox)
        self.settings = settings
        let pageSize = settings.pageSize
        func session(_ id: Int, _ parts: AccountParts, _ timeline: TimelineID, _ glance: Glance?) -> AccountSession {
            AccountSession(id: id, parts: parts, mailbox: mailbox, timeline: timeline, glance: glance, pageSize: pageSize,
                           engineStarted: onEngine)
        }
        self.accounts = OpenAccounts(first: session(0, account, timeline, glance), names: accounts, mailbox: mailbox,
                                     open: openAccount, make: { session($0, $1, .home, nil) })
        screen.setMouse(settings.mouse)
        screen.setReports(true)
        status = StatusLine(notices: notices)
        let now = Date()
        startup = StartupSteps(started: now, probe: findGraphics, onFirstPostsFrame: onFirstPostsFrame)
        cadence = FrameCadence(now: now)
        use(graphics)
    }

    /// Runs until the user quits.
    package func run() {
        perform([.feed(.timeline(session.rootTimeline), .start)])
        if settings.opensNotifications { perform([.push(.feed(.notifications))]) }
        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: mailbox.readFD, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: screen.stopRequests ?? -1, events: Int16(POLLIN), revents: 0)]
        while running {
            tick()
            let now = Date()
            let opening = startup.opening(now, listRead: session.feeds[.timeline(session.rootTimeline)] != nil)
            if dirty, !opening { settleAndDraw() }
            perform(session.startBehindFirstFrame(up: startup.postsDrawn || !opening))
            if let probe = startup.probeDue(now, showsList: stack.top is FeedLayer || stack.top is GridLayer,
                                            keysWaiting: screen.keysWaiting) {
                findGraphics(with: probe)
                if dirty { settleAndDraw() }
            }
            // Pictures held back by the byte cap come once the view has been still for a moment.
            let waiting = screen.picturesDeferred > 0
            for i in fds.indices { fds[i].revents = 0 }
            let ready = poll(&fds, 3, opening ? 20 : stack.spinning ? 100 : waiting ? 120 : 1000)
            if ready == 0, waiting { dirty = true }
            // A terminal that went away without a SIGHUP reaching Tern (started through su or runuser, then
            // the window or the ssh connection closed) reads as its end: leave as `q` does, keeping what
            // must be kept, rather than poll it for ever with the cache locked. (Not after an interrupted
            // poll, a resize's: what it says of the input is nothing.)
            if ready > 0, screen.inputEnded(fds[0].revents) {
                Self.log.notice("the terminal is gone: quitting")
                running = false
                break
            }
            if screen.stopIfAsked(mouse: settings.mouse) {
                pictures.takeBack()
                dirty = true
            }
            while running, let key = screen.readKey() { handle(key) }
            for event in mailbox.drain() { accept(event) }
        }
        pictures.stop()
        for s in sessions { for (_, engine) in s.engines { engine.list.stop() } }
    }

    /// The world as the layers see it: the screen's size, the pictures, the status line, and the session's
    /// part (`AccountSession.describe`), for `s`'s screens.
    func env(for s: AccountSession) -> LayerEnv {
        var e = LayerEnv(rows: screen.rows, columns: screen.columns, now: Date(), renderer: renderer)
        settings.describe(&e)
        pictures.describe(&e)
        e.message = status.message
        e.accounts = accounts.names
        s.describe(&e)
        e.unread = accounts.unread(shownBy: s) ?? e.unread
        return e
    }

    func tick() {
        let now = Date()
        let shown = stack.shownList?.feed
        if status.tick(now: now, shownFeed: shown) { dirty = true }
        session.refreshCountsIfDue(now, shown: shown)
        let due = cadence.due(now, spinning: stack.spinning)
        if due.relayout { renderer.invalidateLayouts() }
        if due.redraw { dirty = true }
    }

    /// Says `text` on the status line, for `s` (nil: for no account, or the one shown).
    func show(_ text: String, error: Bool, from s: AccountSession? = nil) {
        if status.say(text, error: error, background: s.flatMap { $0 === session ? nil : $0.parts.name }) { dirty = true }
    }

    /// Lets the shown list catch up (its effects may load pictures or page the engine), then draws the
    /// shown screen and the overlays above it. Drawing changes nothing.
    func settleAndDraw() {
        dirty = false
        pictures.fit(columns: screen.columns)
        let s = session
        if panes == nil { pictures.onePane() }
        perform(s.stack.settle(env(for: s), panes: panes), in: s)
        // What moves is what the screen shows now: a moving picture no screen shows stops here.
        pictures.moving.want(s.stack.movingPicture)
        // Settling may have changed the stack (a closed thread): the panes as they are now.
        s.stack.render(env(for: s), panes: panes, on: screen)
        screen.update()
        if !startup.postsDrawn { startup.drew(withPosts: s.stack.shownList?.snapshot?.rows.contains { $0.post != nil } == true) }
    }

    /// Asks the terminal how it shows pictures (after the first frame with posts: the probe costs a round
    /// trip), hands back keys typed meanwhile, and switches to what it found.
    func findGraphics(with probe: () -> Graphics) {
        let found = probe()
        if !found.typed.isEmpty { screen.unread(found.typed) }
        // A terminal may have shown part of a query it did not know: everything is sent again, in colours
        // readable on the background it said it has.
        if let background = found.background { screen.background = background }
        screen.invalidate()
        use(found)
    }

    /// Shows pictures this way from now on (`ScreenPictures.use`), with what the terminal takes besides:
    /// synchronized output, hyperlinks, where alerts go.
    func use(_ graphics: Graphics) {
        away.heard(graphics)
        screen.synchronizedOutput = graphics.synchronizedOutput
        screen.hyperlinks = settings.hyperlinks.sent(to: graphics.terminal, environment: ProcessInfo.processInfo.environment)
        if let note = pictures.use(graphics, screen: screen, renderer: renderer) { show(note, error: false) }
        dirty = true
    }
}
