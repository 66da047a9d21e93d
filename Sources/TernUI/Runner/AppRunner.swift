import Foundation
import Logging
import TernFeed
import TernImages
import TernMastodon
import TernModel
import TernStore
import TernTerminal

/// Runs the screen: one loop on the calling thread that waits on the keyboard and the mailbox, hands
/// keys to the layers, carries out the effects they return, and draws. It is the only code that touches
/// curses and the engines; everything slow runs in tasks that report back through the mailbox. The loop
/// blocks its thread in `poll()`, so nothing may wait for the main actor.
///
/// Each account is a session (`AccountSession`) with its own engines, writes and screens; the runner shows
/// the active one. An event of a session is handled with that session in scope (`session`), so what it
/// changes (its engines, its stack) is its own, whichever is shown.
public final class AppRunner {
    let screen: Screen
    let mailbox: Mailbox
    let log = Logger(label: "tern.ui")
    let renderer: FrameRenderer
    let feeder: ThumbnailFeeder
    /// In kitty mode, the pictures the terminal holds.
    var kitty: KittyImages?
    /// Asks the terminal how it shows pictures; run once, after the first frame with posts.
    let findGraphics: (() -> Graphics)?
    /// The first frame with posts (or, for an empty list, the first moment) is on the terminal.
    var postsDrawn = false
    private let keymap: Keymap
    private let confirmBoost: Bool
    private let pageSize: Int
    private let prefetchRows: Int
    private let onEngine: (any FeedEngine, Task<Void, Never>) -> Void
    /// Every account open so far, in the order opened, and the one shown.
    var sessions: [AccountSession]
    var active = 0
    /// The session whose event or key is being handled: the shown one, except while a background
    /// session's event is (`within`).
    var session: AccountSession
    /// The stored accounts' names, for `A`; and how another is opened (off the UI loop).
    let accounts: [String]
    let openAccount: (@Sendable (String, AccountMail) throws -> AccountParts)?
    /// Accounts being opened off the loop: whether each is to be shown when ready (`A`) or not (the inbox).
    var accountsBeingOpened: [String: Bool] = [:]
    /// `layout` in the config, and with two panes, whether the list on the left has the keys.
    let layout: PaneLayout
    var focusLeft = false
    /// With two panes, each pane's pictures as last asked for (by whether it is the left one), and
    /// which pane is asking now.
    private var paneDemands: [Bool: ThumbnailDemand] = [:]
    private var demandFromLeft: Bool?
    var nextSessionID = 1
    private var nextSerial = 0
    let mouse: Bool
    private(set) var message: (text: String, isError: Bool)?
    private var messageShownUntil = Date.distantPast
    private var messagesShown = 0
    private var lastClockRedraw = Date()
    private var lastCountsRefresh = Date()
    /// How long the first frame waits for the shown list's cached posts.
    static let openingWait: TimeInterval = 0.15
    /// How often the counts of the posts in view are asked for again while online.
    static let countsInterval: TimeInterval = 60
    private var lastWidth = 0
    var dirty = true
    private(set) var running = true
    /// Drafts are kept after Tern ends (the demo's go with its scratch store): what Ctrl-C while writing says.
    public var draftsOutliveSession = true
    /// Open the notifications over the timeline at the start (`--timeline notifications`).
    public var opensNotifications = false
    /// Called once, right after the first frame that shows posts is on the terminal (start-up's timeline in the log).
    public var onFirstPostsFrame: (() -> Void)?

    // The session in scope, as the effects and events below use it.
    var stack: LayerStack {
        get { session.stack }
        set { session.stack = newValue }
    }
    var engines: [FeedID: any FeedEngine] {
        get { session.engines }
        set { session.engines = newValue }
    }
    var sources: TimelineEngine.Sources { session.sources }
    var writing: Writing? { session.writing }
    var me: (id: String, acct: String) {
        get { session.me }
        set { session.me = newValue }
    }
    var outgoing: (posts: [OutgoingPost], waiting: Bool) {
        get { session.outgoing }
        set { session.outgoing = newValue }
    }
    /// Every account's drafts on their way to the store; the caller waits for them (`flush`) before it ends.
    public var allDrafts: [DraftKeeper] { sessions.map(\.drafts) }
    var drafts: DraftKeeper { session.drafts }

