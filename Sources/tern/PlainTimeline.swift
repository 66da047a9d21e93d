import Foundation
import Logging
import TernFeed
import TernHTTP
import TernMastodon
import TernModel
import TernStore
import TernWebFeeds
import TernTerminal
import TernUI

/// `tern --plain` (and `tern` whose output is no terminal): fetches what is newer, as `r` would, then
/// prints the newest posts of the timeline as plain wrapped text, newest first, and ends. For screen
/// readers, pipes (`tern --plain | less`) and terminals that cannot draw a screen.
enum PlainTimeline {
    static let count = 40

    /// `storeURL`: the cache to read and fill (the demo's scratch one), else the user's.
    static func print(target: Target, timeline: TimelineID, offline: Bool, logLevel: Logger.Level, storeURL: URL? = nil) throws {
        let paths = TernPaths()
        Logs.start(level: logLevel, paths: paths)
        let storeURL = storeURL ?? paths.store
        let store: Store
        do {
            store = try Store(url: storeURL)
        } catch StoreError.inUse(_, let holder) {
            // Another Tern has the cache (one at a time writes it): what it has cached, read beside it.
            note("Another Tern (\(holder)) has the cache open: showing what it has cached, without asking the server.")
            let key = TimelineKey(account: timeline.isWebFeeds ? FeedsData.account : target.storeKey, timeline: timeline.storageKey)
            let glance = try Glance.newest(store: storeURL, key: key, count: count)
            return write(glance.map { TimelineSnapshot(glance: $0, timeline: timeline).posts } ?? [], timeline)
        } catch {
            throw UserError("\(error)")
        }
        let data = timeline.isWebFeeds ? store.feeds.items : store.account(target.storeKey)
        let http = HTTPFetch.makeClient()
        defer { waitFor { await shutDown(http) } }
        let feedHTTP = HTTPFetch.makeClient(followRedirects: false)
        defer { waitFor { await shutDown(feedHTTP) } }
        let hidden: @Sendable (Post) -> Bool = try blocking {
            let client = MastodonClient(baseURL: target.baseURL, token: target.token, http: http, timeout: .seconds(20))
            let actions = try ActionQueue(data: data, client: client, offline: true)
            defer { actions.stop() }
            if timeline.isWebFeeds {
                // The feeds are read first, unless offline; what came of them goes to standard error.
                if !offline { note(await FeedRefresh(data: store.feeds, http: feedHTTP).refreshAll()) }
            } else if !offline {
                let engine = TimelineEngine(sources: .init(client: client, data: data, actions: actions, offline: offline),
                                            timeline: timeline, pageSize: count, publish: { _ in })
                let result = await engine.sync(olderPages: 0)
                if !result.ok { note("Showing cached posts: \(result.message ?? "the server could not be reached")") }
            }
            return { [actions] post in actions.hides(post, showing: timeline.accountID) }
        }
        let posts = try data.timeline(timeline.storageKey).run(around: nil, before: 0, after: count).entries.compactMap(\.post)
            .filter { !hidden($0) }
        write(posts, timeline)
    }

    /// The posts, newest first, a blank line between them.
    private static func write(_ posts: [Post], _ timeline: TimelineID) {
        guard !posts.isEmpty else {
            FileHandle.standardOutput.write(Data("Nothing cached for \(timeline) yet.\n".utf8))
            return
        }
        let width = outputWidth()
        let now = Date()
        let text = posts.map { PlainPost.lines($0, width: width, now: now).joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// A line on standard error: the posts on standard output stay clean for a pipe.
    private static func note(_ text: String) {
        FileHandle.standardError.write(Data(PlainText.clean(text + "\n").utf8))
    }

    /// The terminal's width when printing to one, else `COLUMNS`, else 80.
    static func outputWidth() -> Int {
        var size = winsize()
        if isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init) ?? 80
    }
}
