import AsyncHTTPClient
import Foundation
import Logging
import TernHTTP
import TernModel
import TernStore

/// Refreshes feeds into the store: many at once (different hosts in parallel, at most two requests at a
/// time to one host, `width` in all), each with its own time limit, so one slow or broken feed holds up
/// nothing else. A feed whose server asked to wait (`Retry-After`) is not asked before then.
public struct FeedRefresh: Sendable {
    public let data: FeedsData
    public let http: HTTPClient
    public var width = 16
    /// Each feed's size and time limit.
    public var budget = FeedFetch.budget
    let logger = Logger(label: "tern.feeds")

    /// `http` must not follow redirects itself (`HTTPFetch.makeClient(followRedirects: false)`): a feed that
    /// moved for good is remembered at its new address.
    public init(data: FeedsData, http: HTTPClient, width: Int = 16, budget: HTTPFetch.Budget = FeedFetch.budget) {
        self.data = data
        self.http = http
        self.width = width
        self.budget = budget
    }

    /// What became of one feed.
    public struct Report: Sendable {
        public var feed: WebFeedSubscription
        public var outcome: Outcome
        public enum Outcome: Sendable, Equatable {
            case new(Int)
            case notModified
            case waiting(until: Date)
            case failed(String)
        }
    }

    /// Every feed of `feeds`, in parallel lanes; `heard` is told of each as it ends.
    public func run(_ feeds: [WebFeedSubscription], now: Date = Date(), heard: @escaping @Sendable (Report) -> Void = { _ in }) async -> [Report] {
        // Lanes: a host's feeds split over at most two, each lane fetching one after another.
        var byHost: [String: [WebFeedSubscription]] = [:]
        for f in feeds { byHost[f.url.host ?? "", default: []].append(f) }
        var lanes: [[WebFeedSubscription]] = []
        for (_, list) in byHost.sorted(by: { $0.key < $1.key }) {
            let count = min(2, list.count)
            for k in 0..<count { lanes.append(list.enumerated().filter { $0.offset % count == k }.map(\.element)) }
        }
        return await withTaskGroup(of: [Report].self) { group in
            var next = 0
            var out: [Report] = []
            func start() {
                guard next < lanes.count else { return }
                let lane = lanes[next]
                next += 1
                group.addTask {
                    var reports: [Report] = []
                    for feed in lane {
                        let report = await self.refresh(feed, now: now)
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
    }

    /// One feed: fetched, its new items stored in its timelines, what was learned recorded.
    public func refresh(_ feed: WebFeedSubscription, now: Date = Date()) async -> Report {
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
                let added = try await store(parsed, of: feed, now: now)
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
                return Report(feed: updated, outcome: .new(added))
            }
        } catch {
            logger.error("couldn't store a feed", metadata: ["feed": "\(feed.url)", "error": "\(error)"])
            return Report(feed: feed, outcome: .failed("the cache could not be written: \(error)"))
        }
    }

    /// Stores a fetched feed: every item's post and text, and the new ones at the top of the feed's
    /// timelines (all feeds, the feed's own, each of its tags), newest first. Returns how many were new.
    func store(_ parsed: WebFeed, of feed: WebFeedSubscription, now: Date) async throws -> Int {
        let known = try await data.knownItems(feed: feed.id)
        var byKey: [String: String] = [:]
        for id in known { if let dash = id.firstIndex(of: "-") { byKey[String(id[id.index(after: dash)...])] = id } }
        let source = WebFeedPostSource(id: feed.id, title: feed.title.isEmpty ? parsed.title : feed.title,
                                       host: feed.url.host ?? "", site: parsed.link)
        var fresh: [Post] = [], seen: [Post] = [], texts: [(postID: String, html: String)] = []
        var keys = Set<String>()
        for item in parsed.items {
            let key = FeedPost.key(feed: feed.id, item: item)
            // A feed that lists an item twice shows it once.
            guard keys.insert(key).inserted else { continue }
            let date = item.date.map { min($0, now) } ?? now
            let id = byKey[key] ?? FeedPost.id(date: date, key: key)
            let post = FeedPost.post(item, id: id, date: date, feed: source)
            if byKey[key] == nil { fresh.append(post) } else { seen.append(post) }
            texts.append((id, item.content.isEmpty ? item.summary : item.content))
        }
        fresh.sort { ServerID.isNewer($0.id, than: $1.id) }
        let items = data.items
        let timelines = ["all", feed.timeline] + feed.tags.map { "tag:" + $0 }
        try await data.saveTexts(feed: feed.id, texts)
        // Timelines are written synchronously, as their engines write them, a transaction a timeline.
        for t in timelines { try items.timeline(t).insert(fresh, at: .top, now: now) }
        // Items seen before are written again (an edit), where they are.
        for post in seen { try items.updateStored(post, now: now) }
        return fresh.count
    }
}