    /// `account` is the first account's (opened by the caller), `glance` the first screenful of its
    /// timeline already read (its engine starts from it) and `renderer` the one that drew it. `accounts`
    /// are the stored accounts' names for `A`, opened with `openAccount` when first shown. `onEngine`
    /// hears of each engine and the task running it (the caller stops them and waits for them at the end).
    /// `mouse` turns on xterm mouse reporting.
    public init(screen: Screen, account: AccountParts, loader: ImageLoader, mailbox: Mailbox, theme: Theme,
                timeline: TimelineID, keymap: Keymap = .standard, prefetchRows: Int = 10, pageSize: Int = 20, mouse: Bool = true,
                notice: String? = nil, confirmBoost: Bool = false,
                graphics: Graphics = Graphics(), findGraphics: (() -> Graphics)? = nil, glance: Glance? = nil,
                renderer: FrameRenderer? = nil, layout: PaneLayout = .auto, accounts: [String] = [],
                openAccount: (@Sendable (String, AccountMail) throws -> AccountParts)? = nil,
                onEngine: @escaping (any FeedEngine, Task<Void, Never>) -> Void) {
        self.screen = screen
        self.mailbox = mailbox
        // The renderer that drew `FirstFrame` keeps its layouts.
        self.renderer = renderer ?? FrameRenderer(theme: theme)
        self.feeder = ThumbnailFeeder(loader: loader, mailbox: mailbox)
        self.findGraphics = findGraphics
        self.keymap = keymap
        self.confirmBoost = confirmBoost
        self.prefetchRows = max(0, prefetchRows)
        self.pageSize = pageSize
        self.onEngine = onEngine
        let first = AccountSession(id: 0, parts: account, mailbox: mailbox, timeline: timeline, glance: glance)
        sessions = [first]
        session = first
        self.accounts = accounts.contains(account.name) ? accounts : [account.name] + accounts
        self.openAccount = openAccount
        self.layout = layout
        self.mouse = mouse
        screen.setMouse(mouse)
        if let notice { show(notice, error: true) }
        use(graphics)
    }

