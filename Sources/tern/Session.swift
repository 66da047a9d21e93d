import AsyncHTTPClient
import Dispatch
import Foundation
import Logging
import TernHTTP
import Synchronization
import TernFeed
import TernImages
import TernMastodon
import TernModel
import TernStore
import TernWebFeeds
import TernTerminal
import TernUI

/// Wires one interactive session: store, HTTP client, action queue, engines, image loader, screen, and
/// the UI loop.
enum Session {
    /// `imageCache` and `storeURL` override where pictures and posts are kept (the demo uses throwaway ones).
    /// `feedsOnly`: no fediverse account is stored, only web feeds; the account part is a stand-in that
    /// asks no server (`Target.feedsOnly`).
    static func run(target: Target, timeline: TimelineID, view: ViewSettings, offline: Bool = false, feedsOnly: Bool = false,
                    imageCache: URL? = nil, storeURL: URL? = nil, otherAccounts: Bool = true, glance: Task<Result<Glance?, Error>, Never>? = nil,
                    openNotifications: Bool = false, startup: StartupTimeline = StartupTimeline(),
                    follow feedsToFollow: [URL] = [], tag: String? = nil) throws {
        let feedsOffline = offline
        let offline = offline || feedsOnly
        var startup = startup
        let paths = TernPaths()
        // First: a logger made before this would write to stderr, which is the screen.
        Logs.start(level: view.logLevel, paths: paths)
        startup.mark("log")
        // The store, the HTTP client and the action queue open on the other core while this one reads the
        // config and the theme, and draws the first frame.
        let opening = Task.detached {
            try Backing.open(store: storeURL ?? paths.store, target: target, offline: offline,
                             accounts: otherAccounts ? AccountStore(directory: paths.config.appendingPathComponent("accounts")) : nil)
        }
        var backing: Backing?
        // A failure before they are taken over must still close what was opened.
        // (One that failed to open has nothing open, and its error is the one said.)
        defer { if backing == nil { waitFor { if case .success(let opened) = await opening.result { await shutDown(opened.http) } } } }
        let (config, keymap) = try Config.loadWithKeys(paths)
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let (theme, themeWarning) = Theme.load(named: view.theme ?? config.theme ?? "default",
                                               userThemes: paths.userThemes, executable: executable)
        startup.mark("config and theme")
        let logger = Logger(label: "tern.session")
        for notice in config.notices { logger.warning("\(notice)") }
        // The disk cache is a help, not a need: without it, pictures come from the network each run.
        let disk: DiskCache?
        do { disk = try config.imageDiskCache(at: imageCache ?? paths.imageCache) } catch {
            logger.error("picture disk cache unavailable", metadata: ["error": "\(error)"])
            disk = nil
        }
        startup.mark("picture disk cache")
        let requested: GraphicsMode?
        switch view.images { case .mode(let m)?: requested = m; case .auto?: requested = nil
        case nil: requested = config.images.flatMap(GraphicsMode.init(rawValue:)) }
        let layout = PictureLayout(rows: config.thumbnailHeight, columns: config.thumbnailWidth, avatars: config.avatars ?? true,
                                   off: requested == .off, lowData: view.lowData || config.lowData(for: target.baseURL.host ?? ""))
        let mailbox = Mailbox()
        // Signals leave through the loop, so curses always restores the terminal.
        // SIGHUP too: a closed terminal or a killed tmux must still end the session the clean way.
        let signals = QuitSignals.observe([SIGTERM, SIGHUP]) { mailbox.requestQuit() } + QuitSignals.observe([SIGINT]) { mailbox.interrupt() }
        defer { signals.forEach { $0.cancel() } }
        let firstScreen: Glance?
        switch try glance.map({ task in try blocking { await task.value } }) {
        case .success(let g)?: firstScreen = g?.key == TimelineKey(account: target.storeKey, timeline: timeline.storageKey) ? g : nil
        case .failure(let error)?:
            // Only a head start: the engine reads the same posts through the store.
            logger.notice("couldn't read the first screen ahead", metadata: ["error": "\(error)"])
            firstScreen = nil
        case nil: firstScreen = nil
        }
        // Whatever a library writes to stderr goes to the log while curses has the terminal.
        let stderrLog = Logger(label: "tern.stderr")
        // Start-up notices the user quit before seeing whole are printed once the screen is closed (this
        // runs after `screen.close()`, deferred below it): none is left only in the log.
        var unseenNotices: [String] = [], unsent: [String] = []
        defer {
            if !unseenNotices.isEmpty {
                let text = "Tern had more to tell you as it started:\n" + unseenNotices.map { "  " + $0 + "\n" }.joined()
                FileHandle.standardError.write(Data(PlainText.clean(text).utf8))
            }
            // A like or a post still waiting for the server is kept, not lost: the user is told where it stands.
            // A throwaway store (the demo's, `storeURL`) keeps nothing for a next start: said so, not promised.
            if !unsent.isEmpty {
                let text = (storeURL == nil ? "Not on the server yet (kept; sent when Tern next starts, or now with tern sync):\n"
                                            : "Not on the demo server, and lost with this run (the demo keeps nothing after it ends):\n")
                    + unsent.map { "  " + $0 + "\n" }.joined()
                FileHandle.standardError.write(Data(PlainText.clean(text).utf8))
            }
        }
        let screen = try Screen(colors: view.colors ?? config.colors ?? .auto, errors: StandardErrorCapture { stderrLog.warning("\($0)") })
        defer { screen.close() }
        if let notice = screen.fallbackNotice { logger.notice("\(notice)") }
        startup.mark("curses")
        // The cached posts go up now, while the store and the rest finish opening on the other core.
        let renderer = FrameRenderer(theme: theme)
        if let firstScreen, FirstFrame.draw(firstScreen, timeline: timeline, title: target.title, keymap: keymap, pictures: layout,
                                            renderer: renderer, on: screen) {
            startup.mark("first frame, from the cache")
        }
        let opened = try blocking { try await opening.value }
        backing = opened
        let (store, http, client, actions) = (opened.store, opened.http, opened.client, opened.actions)
        defer { waitFor { await shutDown(http) } }
        startup.mark("waiting for the store")
        if !feedsToFollow.isEmpty {
            try blocking { for url in feedsToFollow { try await store.feeds.subscribe(url: url, tags: tag.map { [$0] } ?? []) } }
        }
        // Web feeds, beside every account: one client of their own, which leaves redirects to them.
        let feedHTTP = HTTPFetch.makeClient(followRedirects: false)
        defer { waitFor { await shutDown(feedHTTP) } }
        let webFeeds = TimelineEngine.WebFeedSource(data: store.feeds.items, offline: feedsOffline, refresh: {
            await FeedRefresh(data: store.feeds, http: feedHTTP).refreshAll()
        }, article: { id in
            let html = try await store.feeds.text(of: id) ?? ""
            try await store.feeds.markRead([id])
            return html
        }, lists: {
            do { return try await store.feeds.lists() } catch {
                Logger(label: "tern.feeds").error("couldn't read the feeds' lists", metadata: ["error": "\(error)"])
                return []
            }
        }, unread: { ids in try store.feeds.unread(among: ids) },
        markAllRead: { timeline in try await store.feeds.markAllRead(timeline: timeline) })
        // Every account's writers and stream, stopped at the end (each account's queue keeps its journal).
        let running = AccountResources(webFeeds: webFeeds)
        defer { running.stopAll() }
        // Every list the user opens gets its own engine, running until the session ends.
        let engines = EngineRegistry()
        let poller = view.poll.flatMap { $0 > 0 && !offline ? max(5, $0) : nil }.map { seconds in
            Task.detached {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(seconds))  // cancelled: the loop ends
                    for engine in engines.all { engine.polled?.poll() }
                }
            }
        }
        // Pruning waits until the first screen is up, and runs beside the engines (WAL lets them read meanwhile).
        let retention = config.retention
        let pruner = Task.detached {
            try? await Task.sleep(for: .seconds(5))  // cancelled: the guard below ends it
            guard !Task.isCancelled else { return }
            do { _ = try store.prune(retention) } catch { logger.error("couldn't prune the cache", metadata: ["error": "\(error)"]) }
        }
        defer {
            pruner.cancel()
            poller?.cancel()
            // Each engine saves where the user was as it stops.
            engines.stopAll()
        }
        if !offline { actions.resume() }

        // The terminal is asked what it can show after the first frame with posts; until then, symbols.
        let findGraphics = {
            let probe = TerminalProbe.run(requested: requested)
            logger.info("terminal graphics", metadata: ["mode": "\(probe.mode.rawValue)", "kitty": "\(probe.answers.kitty)\(probe.kittyDirect ? " direct" : "")",
                                                        "terminal": "\(probe.answers.version ?? "?")",
                                                        "sixel limit": "\(probe.answers.sixelLimit.map { "\($0.width)x\($0.height)" } ?? "-")",
                                                        "sixel": "\(probe.answers.sixel)", "tmux": "\(probe.tmux)",
                                                        "cell": "\(probe.cellPixels.width)x\(probe.cellPixels.height)",
                                                        "ms": "\(probe.elapsed.components.attoseconds / 1_000_000_000_000_000)"])
            var graphics = Graphics(mode: probe.mode, tmux: probe.tmux == .passthrough, cell: probe.cellPixels,
                                    limit: probe.mode == .sixel ? probe.answers.sixelLimit : nil, background: probe.answers.background,
                                    kittyDirect: probe.kittyDirect, layout: layout,
                                    note: probe.note, typed: probe.answers.typed)
            graphics.terminal = probe.answers.version
            graphics.synchronizedOutput = probe.answers.synchronizedOutput
            return graphics
        }
        // Pictures come from the feeds too: only `--offline` keeps them to the cache.
        let loader = ImageLoader(http: http, colorMode: imageMode(for: screen.colorMode), diskCache: disk, offline: feedsOffline)
        defer { waitFor { await loader.flush() } }
        // One streaming connection per account, unless told otherwise; `--offline` sends nothing.
        let streams = !(offline || view.noStream || config.stream == false)
        var first = running.parts(for: target, client: client, actions: actions, store: store, offline: offline, streams: streams,
                                  mail: mailbox.mail(forAccount: 0))
        first.accountless = feedsOnly
        // Another stored account, opened when `A` first shows it: its own client, journal, outbox and stream.
        let accountFiles = AccountStore(directory: paths.config.appendingPathComponent("accounts"))
        // One tally of unreadable fields for the session: two accounts on one server log a field once.
        let unreadableFields = client.origin.unreadable
        let openAccount: @Sendable (String, AccountMail) throws -> AccountParts = { name, mail in
            let other = AccountChoice.target(try accountFiles.load(name))
            let client = MastodonClient(baseURL: other.baseURL, token: other.token, http: http, timeout: .seconds(10),
                                        unreadable: unreadableFields)
            let actions = try ActionQueue(data: store.account(other.storeKey), client: client, offline: offline)
            if !offline { actions.resume() }
            return running.parts(for: other, client: client, actions: actions, store: store, offline: offline, streams: streams, mail: mail)
        }
        var settings = RunnerSettings()
        settings.keymap = keymap
        settings.prefetchRows = view.prefetch ?? config.prefetchRows ?? 10
        settings.pageSize = view.pageSize
        settings.mouse = config.mouse ?? true
        settings.confirmBoost = config.confirmBoost ?? false
        settings.layout = config.layout ?? .auto
        settings.copyMode = config.copy ?? .osc52
        settings.alerts = config.alerts ?? AlertSettings()
        settings.hyperlinks = config.hyperlinks ?? .auto
        // The demo's store is a scratch file, gone with the session.
        settings.draftsOutliveSession = storeURL == nil
        settings.opensNotifications = openNotifications
        let app = AppRunner(screen: screen, account: first, loader: loader, mailbox: mailbox, theme: theme, timeline: timeline,
                            settings: settings,
                            notices: [screen.fallbackNotice, themeWarning].compactMap { $0 } + config.notices
                                + accountFiles.problems().map { "An account file is damaged: " + $0 }
                                + (disk == nil ? ["Image disk cache unavailable at \(paths.imageCache.path)"] : []),
                            graphics: Graphics(mode: requested == .off ? .off : .symbols, layout: layout), findGraphics: findGraphics,
                            glance: firstScreen, renderer: renderer, accounts: opened.accountNames,
                            openAccount: otherAccounts ? openAccount : nil,
                            onEngine: { engines.add($0, running: $1) },
                            onFirstPostsFrame: { [startup] in
                                var t = startup
                                t.mark("the app's first frame")
                                t.log(to: logger)
                            })
        startup.mark("app")
        app.run()
        unseenNotices = app.unseenNotices
        unsent = app.unsent
        // What was typed last is on disk before the session ends, in every account.
        for work in app.unfinished { waitFor(work) }
    }

    static func imageMode(for mode: ColorMode) -> ImageColorMode {
        switch mode {
        case .direct: return .truecolor
        case .indexed256: return .indexed256
        case .indexed16: return .indexed16
        case .indexed8: return .indexed8
        case .monochrome: return .monochrome
        }
    }
}

