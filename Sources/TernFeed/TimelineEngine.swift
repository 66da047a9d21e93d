import Foundation
import TernMastodon
import TernModel

/// The timeline engine: loads pages, de-duplicates, refreshes, and applies like/save optimistically with
/// reconciliation. It takes commands in order and publishes snapshots; it never makes the UI wait.
public actor TimelineEngine {
    /// What the UI asks for.
    public enum Command: Sendable {
        case start
        case refresh
        /// A background refresh (`--poll`): new posts feed the new-posts count without a message.
        case poll
        /// The last visible row is this index of the snapshot's posts.
        case viewed(lastVisibleIndex: Int)
        /// Loads posts into a gap: from its newer end (`fromTop`) or its older end.
        case fillGap(id: String, fromTop: Bool)
        case toggleFavourite(postID: String)
        case toggleBookmark(postID: String)
    }

    private let client: MastodonClient
    private let timeline: TimelineID
    private let pageSize: Int
    /// Older pages load when the last visible row is this close to the end.
    private let prefetchThreshold: Int
    private let refreshPageBudget: Int
    private let retry: RetryPolicy
    private var retrying: String?
    private let publish: @Sendable (TimelineSnapshot) -> Void
    private let commands: AsyncStream<Command>
    private let continuation: AsyncStream<Command>.Continuation

    private var posts: [Post] = []
    private var ids: Set<String> = []
    private var olderURL: URL?
    private var newerURL: URL?
    private var loadingOlder = false
    private var loadingNewer = false
    private var reachedEnd = false
    private var olderRetryAfter = Date.distantPast
    private var reconciler = ActionReconciler()
    /// A gap and the server's links that page into it from each side.
    private struct GapCursor {
        var gap: Gap
        var fromTop: URL?
        var fromBottom: URL?
    }
    private var gaps: [GapCursor] = []
    private var version = 0
    private var message: StatusMessage?
    private var messageCount = 0

    public init(client: MastodonClient, timeline: TimelineID, pageSize: Int = 20, prefetchThreshold: Int = 10,
                refreshPageBudget: Int = 5, retry: RetryPolicy = RetryPolicy(),
                publish: @escaping @Sendable (TimelineSnapshot) -> Void) {
        self.retry = retry
        self.client = client
        self.timeline = timeline
        self.pageSize = pageSize
        self.prefetchThreshold = prefetchThreshold
        self.refreshPageBudget = refreshPageBudget
        self.publish = publish
        (commands, continuation) = AsyncStream.makeStream(of: Command.self)
    }

    /// Queues a command; returns at once.
    public nonisolated func send(_ command: Command) {
        continuation.yield(command)
    }

    /// Processes commands until the task is cancelled or `stop()` is called.
    public func run() async {
        for await command in commands {
            handle(command)
        }
    }

    public nonisolated func stop() { continuation.finish() }

    private func handle(_ command: Command) {
        switch command {
        case .start:
            if posts.isEmpty && !loadingNewer { startLoadingNewer() }
        case .refresh:
            if !loadingNewer { startLoadingNewer() }
        case .poll:
            if !loadingNewer, !posts.isEmpty { startLoadingNewer(quiet: true) }
        case .viewed(let last):
            if last >= posts.count - prefetchThreshold { startLoadingOlder() }
        case .fillGap(let id, let fromTop):
            startFilling(id, fromTop: fromTop)
        case .toggleFavourite(let id):
            toggle(.favourite, postID: id)
        case .toggleBookmark(let id):
            toggle(.bookmark, postID: id)
        }
    }

    // MARK: Loading

    private func startLoadingOlder() {
        guard !loadingOlder, !reachedEnd, !posts.isEmpty, Date() >= olderRetryAfter, let url = olderURL else { return }
        loadingOlder = true
        emit()
        Task { await self.loadOlder(url) }
    }

    private func loadOlder(_ url: URL) async {
        do {
            let page = try await read { try await self.client.page(at: url) }
            let added = append(page.posts, atTop: false)
            if page.posts.isEmpty { reachedEnd = true }
            olderURL = page.links.next
            if olderURL == nil { reachedEnd = true }
            if added == 0 && !page.posts.isEmpty && olderURL == url { reachedEnd = true }
        } catch {
            olderRetryAfter = Date().addingTimeInterval(3)
            say("Couldn't load older posts: \(describe(error))", error: true)
        }
        loadingOlder = false
        emit()
    }

    private func startLoadingNewer(quiet: Bool = false) {
        loadingNewer = true
        emit()
        Task { await self.loadNewer(quiet: quiet) }
    }

    /// The first page, or newer pages by following `prev` links upwards from the newest known post
    /// (min_id paging is gap-free: each page starts right above the last one).
    private func loadNewer(quiet: Bool) async {
        do {
            if posts.isEmpty {
                let page = try await read { try await self.client.timeline(self.timeline, limit: self.pageSize) }
                append(page.posts, atTop: false)
                olderURL = page.links.next
                newerURL = page.links.prev
                reachedEnd = page.posts.isEmpty
            } else {
                var added = 0
                var pages = 0
                var more = true
                let gapsBefore = gaps.count
                while pages < refreshPageBudget, let url = newerURL {
                    let page = try await read { try await self.client.page(at: url) }
                    pages += 1
                    if page.posts.isEmpty { more = false; break }
                    added += append(page.posts, atTop: true)
                    if let prev = page.links.prev { newerURL = prev }
                    if page.posts.count < pageSize { more = false; break }
                }
                if newerURL == nil {
                    // The timeline was empty before: start over from its newest page.
                    let page = try await read { try await self.client.timeline(self.timeline, limit: self.pageSize) }
                    added += append(page.posts, atTop: true)
                    newerURL = page.links.prev
                    more = false
                } else if more {
                    // Budget spent: show the newest posts now, and what lies between them as a gap.
                    added += try await jumpToNewest(bottomLink: newerURL)
                }
                if quiet {
                } else if gaps.count > gapsBefore {
                    say("\(added) new posts, and a gap below the newest (Enter on it loads more)", error: false)
                } else {
                    say(added == 0 ? "No new posts" : "\(added) new post\(added == 1 ? "" : "s")", error: false)
                }
            }
        } catch {
            say("Couldn't \(posts.isEmpty ? "load the timeline" : "refresh"): \(describe(error))", error: true)
        }
        loadingNewer = false
        emit()
    }

    /// Puts the newest page on top. When it doesn't reach the posts already loaded, a gap marks the
    /// posts in between. Returns how many posts were new.
    private func jumpToNewest(bottomLink: URL?) async throws -> Int {
        let page = try await read { try await self.client.timeline(self.timeline, limit: self.pageSize) }
        newerURL = page.links.prev ?? newerURL
        guard let oldNewest = posts.first?.id, let pageOldest = page.posts.last?.id else {
            return append(page.posts, atTop: true)
        }
        let reachesLoaded = page.posts.contains { ids.contains($0.id) }
        let added = append(page.posts, atTop: true)
        if !reachesLoaded {
            let gap = Gap(id: "gap-\(oldNewest)", newerID: pageOldest, olderID: oldNewest, loading: false)
            gaps.append(GapCursor(gap: gap, fromTop: page.links.next, fromBottom: bottomLink))
        }
        return added
    }

    private func startFilling(_ id: String, fromTop: Bool) {
        guard let i = gaps.firstIndex(where: { $0.gap.id == id }), !gaps[i].gap.loading,
              let url = fromTop ? gaps[i].fromTop : gaps[i].fromBottom else { return }
        gaps[i].gap.loading = true
        emit()
        Task { await self.fill(id, fromTop: fromTop, url: url) }
    }

    /// One page into a gap from one side. The gap closes when the page reaches a post already loaded on
    /// the other side (or comes back short); otherwise it shrinks and keeps the server's next link.
    private func fill(_ id: String, fromTop: Bool, url: URL) async {
        do {
            let page = try await read { try await self.client.page(at: url) }
            guard let i = gaps.firstIndex(where: { $0.gap.id == id }) else { return }
            var cursor = gaps[i]
            let reached = page.posts.contains { ids.contains($0.id) } || page.posts.count < pageSize
            let fresh = page.posts.filter { ids.insert($0.id).inserted }
            // Pages are newest first; they go right below the newer side or right above the older side.
            let anchor = fromTop ? cursor.gap.newerID : cursor.gap.olderID
            if let at = posts.firstIndex(where: { $0.id == anchor }) {
                posts.insert(contentsOf: fresh, at: fromTop ? at + 1 : at)
            }
            if reached || fresh.isEmpty {
                gaps.remove(at: i)
            } else {
                cursor.gap.loading = false
                if fromTop {
                    cursor.gap.newerID = fresh.last!.id
                    cursor.fromTop = page.links.next
                } else {
                    cursor.gap.olderID = fresh.first!.id
                    cursor.fromBottom = page.links.prev
                }
                gaps[i] = cursor
            }
        } catch {
            if let i = gaps.firstIndex(where: { $0.gap.id == id }) { gaps[i].gap.loading = false }
            say("Couldn't load the gap: \(describe(error))", error: true)
        }
        emit()
    }

    /// A read, tried again after transient failures as the retry policy says; the snapshot shows the wait.
    private func read(_ fetch: @Sendable () async throws -> Page) async throws -> Page {
        var failures = 0
        while true {
            do {
                let page = try await fetch()
                if retrying != nil { retrying = nil; emit() }
                return page
            } catch {
                failures += 1
                guard let wait = retry.delay(after: error, failures: failures, now: Date(), jitter: Double.random(in: 0..<1)) else {
                    if retrying != nil { retrying = nil }
                    throw error
                }
                retrying = "\(describe(error)); retrying in \(Int(wait.rounded(.up)))s"
                emit()
                try await Task.sleep(for: .milliseconds(Int(wait * 1000)))
            }
        }
    }

    /// Adds posts not seen before; returns how many were new.
    @discardableResult
    private func append(_ page: [Post], atTop: Bool) -> Int {
        let fresh = page.filter { ids.insert($0.id).inserted }
        if atTop { posts.insert(contentsOf: fresh, at: 0) } else { posts.append(contentsOf: fresh) }
        return fresh.count
    }

    // MARK: Like and save

    private func toggle(_ kind: ActionReconciler.Kind, postID: String) {
        guard let post = posts.first(where: { $0.id == postID }) else { return }
        let shown = reconciler.apply(to: post)
        let key = ActionReconciler.Key(statusID: post.statusID, kind: kind)
        let request = reconciler.press(key, current: kind == .favourite ? shown.favourited : shown.bookmarked)
        emit()
        if let request { Task { await self.send(request, key: key) } }
    }

    private func send(_ action: StatusAction, key: ActionReconciler.Key) async {
        do {
            let updated = try await client.perform(action, statusID: key.statusID)
            // The server's status is the truth for marks and counts of every entry showing it.
            for i in posts.indices where posts[i].statusID == key.statusID {
                posts[i].favourited = updated.favourited
                posts[i].bookmarked = updated.bookmarked
                posts[i].favouritesCount = updated.favouritesCount
                posts[i].boostsCount = updated.boostsCount
                posts[i].repliesCount = updated.repliesCount
            }
            let confirmed = key.kind == .favourite ? updated.favourited : updated.bookmarked
            let next = reconciler.succeeded(key, confirmed: confirmed)
            emit()
            if let next { await send(next, key: key) }
        } catch {
            reconciler.failed(key)
            say("Couldn't \(key.kind.verb): \(describe(error))", error: true)
            emit()
        }
    }

    // MARK: Publishing

    private func say(_ text: String, error: Bool) {
        messageCount += 1
        message = StatusMessage(id: messageCount, text: text, isError: error)
    }

    private func describe(_ error: Error) -> String {
        (error as? MastodonError)?.description ?? "\(error)"
    }

    private func emit() {
        version += 1
        publish(TimelineSnapshot(version: version, timeline: timeline, posts: posts.map(reconciler.apply),
                                 loadingOlder: loadingOlder, loadingNewer: loadingNewer, reachedEnd: reachedEnd,
                                 message: message, actionsInFlight: reconciler.inFlightCount, retrying: retrying,
                                 gaps: gaps.map(\.gap)))
    }
}
