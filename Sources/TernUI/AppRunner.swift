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
    /// The first screenful of the first timeline, read at start-up; handed to its engine.
    private var glance: Glance?
    /// The first frame with posts (or, for an empty list, the first moment) is on the terminal.
    var postsDrawn = false
    private let keymap: Keymap
    private let title: String
    private let confirmBoost: Bool
    let sources: TimelineEngine.Sources
    private let pageSize: Int
    private let prefetchRows: Int
    private let fetchLists: @Sendable () async -> [TimelineID]
    private let onEngine: (any FeedEngine, Task<Void, Never>) -> Void
    private let live: LiveStream?
    private var liveState: String?
    private var subscribed: Set<String> = []
    var stack: LayerStack
    var engines: [FeedID: any FeedEngine] = [:]
    /// Each engine's serial number, to tell its snapshots from those of an engine it replaced.
    private var serials: [FeedID: Int] = [:]
    private var nextSerial = 0
    private var feeds: [FeedID: FeedSnapshot] = [:]
    private var lastMessage: [FeedID: Int] = [:]
    private var lists: [TimelineID]?
    let writing: Writing?
    /// Drafts on their way to the store; the session waits for them (`flush`) before it ends.
    public let drafts: DraftKeeper
    var savedDraft: Draft?
    /// The user's account id and handle ("" until known).
    var me: (id: String, acct: String)
    var limits = PostingLimits()
    var outgoing: (posts: [OutgoingPost], waiting: Bool) = ([], false)
    let mouse: Bool
    private var message: (text: String, isError: Bool)?
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
    private var running = true
    /// Drafts are kept after Tern ends (the demo's go with its scratch store): what Ctrl-C while writing says.
    public var draftsOutliveSession = true
    /// Open the notifications over the timeline at the start (`--timeline notifications`).
    public var opensNotifications = false
    /// Called once, right after the first frame that shows posts is on the terminal (start-up's timeline in the log).
    public var onFirstPostsFrame: (() -> Void)?

    /// `glance` is the first screenful already read (its engine starts from it) and `renderer` the one that
    /// drew it. `sources` feed every engine the user opens; `onEngine` hears of each one and the task running it
    /// (the session stops them and waits for them at the end). `mouse` turns on xterm mouse reporting.
    public init(screen: Screen, sources: TimelineEngine.Sources, loader: ImageLoader, mailbox: Mailbox, theme: Theme,
                timeline: TimelineID, title: String, keymap: Keymap = .standard, prefetchRows: Int = 10, pageSize: Int = 20, mouse: Bool = true,
                notice: String? = nil, live: LiveStream? = nil, confirmBoost: Bool = false, writing: Writing? = nil,
                graphics: Graphics = Graphics(), findGraphics: (() -> Graphics)? = nil, glance: Glance? = nil,
                renderer: FrameRenderer? = nil,
                fetchLists: @escaping @Sendable () async -> [TimelineID],
                onEngine: @escaping (any FeedEngine, Task<Void, Never>) -> Void) {
        self.screen = screen
        self.sources = sources
        self.mailbox = mailbox
        // The renderer that drew `FirstFrame` keeps its layouts.
        self.renderer = renderer ?? FrameRenderer(theme: theme)
        self.feeder = ThumbnailFeeder(loader: loader, mailbox: mailbox)
        self.findGraphics = findGraphics
        self.glance = glance
        self.keymap = keymap
        self.title = title
        self.confirmBoost = confirmBoost
        self.prefetchRows = max(0, prefetchRows)
        self.pageSize = pageSize
        self.fetchLists = fetchLists
        self.onEngine = onEngine
        self.live = live
        stack = LayerStack(root: timeline)
        self.writing = writing
        me = (writing?.ownAccountID ?? "", writing?.ownAcct ?? "")
        self.mouse = mouse
        drafts = DraftKeeper(store: sources.store, account: sources.account) { mailbox.post(.draftSaved($0)) }
        screen.setMouse(mouse)
        if let notice { show(notice, error: true) }
        use(graphics)
    }

    /// Runs until the user quits.
    public func run() {
        perform([.feed(.timeline(rootTimeline), .start)])
        if opensNotifications { perform([.push(.feed(.notifications))]) }
        var writingStarted = false, graphicsFound = false, notificationsStarted = false
        let started = Date()
        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: mailbox.readFD, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: screen.stopRequests ?? -1, events: Int16(POLLIN), revents: 0)]
        while running {
            tick()
            // The first frame waits (briefly) for the cached posts: an empty list drawn a few milliseconds
            // before them would flash, and say something that isn't so.
            let opening = feeds[.timeline(rootTimeline)] == nil && Date().timeIntervalSince(started) < Self.openingWait
            if dirty, !opening { settleAndDraw() }
            // The unread count can wait until the posts are up; its engine would compete with theirs for the store.
            if !notificationsStarted, postsDrawn || !opening {
                notificationsStarted = true
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
            if !writingStarted { writingStarted = true; startWriting() }
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
        for (_, engine) in engines { engine.stop() }
    }

    private var rootTimeline: TimelineID {
        if let root = stack.layers.first as? FeedLayer, case .timeline(let t) = root.opening { return t }
        return .home
    }

    private func env() -> LayerEnv {
        var e = LayerEnv(feeds: feeds, rows: screen.rows, columns: screen.columns, now: Date(), keymap: keymap, renderer: renderer)
        e.images = feeder.images
        e.progress = feeder.progress
        e.message = message
        e.unread = feeds[.notifications]?.unread
        e.lists = lists
        e.sessionTitle = title
        e.prefetchRows = prefetchRows
        e.liveState = liveState
        e.confirmBoost = confirmBoost
        e.ownAccountID = me.id
        e.ownAcct = me.acct
        e.limits = limits
        e.savedDraft = savedDraft
        e.queuedPosts = outgoing.posts.count
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
        perform(stack.key(key, env()))
    }

    private func accept(_ event: UIEvent) {
        switch event {
        case .snapshot(let s, let serial):
            guard serial == serials[s.feed], s.version > feeds[s.feed]?.version ?? -1 else { return }
            feeds[s.feed] = s
            if let m = s.message, m.id > lastMessage[s.feed] ?? 0 {
                lastMessage[s.feed] = m.id
                // A list in the background speaks up only when something went wrong, and names itself; what
                // the server made of something the user did is no list's, and every list hears it: said as it is.
                let shown = (stack.layers[stack.screenIndex] as? FeedLayer)?.feed == s.feed
                if m.aboutAction { if message?.text != m.text { show(m.text, error: m.isError) } }
                else if shown || m.isError { show(shown ? m.text : "\(s.feed): \(m.text)", error: m.isError) }
            }
            dirty = true
        case .lists(let found):
            lists = found
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
            perform([.push(.feed(opening))])
        case .say(let text, let isError):
            show(text, error: isError)
        case .compose(let draft, let context):
            perform([.push(.compose(draft, context: context))])
        case .silenced(let muted, let blocked):
            perform(Self.silencedChoice(muted: muted, blocked: blocked))
        case .me(let account):
            me = (account.id, account.acct)
        case .draftSaved(let d):
            savedDraft = d
            dirty = true
        case .outbox(let event):
            hear(event)
        case .limits(let l):
            limits = l
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
            case .connecting: liveState = nil
            case .live: liveState = "live"
            case .reconnecting: liveState = "reconnecting…"
            case .polling: liveState = "polling"
            }
        case .catchUp:
            // After a break (or on the polling beat): the same gap-aware fetch as `r`, quietly.
            for (_, engine) in engines { (engine as? TimelineEngine)?.send(.poll) }
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
                (engine as? TimelineEngine)?.send(.poll)
            }
            if notified { engines[.notifications]?.perform(.refresh) }
        }
    }

    /// The streams of every timeline opened so far.
    private func resubscribe() {
        guard let live else { return }
        let names = Set(engines.keys.compactMap { id -> String? in
            if case .timeline(let t) = id { return StreamName.of(t) }
            return nil
        })
        guard names != subscribed else { return }
        subscribed = names
        live.subscribe(names)
    }

    // MARK: Effects

    func perform(_ effects: [Effect]) {
        defer { stopClosedScreens(); resubscribe() }
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
                engine(for: opening).perform(command)
            case .thumbnails(var demand):
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
                let client = sources.client, mailbox = self.mailbox
                Task.detached {
                    do { mailbox.post(.open(.profile(try await client.account(mentionURL: url)))) }
                    catch { mailbox.post(.say("Couldn't find that account: \((error as? MastodonError)?.description ?? "\(error)")", isError: true)) }
                }
            case .fetchLists:
                let fetch = fetchLists, mailbox = self.mailbox
                Task.detached { mailbox.post(.lists(await fetch())) }
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
                feeds[id] = nil
                lastMessage[id] = nil
                renderer.forget(id)
            case .timeline, .notifications:
                continue
            }
        }
    }

    /// The engine behind a list, made and started the first time it is asked for.
    private func engine(for opening: FeedOpening) -> any FeedEngine {
        if let e = engines[opening.id] { return e }
        nextSerial += 1
        let mailbox = self.mailbox, serial = nextSerial
        serials[opening.id] = serial
        let engine: any FeedEngine
        let task: Task<Void, Never>
        switch opening {
        case .timeline(let t):
            let e = TimelineEngine(sources: sources, timeline: t, pageSize: pageSize, glance: glance) {
                mailbox.post(.snapshot(FeedSnapshot($0), engine: serial))
            }
            glance = nil
            if t == .home, !outgoing.posts.isEmpty { e.send(.outgoing(outgoing.posts, waiting: outgoing.waiting)) }
            engine = e
            task = Task.detached { await e.run() }
        case .thread(let root, let seed):
            let e = ThreadEngine(sources: sources, rootID: root, seed: seed) { mailbox.post(.snapshot($0, engine: serial)) }
            if !outgoing.posts.isEmpty { e.perform(.outgoing(outgoing.posts, waiting: outgoing.waiting)) }
            engine = e
            task = Task.detached { await e.run() }
        case .notifications:
            let e = NotificationsEngine(sources: sources) { mailbox.post(.snapshot($0, engine: serial)) }
            engine = e
            task = Task.detached { await e.run() }
        case .profile(let account):
            let e = ProfileEngine(sources: sources, account: account) { mailbox.post(.snapshot($0, engine: serial)) }
            engine = e
            task = Task.detached { await e.run() }
        }
        engines[opening.id] = engine
        onEngine(engine, task)
        return engine
    }

    // MARK: Drawing

    private func tick() {
        let now = Date()
        if message != nil, now >= messageShownUntil { message = nil; dirty = true }
        if liveState != nil, now.timeIntervalSince(lastCountsRefresh) >= Self.countsInterval {
            lastCountsRefresh = now
            if let shown = stack.layers[stack.screenIndex] as? FeedLayer, case .timeline = shown.feed {
                (engines[shown.feed] as? TimelineEngine)?.send(.refreshCounts)
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
        perform(stack.settle(env()))
        let e = env()
        stack.render(e, on: screen)
        screen.update()
        if !postsDrawn, let shown = stack.layers[stack.screenIndex] as? FeedLayer,
           feeds[shown.feed]?.rows.contains(where: { $0.post != nil }) == true {
            postsDrawn = true
            onFirstPostsFrame?()
            onFirstPostsFrame = nil
        }
    }
}