/// What a session needs opened before its engines start: the store, the HTTP client and the action queue,
/// and the names of the stored accounts (for `A`).
struct Backing: Sendable {
    let store: Store
    let http: HTTPClient
    let client: MastodonClient
    let actions: ActionQueue
    var accountNames: [String] = []

    static func open(store url: URL, target: Target, offline: Bool, accounts: AccountStore?) throws -> Backing {
        let store: Store
        do { store = try Store(url: url) } catch { throw UserError("\(error)") }
        let http = HTTPFetch.makeClient()
        let client = MastodonClient(baseURL: target.baseURL, token: target.token, http: http, timeout: .seconds(10))
        do { return Backing(store: store, http: http, client: client,
                            actions: try ActionQueue(data: store.account(target.storeKey), client: client, offline: offline),
                            accountNames: accounts?.list().map(\.name) ?? []) }
        catch {
            shutDownHere(http)
            throw UserError("Couldn't read pending likes and saves from the cache: \(error)")
        }
    }
}

/// The engines of one session, for the poller and for stopping them at the end.
final class EngineRegistry: Sendable {
    private let engines = Mutex<[(engine: OpenEngine, task: Task<Void, Never>)]>([])
    func add(_ engine: OpenEngine, running task: Task<Void, Never>) { engines.withLock { $0.append((engine, task)) } }
    var all: [OpenEngine] { engines.withLock { $0.map(\.engine) } }