    /// Runs until the user quits.
    public func run() {
        perform([.feed(.timeline(session.rootTimeline), .start)])
        if opensNotifications { perform([.push(.feed(.notifications))]) }
        var graphicsFound = false
        let started = Date()
        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: mailbox.readFD, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: screen.stopRequests ?? -1, events: Int16(POLLIN), revents: 0)]
        while running {
            tick()
            // The first frame waits (briefly) for the cached posts: an empty list drawn a few milliseconds
            // before them would flash, and say something that isn't so.
            let opening = session.feeds[.timeline(session.rootTimeline)] == nil && Date().timeIntervalSince(started) < Self.openingWait
            if dirty, !opening { settleAndDraw() }
            // The unread count can wait until the posts are up; its engine would compete with theirs for the store.
            if !session.notificationsStarted, postsDrawn || !opening {
                session.notificationsStarted = true
                perform([.feed(.notifications, .start)])
            }
            // Asking the terminal costs a round trip (an ssh one, remotely): the cached posts go first. And
            // it reads the keyboard's line: not while keys are waiting or the user is writing.
            if !graphicsFound, postsDrawn || Date().timeIntervalSince(started) > 0.5, stack.top is FeedLayer || stack.top is GridLayer,
               !screen.keysWaiting {
                graphicsFound = true
                findGraphicsNow()
                if dirty { settleAndDraw() }
            }
            // Drafts, the outbox and the server's limits are not needed for the first frame: they start after it.
            if !session.writingStarted { session.writingStarted = true; startWriting() }
            // Pictures held back by the byte cap come once the view has been still for a moment.
            let waiting = screen.picturesDeferred > 0
            for i in fds.indices { fds[i].revents = 0 }
            let ready = poll(&fds, 3, opening ? 20 : waiting ? 120 : 1000)
            if ready == 0, waiting { dirty = true }
            // A terminal that went away without a SIGHUP reaching Tern (started through su or runuser, then
            // the window or the ssh connection closed) reads as its end: leave as `q` does, keeping what
            // must be kept, rather than poll it for ever with the cache locked. (Not after an interrupted
            // poll, a resize's: what it says of the input is nothing.)
            if ready > 0, screen.inputEnded(fds[0].revents) {
                log.notice("the terminal is gone: quitting")
                running = false
                break
            }
            if screen.stopIfAsked(mouse: mouse) { dirty = true }
            while running, let key = screen.readKey() { handle(key) }
            for event in mailbox.drain() { accept(event) }
        }
        feeder.reset()
        kitty?.releaseAll()
        for s in sessions { for (_, engine) in s.engines { engine.stop() } }
    }

    /// Handles a session's event with that session in scope.
    func within(_ other: AccountSession, _ body: () -> Void) {
        let saved = session
        session = other
        defer { session = saved }
        body()
    }

    private func env() -> LayerEnv {
        let s = session
        var feeds = s.feeds
        if s.stack.layers.contains(where: { ($0 as? FeedLayer)?.feed == .inbox }) { feeds[.inbox] = inboxSnapshot() }
        var e = LayerEnv(feeds: feeds, rows: screen.rows, columns: screen.columns, now: Date(), keymap: keymap, renderer: renderer)
        e.images = feeder.images
        e.progress = feeder.progress
        e.message = message
        e.unread = s.feeds[.notifications]?.unread
        e.lists = s.lists
        e.sessionTitle = s.parts.title
        e.accounts = accounts
        e.activeAccount = s.parts.name
        e.prefetchRows = prefetchRows
        e.liveState = s.liveState
        e.confirmBoost = confirmBoost
        e.ownAccountID = s.me.id
        e.ownAcct = s.me.acct
        e.limits = s.limits
        e.savedDraft = s.savedDraft
        e.queuedPosts = s.outgoing.posts.count
        return e
    }

    // MARK: Input

    private func handle(_ key: Key) {
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
        if keymap.action(for: key) == .focusPane, panes != nil, stack.top is FeedLayer {
            focusLeft.toggle()
            return
        }
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
        if stack.top.isOverlay {
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
    private func routed(_ effects: [Effect], from index: Int) -> [Effect] {
        (stack.layers[index] as? FeedLayer)?.feed == .inbox ? asInboxRowsAccount(effects, inboxAt: index) : effects
    }

    /// Two panes when the terminal is wide enough and the shown screen was opened from a list.
    var panes: Panes? { Panes.of(stack, columns: screen.columns, layout: layout) }

    private func paneEnv(_ panes: Panes, left: Bool) -> LayerEnv {
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
            show("Couldn't open \(name): \(why)", error: true)
        case .snapshot(let s, let serial):
            guard serial == session.serials[s.feed], s.version > session.feeds[s.feed]?.version ?? -1 else { return }
            session.feeds[s.feed] = s
            if let m = s.message, m.id > session.lastMessage[s.feed] ?? 0 {
                session.lastMessage[s.feed] = m.id
                // A list in the background speaks up only when something went wrong, and names itself; what
                // the server made of something the user did is no list's, and every list hears it: said as it is.
                let shown = (stack.layers[stack.screenIndex] as? FeedLayer)?.feed == s.feed
                if m.aboutAction { if message?.text != m.text { show(m.text, error: m.isError) } }
                else if shown || m.isError { show(shown ? m.text : "\(s.feed): \(m.text)", error: m.isError) }
            }
            dirty = true
        case .lists(let found):
            session.lists = found
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
            dirty = true
        case .imageProgress(let request, let received, let total):
            feeder.accept(request, received: received, total: total)
            dirty = true
        case .live(let news):
            hear(news)
        case .open(let opening):
            perform(stack.receive(.open(opening), env()))
        case .say(let text, let isError):
            show(text, error: isError)
        case .compose(let draft, let context):
            perform(stack.receive(.compose(draft, context: context), env()))
        case .layer(let message):
            perform(stack.receive(message, env()))
        case .silenced(let muted, let blocked):
            perform(stack.receive(.silenced(muted: muted, blocked: blocked), env()))
        case .me(let account):
            me = (account.id, account.acct)
        case .draftSaved(let d):
            session.savedDraft = d
            dirty = true
        case .outbox(let event):
            hear(event)
        case .limits(let l):
            session.limits = l
            dirty = true
        case .changes(let changes):
            for (_, e) in engines { e.perform(.streamed(changes)) }
        case .quit:
            running = false
        case .interrupt:
            interrupt()
        }
    }

    static let interruptQuestion = "Quit Tern while writing?"

    /// Ctrl-C quits at once, unless a post is being written: then it asks (a second Ctrl-C is the answer).
    private func interrupt() {
        if let asked = stack.top as? ConfirmLayer, asked.question.hasPrefix(Self.interruptQuestion) { running = false; return }
        guard let compose = stack.layers.compactMap({ $0 as? ComposeLayer }).last, !compose.current.isEmpty else {
            running = false
            return
        }
        let fate = draftsOutliveSession ? "The draft is kept: \(compose.reopenKey(keymap)) opens it again." : "The demo's draft goes with it."
        perform([.push(.confirm(question: "\(Self.interruptQuestion) \(fate)", yes: [.quit]))])
        dirty = true
    }

    // MARK: Streaming

    private func hear(_ news: LiveStream.News) {
        dirty = true
        switch news {
        case .state(let state):
            switch state {
            case .connecting: session.liveState = nil
            case .live: session.liveState = "live"
            case .reconnecting: session.liveState = "reconnecting…"
            case .polling: session.liveState = "polling"
            }
        case .catchUp:
            // After a break (or on the polling beat): the same gap-aware fetch as `r`, quietly.
            for engine in session.timelineEngines { engine.perform(.poll) }
            engines[.notifications]?.perform(.refresh)
        case .events(let events):
            var newIn: Set<String> = []
            var notified = false
            for event in events {
                switch event {
                case .update(let streams, _): newIn.formUnion(StreamName.names(streams))
                case .notification: notified = true
                case .statusUpdate, .delete: break
                case .filtersChanged: break
                }
            }
            let changes = StreamChange.changes(in: events)
            if !changes.isEmpty { for (_, e) in engines { e.perform(.streamed(changes)) } }
            // New posts are fetched, not inserted from the event: the fetch keeps cursors and gaps right
            // and counts them as "↑ N new" without moving the view, exactly as `r` does.
            for (id, engine) in engines {
                guard case .timeline(let t) = id, let name = StreamName.of(t), newIn.contains(name) else { continue }
                engine.perform(.poll)
            }
            if notified { engines[.notifications]?.perform(.refresh) }
        }
    }

    // MARK: Effects

    func perform(_ effects: [Effect]) {
        defer { stopClosedScreens(); session.resubscribe() }
        // Any effect changes what is shown, a screen opened from the mailbox too (compose, a looked-up
        // profile), whose push `apply` consumes: drawn now, not at the next key.
        if !effects.isEmpty { dirty = true }
        let screenBefore = stack.screenIndex, shownBefore = messagesShown
        defer {
            // A note about the screen that was left ("Posts with pictures" on a profile) goes with it; what
            // went wrong stays its time, and so does a note these effects gave ("Draft kept").
            if stack.screenIndex != screenBefore, messagesShown == shownBefore, message?.isError == false { message = nil }
        }
        for effect in stack.apply(effects) {
            switch effect {
            case .feed(let opening, let command):
                if opening == .inbox { inbox(command) } else { engine(for: opening)?.perform(command) }
            case .thumbnails(var demand):
                // Two panes want their pictures at once: each pane's latest wants, together.
                if let left = demandFromLeft {
                    paneDemands[left] = demand
                    demand = .merged([paneDemands[true], paneDemands[false]].compactMap { $0 })
                }
                // A large picture on the stack stays loaded whatever the list below does.
                demand.pinned = Set(stack.layers.compactMap { ($0 as? LargeImageLayer)?.image.request })
                feeder.update(demand)
            case .retryImages(let requests):
                feeder.retry(requests)
            case .loadLarge(let request, let blurhash, let aspect):
                feeder.requestLarge(request, blurhash: blurhash, aspect: aspect)
            case .openURL(let url):
                switch BrowserLauncher.open(url) {
                case .opened(let program): show("Opened in \(program)", error: false)
                case .noBrowser: show("Link: \(url)", error: false)
                case .refused(let why): show(why, error: true)
                }
            case .play(let url):
                switch MediaPlayer.play(url) {
                case .playing(let program): show("Playing in \(program)", error: false)
                case .noPlayer(let why), .refused(let why): show(why, error: true)
                }
            case .openMention(let url):
                show("Looking up the account…", error: false)
                let client = sources.client, mail = session.mail
                Task.detached {
                    do { mail.post(.open(.profile(try await client.account(mentionURL: url)))) }
                    catch { mail.post(.say("Couldn't find that account: \((error as? MastodonError)?.description ?? "\(error)")", isError: true)) }
                }
            case .fetchLists:
                let fetch = session.parts.fetchLists, mail = session.mail
                Task.detached { mail.post(.lists(await fetch())) }
            case .switchAccount(let name):
                switchAccount(to: name)
            case .inspectFile(let typed, let path):
                let mail = session.mail
                Task.detached { mail.post(.layer(.fileInspected(InspectedFile.inspect(typed: typed, path: path)))) }
            case .completePath(let typed):
                let mail = session.mail
                Task.detached {
                    let (completed, candidates) = PathCompletion.complete(typed)
                    mail.post(.layer(.pathCompleted(typed: typed, completed: completed, candidates: candidates)))
                }
            case .say(let text, let error):
                show(text, error: error)
            case .compose(let target): compose(target)
            case .keepDraft(let d): drafts.keep(d)
            case .sendPost(let d): send(d)
            case .editExternally(let text): editExternally(text)
            case .deletePost(let post): delete(post)
            case .account(let kind, let account, let wanted, let current, let seconds):
                act(kind, on: account, wanted: wanted, current: current, muteSeconds: seconds)
            case .toggleBoosts(let account): toggleBoosts(account)
            case .hidePost(let post): hide(post)
            case .silencedPeople: fetchSilenced()
            case .repaint:
                screen.invalidate()
            case .quit:
                running = false
            case .push, .pop, .switchTimeline, .focusPost:
                break
            }
        }
    }

    /// A thread or profile that was closed stops its engine and forgets its rows; opening it again
    /// starts from the store. Timelines keep theirs (each keeps its place), and notifications run on
    /// for the unread count.
    private func stopClosedScreens() {
        let open = stack.openScreens
        for (id, engine) in engines {
            switch id {
            case .thread, .profile:
                guard !open.contains(id) else { continue }
                engine.stop()
                engines[id] = nil
                session.feeds[id] = nil
                session.lastMessage[id] = nil
                renderer.forget(id)
            case .timeline, .notifications, .inbox:
                continue
            }
        }
    }

    /// The engine behind a list, made and started the first time it is asked for.
    /// The inbox has none: it is every account's notifications (`inboxSnapshot`).
    private func engine(for opening: FeedOpening) -> (any FeedEngine)? {
        if let e = engines[opening.id] { return e }
        nextSerial += 1
        let mail = session.mail, serial = nextSerial, glance = session.glance
        session.serials[opening.id] = serial
        let engine: any FeedEngine
        let task: Task<Void, Never>
        switch opening {
        case .timeline(let t):
            let e = TimelineEngine(sources: sources, timeline: t, pageSize: pageSize, glance: glance) {
                mail.post(.snapshot(FeedSnapshot($0), engine: serial))
            }
            session.glance = nil
            if t == .home, !outgoing.posts.isEmpty { e.send(.outgoing(outgoing.posts, waiting: outgoing.waiting)) }
            engine = e
            task = Task.detached { await e.run() }
        case .thread(let root, let seed):
            let e = ThreadEngine(sources: sources, rootID: root, seed: seed) { mail.post(.snapshot($0, engine: serial)) }
            if !outgoing.posts.isEmpty { e.perform(.outgoing(outgoing.posts, waiting: outgoing.waiting)) }
            engine = e
            task = Task.detached { await e.run() }
        case .notifications:
            let e = NotificationsEngine(sources: sources) { mail.post(.snapshot($0, engine: serial)) }
            engine = e
            task = Task.detached { await e.run() }
        case .profile(let account):
            let e = ProfileEngine(sources: sources, account: account) { mail.post(.snapshot($0, engine: serial)) }
            engine = e
            task = Task.detached { await e.run() }
        case .inbox:
            return nil
        }
        engines[opening.id] = engine
        onEngine(engine, task)
        return engine
    }

    // MARK: Drawing

    private func tick() {
        let now = Date()
        if message != nil, now >= messageShownUntil { message = nil; dirty = true }
        if session.liveState != nil, now.timeIntervalSince(lastCountsRefresh) >= Self.countsInterval {
            lastCountsRefresh = now
            if let shown = stack.layers[stack.screenIndex] as? FeedLayer, case .timeline = shown.feed {
                engines[shown.feed]?.perform(.refreshCounts)
            }
        }
        if now.timeIntervalSince(lastClockRedraw) >= 30 {
            // Relative ages ("5m") move on.
            lastClockRedraw = now
            renderer.invalidateLayouts()
            dirty = true
        }
    }

    func show(_ text: String, error: Bool) {
        // An account in the background speaks up only when something went wrong, and names itself.
        if session !== sessions[active] {
            guard error else { return }
            let name = session.parts.name
            return within(sessions[active]) { show("\(name): \(text)", error: true) }
        }
        messagesShown += 1
        message = (text, error)
        messageShownUntil = Date().addingTimeInterval(error ? 8 : 4)
        dirty = true
    }

    /// Lets the shown list catch up (its effects may load pictures or page the engine), then draws the
    /// shown screen and the overlays above it. Drawing changes nothing.
    private func settleAndDraw() {
        dirty = false
        if screen.columns != lastWidth {
            lastWidth = screen.columns
            feeder.reset()
        }
        if let panes {
            demandFromLeft = true
            perform(stack.settleList(paneEnv(panes, left: true)))
            demandFromLeft = false
            perform(stack.settle(paneEnv(panes, left: false)))
            demandFromLeft = nil
        } else {
            focusLeft = false
            paneDemands = [:]
            perform(stack.settle(env()))
        }
        // Settling may have changed the stack (a closed thread): the panes as they are now.
        if let panes { stack.render(env(), panes: panes, focusLeft: focusLeft, on: screen) } else { stack.render(env(), on: screen) }
        screen.update()
        if !postsDrawn, let shown = stack.layers[stack.screenIndex] as? FeedLayer,
           session.feeds[shown.feed]?.rows.contains(where: { $0.post != nil }) == true {
            postsDrawn = true
            onFirstPostsFrame?()
            onFirstPostsFrame = nil
        }
    }
}
