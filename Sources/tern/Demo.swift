import ArgumentParser
import Foundation
import TernDemo

/// Starts the built-in demo instance on 127.0.0.1 and browses it: no account, no network.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Browse a built-in demo instance on 127.0.0.1.",
        discussion: """
            Each run is a fresh instance on a new port with a fresh, temporary home: what you do there \
            (likes, posts, your place in the lists) is gone when it ends, and the next run starts at the top.
            """)

    @Option(help: "Delay added to every API response, in milliseconds.")
    var latency = 0

    @Option(help: "Delay added to every image response, in milliseconds.")
    var imageLatency = 0

    @Option(help: "Share of likes, saves, boosts, votes and posts that fail (0 to 1), with a 500, a 503 or a timeout.")
    var failRate = 0.0

    @Flag(help: "A like, save, boost or new post the fail rate picks is made before its error answer, as when a gateway gives up on a server that goes on.")
    var failAfterMaking = false

    @Option(help: "Seconds between new posts appearing on the demo server (0: none).")
    var newPostEvery = 20.0

    @Option(help: "Seed of the synthetic posts and pictures.")
    var seed: UInt64 = 42

    @Flag(help: "Only run the demo server and print its address (for trying other clients, or `tern login`).")
    var serverOnly = false

    @Flag(help: "Reject tokens the demo did not issue through its login flow (401), as a real server does.")
    var requireLogin = false

    @Option(help: "Imitate another server's quirks: mastodon, gotosocial (ULID ids, 418 without User-Agent, streaming without a health check), takahe (WebP only), akkoma (emoji reactions, GIFs kept as pictures, no grouped notifications), cropping-proxy (previews cropped to 16:9, no meta.small).")
    var imitate = "mastodon"

    @Flag(help: "Serve escape sequences, raw control bytes and bidi overrides in every name and post, as a hostile server would.")
    var hostile = false

    @Option(help: "Refuse connections for this many seconds after start, as a server that is down does.")
    var unreachableFor = 0.0

    @Flag(help: "Serve no streaming API (the health check answers 404), as some servers do: Tern polls instead.")
    var noStreaming = false

    @Option(help: "Seconds between edits of the newest post, sent over the stream (0: none).")
    var editEvery = 0.0

    @Option(help: "Seconds between deletions of the newest post, sent over the stream (0: none).")
    var deleteEvery = 0.0

    @Option(help: "Seconds between cuts of every streaming connection, for trying reconnects (0: none).")
    var dropStreamEvery = 0.0

    @Option(help: "Characters a post may hold, as the demo's instance description says.")
    var maxCharacters = 500

    @Option(help: "Seconds an uploaded picture stays \"processing\" (answered 202, no URL).")
    var mediaProcessing = 1.0

    @Option(parsing: .singleValue, help: "A keyword filter of the demo user's, as TITLE:KEYWORD:ACTION (warn, hide or blur); repeatable.")
    var filter: [String] = []

    @Option(help: "Web feeds served beside the instance and followed in the demo (Feeds in `t`; 0: none).")
    var feeds = 6

    @OptionGroup var view: ViewOptions

    func validate() throws {
        guard (0...1).contains(failRate) else { throw ValidationError("--fail-rate takes a number from 0 to 1") }
        guard latency >= 0, imageLatency >= 0 else { throw ValidationError("latencies cannot be negative") }
        guard unreachableFor >= 0 else { throw ValidationError("--unreachable-for cannot be negative") }
        for f in filter where f.split(separator: ":").count != 3 || !["warn", "hide", "blur"].contains(f.split(separator: ":").last ?? "") {
            throw ValidationError("--filter takes TITLE:KEYWORD:ACTION with ACTION warn, hide or blur, not \(f)")
        }
        guard (0...500).contains(feeds) else { throw ValidationError("--feeds takes 0 to 500") }
        guard maxCharacters > 0 else { throw ValidationError("--max-characters must be at least 1") }
        guard mediaProcessing >= 0 else { throw ValidationError("--media-processing cannot be negative") }
        guard editEvery >= 0, deleteEvery >= 0, dropStreamEvery >= 0 else { throw ValidationError("intervals cannot be negative") }
        guard ServerQuirks.sets.contains(where: { $0.name == imitate }) else {
            throw ValidationError("--imitate takes one of: \(ServerQuirks.sets.map(\.name).joined(separator: ", "))")
        }
    }

    func run() throws {
        var config = DemoConfig()
        config.seed = seed
        config.latencyMilliseconds = latency
        config.imageLatencyMilliseconds = imageLatency
        config.failRate = failRate
        config.failuresMakeTheChange = failAfterMaking
        config.newPostInterval = newPostEvery > 0 ? newPostEvery : nil
        config.acceptAnyToken = !requireLogin
        config.unreachableSeconds = unreachableFor
        config.hostile = hostile
        config.streaming = !noStreaming
        config.editInterval = editEvery > 0 ? editEvery : nil
        config.deleteInterval = deleteEvery > 0 ? deleteEvery : nil
        config.dropStreamInterval = dropStreamEvery > 0 ? dropStreamEvery : nil
        config.filters = filter.map { f in
            let p = f.split(separator: ":").map(String.init)
            return DemoFilter(title: p[0], keyword: p[1], action: p[2])
        }
        config.maxCharacters = maxCharacters
        config.mediaProcessingSeconds = mediaProcessing
        config.quirks = ServerQuirks.sets.first { $0.name == imitate }?.quirks ?? []
        // A "timeout" is a gateway giving up on a slow backend: 504 after a stall shorter than the client waits.
        config.stallSeconds = 3
        let settings = config
        let server = try blocking { try await DemoServer.start(settings) }
        defer { waitFor { await server.stop() } }
        let feedCount = feeds
        let feedServer = feedCount > 0 ? try blocking { try await DemoFeedServer.start(feeds: feedCount) } : nil
        defer { feedServer?.stop() }
        if serverOnly {
            // Unbuffered: a script reading this from a pipe or file must see the address at once.
            FileHandle.standardOutput.write(Data("Demo server at \(server.baseURL) — Ctrl-C to stop\n".utf8))
            if let feedServer {
                FileHandle.standardOutput.write(Data("Demo feeds: \(feedServer.feedURLs().joined(separator: " "))\n".utf8))
            }
            let stop = DispatchSemaphore(value: 0)
            let signals = QuitSignals.observe([SIGINT, SIGTERM, SIGHUP]) { stop.signal() }
            stop.wait()
            signals.forEach { $0.cancel() }
            return
        }
        // The demo's port, and so its URLs, change every run: keep its posts and pictures out of the real caches.
        // Named uniquely: a later process with the same pid must never find an old run's posts.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tern-demo-\(getpid())-\(UUID().uuidString.prefix(8))")
        // The system's temporary folder is emptied anyway; nothing in it is the user's.
        defer { try? FileManager.default.removeItem(at: scratch) }
        let target = Target(baseURL: URL(string: server.baseURL)!, token: "demo-token", storeKey: "demo",
                            title: "demo at \(server.baseURL.replacingOccurrences(of: "http://", with: ""))")
        // Into a pipe or a file, or on a terminal that can't draw a screen: the demo's posts as plain
        // text, as plain `tern` prints them, never a full screen into the pipe.
        if BrowseSettings(view: view.settings).plainOutputHere {
            try Browse.sayConfigNotices()
            return try PlainTimeline.print(target: target, timeline: .home, offline: false, logLevel: view.settings.logLevel,
                                           storeURL: scratch.appendingPathComponent("tern.sqlite"))
        }
        try Session.run(target: target, timeline: .home, view: view.settings, imageCache: scratch.appendingPathComponent("images"),
                        storeURL: scratch.appendingPathComponent("tern.sqlite"), otherAccounts: false,
                        // The demo's feeds are followed in its scratch store, read when Feeds is first opened.
                        follow: (feedServer?.feedURLs() ?? []).compactMap(URL.init(string:)), tag: "demo")
    }
}