    /// Stops every engine and waits until each has finished (and saved its position).
    func stopAll() {
        let running = engines.withLock { $0 }
        for r in running { r.engine.list.stop() }
        waitFor { for r in running { await r.task.value } }
    }
}

/// Runs async work to completion from synchronous start-up code on the main thread. The work runs on
/// the global executor, never on the blocked thread.
@discardableResult
func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let result = Mutex<Result<T, Error>?>(nil)
    waitFor {
        let r: Result<T, Error>
        do { r = .success(try await body()) } catch { r = .failure(error) }
        result.withLock { $0 = r }
    }
    return try result.withLock { $0! }.get()
}

/// `blocking` for work that cannot fail (clean-up in `defer`).
func waitFor(_ body: @escaping @Sendable () async -> Void) {
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        await body()
        done.signal()
    }
    done.wait()
}

/// Each open account's action queue, outbox and streaming task, to stop when the session ends.
final class AccountResources: Sendable {
    private let running = Mutex<[(actions: ActionQueue, posts: SessionPosts, outbox: Outbox, changes: ChangeQueue, stream: Task<Void, Never>?)]>([])
    /// The web feeds, shown beside every account.
    let webFeeds: TimelineEngine.WebFeedSource?

    init(webFeeds: TimelineEngine.WebFeedSource?) { self.webFeeds = webFeeds }

