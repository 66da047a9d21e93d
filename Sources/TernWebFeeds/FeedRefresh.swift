import AsyncHTTPClient
import Foundation
import Logging
import TernHTTP
import TernModel
import TernStore

/// Refreshes feeds into the store: many at once (different hosts in parallel, at most two requests at a
/// time to one host, `width` in all), each with its own time limit, so one slow or broken feed holds up
/// nothing else. A feed whose server asked to wait (`Retry-After`) is not asked before then.
package struct FeedRefresh: Sendable {
    package let data: FeedsData
    package let http: HTTPClient
    package var width = 16
    /// Each feed's size and time limit.
    package var budget = FeedFetch.budget
    let logger = Logger(label: "tern.feeds")

    /// `http` must not follow redirects itself (`HTTPFetch.makeClient(followRedirects: false)`): a feed that
    /// moved for good is remembered at its new address.
    package init(data: FeedsData, http: HTTPClient, width: Int = 16, budget: HTTPFetch.Budget = FeedFetch.budget) {
        self.data = data
        self.http = http
        self.width = width
        self.budget = budget
    }

    /// What became of one feed.
    package struct Report: Sendable {
        package var feed: WebFeedSubscription
        package var outcome: Outcome
        /// The new items' posts, for the shared timelines (and `tern sync`'s pictures).
        package internal(set) var fresh: [Post] = []
        package enum Outcome: Sendable, Equatable {
            case new(Int)
            case notModified
            case waiting(until: Date)
            case failed(String)
        }
    }

    /// Every feed of `feeds`, in parallel lanes; `heard` is told of each as it ends.
    package func run(_ feeds: [WebFeedSubscription], now: Date = Date(), heard: @escaping @Sendable (Report) -> Void = { _ in }) async -> [Report] {
        // Lanes: a host's feeds split over at most two, each lane fetching one after another.
        var byHost: [String: [WebFeedSubscription]] = [:]
        for f in feeds { byHost[f.url.host ?? "", default: []].append(f) }
        var lanes: [[WebFeedSubscription]] = []
        for (_, list) in byHost.sorted(by: { $0.key < $1.key }) {
            let count = min(2, list.count)
            for k in 0..<count { lanes.append(list.enumerated().filter { $0.offset % count == k }.map(\.element)) }
        }
        let reports = await withTaskGroup(of: [Report].self) { group in
            var next = 0
            var out: [Report] = []
            func start() {
                guard next < lanes.count else { return }
                let lane = lanes[next]
                next += 1
                group.addTask {
                    var reports: [Report] = []
                    for feed in lane {
                        let report = await self.fetchAndStore(feed, now: now)
                        heard(report)
                        reports.append(report)
                    }
                    return reports
                }
            }
            for _ in 0..<max(1, width) { start() }
            while let done = await group.next() {
                out += done
                start()
            }
            return out
        }
        await addToSharedTimelines(reports)
        return reports
    }

    /// The feeds' shared timelines (all, and each tag's) get a refresh's new items at once, newest first,
    /// rather than feed by feed as each ends (which would group them by feed, in the order feeds answered).
    private func addToSharedTimelines(_ reports: [Report]) async {
        var byTimeline: [String: [Post]] = [:]
        for r in reports {
            for t in ["all"] + r.feed.tags.map(FeedsData.tagTimeline) { byTimeline[t, default: []] += r.fresh }
        }
        let items = data.items
        for (timeline, posts) in byTimeline.sorted(by: { $0.key < $1.key }) where !posts.isEmpty {
            do {
                try items.timeline(timeline).insert(posts.sorted { ServerID.isNewer($0.id, than: $1.id) }, at: .top, alreadyStored: true)
            } catch {
                logger.error("couldn't store the feeds' items", metadata: ["timeline": "\(timeline)", "error": "\(error)"])
            }
        }
    }

    /// Every feed followed, for a list's `r`: what came of it in a line.
    package func refreshAll(now: Date = Date()) async -> String {
        let feeds: [WebFeedSubscription]
        do { feeds = try await data.subscriptions() } catch { return "Couldn't read the feeds: \(error)" }
        // Said inside Tern, which holds the cache: `tern feeds add` beside it is refused until it quits.
        guard !feeds.isEmpty else { return "No feeds yet: quit Tern, then tern feeds add URL (or tern feeds import FILE)" }
        let reports = await run(feeds, now: now)
        let new = reports.reduce(0) { if case .new(let n) = $1.outcome { return $0 + n } else { return $0 } }
        let failed = reports.filter { if case .failed = $0.outcome { return true } else { return false } }
        var line = new == 0 ? "Feeds: nothing new" : "Feeds: \(new) new item\(new == 1 ? "" : "s")"
        if let first = failed.first, case .failed(let why) = first.outcome {
            line += failed.count == 1 ? "; \(first.feed.name) failed: \(why)" : "; \(failed.count) feeds failed (tern feeds list says why)"
        }
        return line
    }

    /// One feed on its own (`tern feeds add`): fetched, its new items stored in its timeline and the
    /// shared ones.
    package func refresh(_ feed: WebFeedSubscription, now: Date = Date()) async -> Report {
        let report = await fetchAndStore(feed, now: now)
        await addToSharedTimelines([report])
        return report
    }

    /// One feed: fetched, its new items stored in its own timeline, what was learned recorded.
    func fetchAndStore(_ feed: WebFeedSubscription, now: Date) async -> Report {
        if let wait = feed.retryAfter, wait > now { return Report(feed: feed, outcome: .waiting(until: wait)) }
        let outcome = await FeedFetch.fetch(feed.url, etag: feed.etag, lastModified: feed.lastModified, http: http, budget: budget, now: now)
        do {
            switch outcome {
            case .notModified:
                try await data.record(feed.id) { $0.checkedAt = now; $0.lastError = nil; $0.retryAfter = nil }
                return Report(feed: feed, outcome: .notModified)
            case .page(let alternates):
                let why = "a web page, not a feed" + (alternates.first.map { "; its feed is at \($0.absoluteString)" } ?? "")
                try await data.record(feed.id) { $0.checkedAt = now; $0.lastError = why }
                return Report(feed: feed, outcome: .failed(why))
            case .failed(let why, let retryAfter):
                logger.info("feed refresh failed", metadata: ["feed": "\(feed.url)", "error": "\(why)"])
                try await data.record(feed.id) { $0.checkedAt = now; $0.lastError = why; $0.retryAfter = retryAfter }
                return Report(feed: feed, outcome: .failed(why))
            case .fetched(let parsed, let etag, let lastModified, let movedTo):
                let fresh = try await store(parsed, of: feed, now: now)
                try await data.record(feed.id) { s in
                    s.checkedAt = now
                    s.changedAt = now
                    s.etag = etag
                    s.lastModified = lastModified
                    s.lastError = nil
                    s.retryAfter = nil
                    if s.title.isEmpty { s.title = parsed.title }
                    s.site = parsed.link ?? s.site
                    if let movedTo { s.url = movedTo }
                }
                var updated = feed
                if let movedTo { updated.url = movedTo }
                if updated.title.isEmpty { updated.title = parsed.title }
                return Report(feed: updated, outcome: .new(fresh.count), fresh: fresh)
            }
        } catch {
            logger.error("couldn't store a feed", metadata: ["feed": "\(feed.url)", "error": "\(error)"])
            return Report(feed: feed, outcome: .failed("the cache could not be written: \(error)"))
        }
    }

    /// Stores a fetched feed: every item's post and text, and the new ones at the top of the feed's own
    /// timeline, newest first. Returns the new ones.
    func store(_ parsed: WebFeed, of feed: WebFeedSubscription, now: Date) async throws -> [Post] {
        let known = try await data.knownItems(feed: feed.id)
        var byKey: [String: String] = [:]
        for id in known.all { if let dash = id.firstIndex(of: "-") { byKey[String(id[id.index(after: dash)...])] = id } }
        let source = WebFeedPostSource(id: feed.id, title: feed.title.isEmpty ? parsed.title : feed.title,
                                       host: feed.url.host ?? "", site: parsed.link)
        var fresh: [Post] = [], seen: [Post] = [], texts: [(postID: String, html: String)] = []
        var keys = Set<String>()
        for item in parsed.items {
            let key = FeedPost.key(item: item)
            // A feed that lists an item twice shows it once.
            guard keys.insert(key).inserted else { continue }
            let date = item.date.map { min($0, now) } ?? now
            let id = byKey[FeedPost.key(feed: feed.id, item: item)] ?? byKey[key] ?? FeedPost.id(date: date, key: key)
            let post = FeedPost.post(item, id: id, date: date, feed: source, base: LinkResolver(base: feed.url))
            if known.own.contains(id) { seen.append(post) } else { fresh.append(post) }
            texts.append((id, item.content.isEmpty ? item.summary : item.content))
        }
        fresh.sort { ServerID.isNewer($0.id, than: $1.id) }
        // Encoded here, in this feed's lane, so the store's one writer only writes; items seen before are
        // written again (an edit), where they are.
        try await data.store(feed: feed, texts: texts, fresh: FeedsData.PreparedPosts(fresh, now: now),
                             seen: FeedsData.PreparedPosts(seen, now: now))
        return fresh
    }
}
