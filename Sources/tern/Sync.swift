import ArgumentParser
import AsyncHTTPClient
import Foundation
import Logging
import TernHTTP
import TernTerminal
import TernUI
import TernFeed
import TernImages
import TernMastodon
import TernModel
import Synchronization
import TernStore
import TernWebFeeds

/// `tern sync`: fetches timelines and their pictures into the cache, with no screen, for reading later
/// (offline, or over a slow link). Fit for cron: plain lines when not on a terminal, and an exit status.
struct Sync: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Fetch newer posts and their pictures, and the web feeds, into the cache, for reading offline later.")

    @OptionGroup var accountOptions: AccountOptions

    @Flag(help: "Every stored account.")
    var allAccounts = false

    @Option(name: .customLong("timeline"), help: "home, local, federated, saved, liked or #tag; repeat for more (default: home).")
    var timelines: [String] = []

    @Option(help: "Pages of older posts to fetch below the oldest cached one.")
    var olderPages = 0

    @Flag(help: "Fetch posts only, not their pictures.")
    var noImages = false

    @Option(help: "Posts per page requested from the server.")
    var pageSize = 40

    @Option(help: "What goes to the log ($XDG_STATE_HOME/tern/tern.log): trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .info

    func validate() throws {
        for t in timelines where TimelineChoice(t) == nil || TimelineChoice(t)?.listTitle != nil || TimelineChoice(t)?.id.isWebFeeds == true {
            throw ValidationError("unknown timeline '\(t)' for sync: use home, local, federated, saved, liked or #tag (the web feeds are synced every time)")
        }
        guard olderPages >= 0 else { throw ValidationError("--older-pages cannot be negative") }
    }

    func run() throws {
        let paths = TernPaths()
        Logs.start(level: logLevel, paths: paths)
        let config = try Config.load(from: paths.config.appendingPathComponent("config.toml"))
        let store: Store
        do { store = try Store(url: paths.store) } catch { throw UserError("\(error)") }
        let feeds = try blocking { try await store.feeds.subscriptions() }
        var targets: [Target] = []
        do {
            if allAccounts {
                let accounts = AccountStore(directory: paths.config.appendingPathComponent("accounts")).list()
                guard !accounts.isEmpty else { throw UserError("No stored accounts: log in with `tern login example.social`") }
                targets = accounts.map(AccountChoice.target)
            } else {
                targets = [try accountOptions.target()]
            }
        } catch {
            // Web feeds alone are enough to sync, unless an account was asked for by name.
            guard !feeds.isEmpty, accountOptions.choice == AccountChoice() else { throw error }
        }
        // Notifications come with every sync; "notifications" names the home timeline they sit over.
        let chosen = (timelines.isEmpty ? ["home"] : timelines).compactMap { TimelineChoice($0)?.id }
        let progress = Progress(interactive: isatty(1) == 1)
        let disk: DiskCache?
        if noImages { disk = nil } else {
            // Without the picture cache the posts still sync; the pictures are what is said to be missing.
            do { disk = try config.imageDiskCache(at: paths.imageCache) } catch {
                progress.line("pictures: not kept, the picture cache at \(paths.imageCache.path) can't be used (\(error))")
                disk = nil
            }
        }
        let (older, size, images, retention) = (olderPages, pageSize, !noImages, config.retention)
        let accounts = targets
        let ok = try blocking {
            let http = HTTPFetch.makeClient()
            let loader = ImageLoader(http: http, colorMode: .indexed256, diskCache: disk)
            var ok = true
            for target in accounts {
                let client = MastodonClient(baseURL: target.baseURL, token: target.token, http: http, timeout: .seconds(20))
                let actions: ActionQueue
                do { actions = try ActionQueue(data: store.account(target.storeKey), client: client) } catch {
                    progress.line("\(target.title): the cache's pending likes and saves could not be read: \(error)")
                    ok = false
                    continue
                }
                for timeline in chosen {
                    ok = await Self.sync(target, timeline, client: client, actions: actions, store: store,
                                         loader: images ? loader : nil, olderPages: older, pageSize: size, progress: progress) && ok
                }
                let data = store.account(target.storeKey)
                ok = await Self.sendWrites(actions, Outbox(store: data, client: client, deliveries: actions.deliveries),
                                           ChangeQueue(store: data, client: client, deliveries: actions.deliveries),
                                           title: target.title, progress: progress) && ok
            }
            if !feeds.isEmpty { ok = await Self.syncFeeds(feeds, store: store, loader: images ? loader : nil, progress: progress) && ok }
            await loader.flush()
            await shutDown(http)
            do { _ = try store.prune(retention) } catch {
                Logger(label: "tern.sync").error("couldn't prune the cache", metadata: ["error": "\(error)"])
            }
            return ok
        }
        if !ok { throw ExitCode(1) }
    }

    /// The web feeds, all at once; one that fails is said and fails the sync, the others go on.
    private static func syncFeeds(_ feeds: [WebFeedSubscription], store: Store, loader: ImageLoader?, progress: Progress) async -> Bool {
        let http = HTTPFetch.makeClient(followRedirects: false)
        let done = Mutex(0)
        progress.update("feeds: 0/\(feeds.count)…")
        let reports = await FeedRefresh(data: store.feeds, http: http).run(feeds) { _ in
            let n = done.withLock { $0 += 1; return $0 }
            progress.update("feeds: \(n)/\(feeds.count)…")
        }
        await shutDown(http)
        var ok = true
        for r in reports.sorted(by: { $0.feed.id < $1.feed.id }) {
            let name = "feed \(r.feed.name)"
            switch r.outcome {
            case .new(let n):
                // The new items' pictures too, so they show offline; one that fails is said, not fatal to the feed.
                var failed = 0
                if let loader {
                    for url in r.fresh.flatMap({ $0.media.compactMap(\.thumbnailURL) }) {
                        do { _ = try await loader.fetchIntoDiskCache(url) } catch { failed += 1 }
                    }
                }
                progress.line("\(name): \(Counted.words(n, "new item"))" + (failed > 0 ? ", \(Counted.words(failed, "picture")) failed" : ""))
            case .notModified: progress.line("\(name): not modified")
            case .waiting(let until): progress.line("\(name): not asked, the server asked to wait until \(until.formatted(date: .omitted, time: .shortened))")
            case .failed(let why):
                progress.line("\(name): failed: \(why)")
                ok = false
            }
        }
        return ok
    }

    /// What was done offline goes out too, in the order it was done: the account's marks, posts and
    /// changes through its one delivery loop. What the server refuses is said, what can't be sent waits.
    private static func sendWrites(_ actions: ActionQueue, _ outbox: Outbox, _ changes: ChangeQueue, title: String,
                                   progress: Progress) async -> Bool {
        let marksBefore = actions.pendingCount
        let changesSettled = Mutex(0)
        actions.subscribe { event in
            if case .refused(let why) = event { progress.line("\(title): \(why.shown)") }
        }
        outbox.subscribe { event in
            switch event {
            case .refused(let why), .inDoubt(let why): progress.line("\(title): \(why)")
            case .posted(_, let edit, _): progress.line("\(title): \(edit ? "edit saved" : "posted")")
            case .scheduled(let held): progress.line("\(title): scheduled for \(held.scheduledAt.formatted(date: .abbreviated, time: .shortened))")
            case .changed: break
            }
        }
        changes.subscribe { event in
            switch event {
            case .refused(let change, let why):
                progress.line("\(title): \(why)")
                if change != nil { changesSettled.withLock { $0 += 1 } }
            case .made: changesSettled.withLock { $0 += 1 }
            case .waiting: break
            }
        }
        // Reading them starts the loop: a change may be made before it is counted here, so the settled are
        // counted as they are heard.
        await outbox.start()
        await changes.start()
        let (posts, waitingChanges) = (await outbox.pending.count, await changes.pending.count)
        if marksBefore + posts + waitingChanges > 0 {
            progress.update("\(title): sending \(Counted.words(marksBefore, "like or save", plural: "likes and saves")), "
                            + "\(Counted.words(posts, "post")) and \(Counted.words(waitingChanges, "change"))…")
        }
        let marksLeft = await actions.sendPending { wait in
            let seconds = Int(wait.components.seconds) + 1
            progress.line("\(title): waiting \(Counted.words(seconds, "second")): a like or save sent as Tern last ended may "
                            + "still be on its way, so the server is asked about it only then")
        }
        let (postsLeft, changesLeft) = (await outbox.pending.count, await changes.pending.count)
        actions.stop()
        if marksBefore > 0 {
            progress.line("\(title): likes and saves: \(marksBefore - marksLeft) settled"
                          + (marksLeft > 0 ? ", \(marksLeft) still pending (the server could not be reached)" : ""))
        }
        let settled = changesSettled.withLock { $0 }
        if settled + changesLeft > 0 {
            progress.line("\(title): changes: \(settled) settled"
                          + (changesLeft > 0 ? ", \(changesLeft) still waiting (the server could not be reached)" : ""))
        }
        if postsLeft > 0 { progress.line("\(title): \(Counted.words(postsLeft, "post")) still waiting (the server could not be reached)") }
        return marksLeft + postsLeft + changesLeft == 0
    }

    private static func sync(_ target: Target, _ timeline: TimelineID, client: MastodonClient, actions: ActionQueue, store: Store,
                             loader: ImageLoader?, olderPages: Int, pageSize: Int, progress: Progress) async -> Bool {
        let name = "\(target.title) \(timeline)"
        let engine = TimelineEngine(sources: .init(client: client, data: store.account(target.storeKey), actions: actions),
                                    timeline: timeline, pageSize: pageSize, publish: { _ in })
        progress.update("\(name): fetching posts…")
        let result = await engine.sync(olderPages: olderPages)
        guard result.ok else {
            progress.line("\(name): failed: \(result.message ?? "unknown error")")
            return false
        }
        var ok = true
        var fetched = 0, cached = 0, failed = 0, avatarsFailed = 0
        if let loader {
            let urls = result.posts.flatMap { $0.media.compactMap(\.thumbnailURL) }
            // Avatars and custom emoji too, once each; one that fails is not worth a failed sync (the name
            // still shows, the emoji's picture is a blank of two cells).
            var seen = Set<String>()
            let avatars = (result.posts.compactMap(\.account.avatarURL)
                + result.posts.flatMap { ($0.emojis ?? []) + ($0.account.emojis ?? []) }.map(\.url))
                .filter { seen.insert($0).inserted }
            for (i, url) in (urls + avatars).enumerated() {
                progress.update("\(name): \(Counted.words(result.posts.count, "new post")) · pictures \(i + 1)/\(urls.count + avatars.count)")
                do { if try await loader.fetchIntoDiskCache(url) { fetched += 1 } else { cached += 1 } }
                catch { if i < urls.count { failed += 1 } else { avatarsFailed += 1 } }
            }
            ok = failed == 0
        }
        progress.line("\(name): \(Counted.words(result.posts.count, "new post")); pictures and avatars: \(fetched) fetched, \(cached) already cached"
                      + (failed > 0 ? ", \(failed) failed" : "") + (avatarsFailed > 0 ? ", \(avatarsFailed) avatars failed" : ""))
        return ok
    }
}

/// One progress line rewritten in place on a terminal; only finished lines otherwise (cron mail stays short).
final class Progress: Sendable {
    let interactive: Bool
    /// Standard error instead of standard output (`tern catchup`, whose standard output is the catch-up).
    let onStandardError: Bool

    init(interactive: Bool, onStandardError: Bool = false) { (self.interactive, self.onStandardError) = (interactive, onStandardError) }

    private var handle: FileHandle { onStandardError ? .standardError : .standardOutput }

    func update(_ text: String) {
        guard interactive else { return }
        handle.write(Data("\r\u{1B}[K\(Sanitizer.clean(text))".utf8))
    }

    func line(_ text: String) {
        handle.write(Data(((interactive ? "\r\u{1B}[K" : "") + PlainText.clean(text) + "\n").utf8))
    }
}