    /// What an account needs to have a session (`AccountParts`), its stream started; kept to be stopped.
    func parts(for target: Target, client: MastodonClient, actions: ActionQueue, store: Store, offline: Bool, streams: Bool,
               mail: AccountMail) -> AccountParts {
        let live = streams ? LiveStream(client: client) { mail.live($0) } : nil
        let stream = live.map { stream in Task.detached { await stream.run() } }
        let sources = TimelineEngine.Sources(client: client, data: store.account(target.storeKey), actions: actions, offline: offline,
                                             webFeeds: webFeeds, ownAccountID: target.accountID)
        // One delivery loop for the account's marks, posts and changes: one order, one backoff.
        let outbox = Outbox(store: store.account(target.storeKey), client: client, posts: sources.posts, offline: offline,
                            deliveries: actions.deliveries)
        let changes = ChangeQueue(store: store.account(target.storeKey), client: client, offline: offline, deliveries: actions.deliveries)
        running.withLock { $0.append((actions, sources.posts, outbox, changes, stream)) }
        let logger = Logger(label: "tern.session")
        return AccountParts(
            name: target.storeKey, title: target.title,
            sources: sources,
            // No token (web feeds alone): nothing could ever be sent, so nothing is written or queued.
            writing: target.token == nil ? nil : Writing(outbox: outbox, changes: changes, ownAccountID: target.accountID ?? "", ownAcct: target.acct ?? ""),
            live: live,
            // The picker's own entries: the user's lists, then the hashtags they follow (a server without
            // either has its error logged and the other still listed).
            fetchLists: {
                guard !offline else { return [] }
                async let tags = client.followedHashtags()
                var found: [TimelineID] = []
                do { found = try await client.lists() } catch {
                    logger.warning("couldn't fetch the lists", metadata: ["error": "\(error)"])
                }
                do { found += try await tags.map { TimelineID.hashtag($0.name) } } catch {
                    logger.warning("couldn't fetch the followed hashtags", metadata: ["error": "\(error)"])
                }
                return found
            },
            fetchTrends: {
                guard !offline else { return nil }
                do { return try await client.trendingHashtags() } catch {
                    // A server without trends (404) is not an error to show: the picker lists none.
                    logger.info("no trends from the server", metadata: ["error": "\(error)"])
                    return nil
                }
            })
    }

    /// Stops every stream and sends nothing more (each account's one delivery loop, for its marks, posts and
    /// changes); the outboxes finish what they are writing, then the session's posts what they heard.
    func stopAll() {
        let all = running.withLock { $0 }
        for r in all { r.stream?.cancel(); r.actions.stop() }
        waitFor { for r in all { await r.outbox.stop() } }
        for r in all { r.posts.finishWriting() }
    }
}
