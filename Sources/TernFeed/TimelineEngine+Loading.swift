import Foundation
import TernMastodon
import TernModel
import TernStore

/// Pages from the server, written through to the store as they arrive.
extension TimelineEngine {
    func startLoadingOlder() {
        guard !loadingOlder, !forcedOffline, !timeline.isWebFeeds, !cursors.reachedEnd, !window.isEmpty, !window.hasOlder,
              Date() >= olderRetryAfter else { return }
        loadingOlder = true
        emit()
        Task { await self.loadOlder() }
    }

    /// One page below the oldest stored post. Returns whether it succeeded.
    @discardableResult
    func loadOlder() async -> Bool {
        defer { loadingOlder = false; emit() }
        let oldest = window.hasOlder ? nil : window.posts.last.map(timeline.cursor)
        do {
            let before = cursors.olderURL
            let page: Page
            if let url = before {
                page = try await read { try await self.client.page(at: url, of: self.timeline) }
            } else if let oldest {
                // No stored link (the cache was pruned): page on from the oldest kept post.
                page = try await read { try await self.client.timeline(self.timeline, limit: self.pageSize, maxID: oldest) }
            } else {
                return true
            }
            let fresh = try store.insert(page.posts, at: .bottom).entries
            window.append(fresh)
            keepWindowBounded()
            cursors.olderURL = page.links.next
            if page.posts.isEmpty || cursors.olderURL == nil || (fresh.isEmpty && cursors.olderURL == before) {
                cursors.reachedEnd = true
            }
            try store.saveCursors(older: cursors.olderURL, newer: cursors.newerURL, reachedEnd: cursors.reachedEnd)
            return true
        } catch {
            olderRetryAfter = Date().addingTimeInterval(3)
            lastFailure = describe(error)
            say("Couldn't load older posts: \(describe(error))", error: true)
            return false
        }
    }

    /// `--offline` fetches nothing: said, and true.
    func refusedOffline() -> Bool {
        guard forcedOffline else { return false }
        say("Offline mode: nothing is fetched", error: false)
        emit()
        return true
    }

    func startLoadingNewer(quiet: Bool = false) {
        guard !refusedOffline() else { return }
        loadingNewer = true
        emit()
        Task { await self.loadNewer(quiet: quiet) }
    }

    /// The first page, or newer pages by following `prev` links upwards from the newest stored post
    /// (min_id paging is gap-free: each page starts right above the last one). Returns whether it succeeded.
    @discardableResult
    func loadNewer(quiet: Bool) async -> Bool {
        defer { loadingNewer = false; refreshHeard = false; emit() }
        do {
            if window.isEmpty && !window.hasOlder && !window.hasNewer {
                let page = try await read { try await self.client.timeline(self.timeline, limit: self.pageSize) }
                window.append(try store.insert(page.posts, at: .bottom).entries)
                cursors.olderURL = page.links.next
                cursors.newerURL = page.links.prev
                cursors.reachedEnd = page.posts.isEmpty
            } else {
                var added = 0
                var pages = 0
                var more = true
                var gapAdded = false
                while pages < refreshPageBudget, let url = cursors.newerURL {
                    let page = try await read { try await self.client.page(at: url, of: self.timeline) }
                    pages += 1
                    if page.posts.isEmpty { more = false; break }
                    added += arrived(try store.insert(page.posts, at: .top).entries)
                    if let prev = page.links.prev { cursors.newerURL = prev }
                    if page.posts.count < pageSize { more = false; break }
                }
                if cursors.newerURL == nil {
                    // No link to page upwards from: start over from the newest page.
                    let page = try await read { try await self.client.timeline(self.timeline, limit: self.pageSize) }
                    added += arrived(try store.insert(page.posts, at: .top).entries)
                    cursors.newerURL = page.links.prev
                } else if more {
                    // Budget spent: show the newest posts now, and what lies between them as a gap.
                    let page = try await read { try await self.client.timeline(self.timeline, limit: self.pageSize) }
                    let reaches = try store.containsAny(page.posts.map(\.id))
                    let gap = reaches ? nil : StoredGap(fromTop: page.links.next, fromBottom: cursors.newerURL)
                    added += arrived(try store.insert(page.posts, at: .top, gapBelow: gap).entries)
                    gapAdded = gap != nil
                    cursors.newerURL = page.links.prev ?? cursors.newerURL
                }
                if quiet && !refreshHeard {
                } else if gapAdded {
                    say("\(Counted.words(added, "new post")), and a gap below the newest (Enter on it loads more)", error: false)
                } else {
                    say(added == 0 ? "No new posts" : Counted.words(added, "new post"), error: false)
                }
            }
            try store.saveCursors(older: cursors.olderURL, newer: cursors.newerURL, reachedEnd: cursors.reachedEnd)
            failuresInARow = 0
            return true
        } catch {
            lastFailure = describe(error)
            failuresInARow += 1
            if offline {
                if !quiet || refreshHeard {
                    let tries = failuresInARow > 1 ? " (\(failuresInARow) tries)" : ""
                    say("Offline: \(describe(error))\(tries); " + (window.isEmpty ? "nothing cached yet, trying again" : "showing cached posts"),
                        error: true)
                }
            } else if let absent = timeline.absentWords, case .http(status: 404, _)? = error as? MastodonError {
                say(absent, error: false)
            } else {
                say("Couldn't \(window.isEmpty ? "load the timeline" : "refresh"): \(describe(error))", error: true)
            }
            return false
        }
    }

    /// New entries above the newest: into the window when it shows the top, and counted as arrivals, but
    /// for the user's own posts and boosts: what they wrote they have read (the read mark goes up over them
    /// too), and a new user's own post read "↑ 1 new" while Catch-up said nothing came in.
    func arrived(_ fresh: [StoredEntry]) -> Int {
        let top = window.hasNewer ? nil : window.posts.first?.id
        keepWindowBounded(addedAbove: window.prepend(fresh))
        let posts = fresh.compactMap(\.post)
        let me = self.me.id
        arrivals.formUnion(posts.filter { !Self.isOwn($0, me: me) }.map(\.id))
        boundArrivals()
        if !posts.isEmpty { caughtUp(above: top) }
        return posts.count
    }

    /// Arrivals and deletions are marks on posts: kept for the newest 5,000 arrivals and for deleted posts
    /// still in the window, so a stream running for hours does not grow them without end (an hour at ten
    /// posts a second would be 36,000 ids, copied into every snapshot).
    func boundArrivals() {
        if arrivals.count > 6_000 {
            arrivals = Set(arrivals.sorted { ServerID.isNewer($0, than: $1) }.prefix(5_000))
        }
        if deleted.count > 1_000 {
            let shown = Set(window.posts.map(\.statusID))
            deleted.formIntersection(shown)
        }
    }

    func startFilling(_ id: String, fromTop: Bool) {
        guard !fillingGaps.contains(id), let (_, gap) = window.gap(id),
              let url = fromTop ? gap.fromTop : gap.fromBottom, !forcedOffline else { return }
        fillingGaps.insert(id)
        emit()
        Task { await self.fill(gap, fromTop: fromTop, url: url) }
    }

    /// One page into a gap from one side. The gap closes when the page reaches a post already stored on
    /// the other side (or comes back short); otherwise it shrinks and keeps the server's next link.
    /// Returns whether the page came (Catch-up's fetch goes on while it does: `reachBack`).
    @discardableResult
    func fill(_ gap: StoredGap, fromTop: Bool, url: URL) async -> Bool {
        defer { fillingGaps.remove(gap.id); emit() }
        do {
            let page = try await read { try await self.client.page(at: url, of: self.timeline) }
            // The gap's current seq: a renumbering may have moved it while the page was on its way.
            guard let current = window.gap(gap.id)?.gap else { return true }
            let reached = try store.containsAny(page.posts.map(\.id)) || page.posts.count < pageSize
            let neighbour = fromTop ? try store.entries(newerThan: current.seq, limit: 1).entries.first?.seq
                                    : try store.entries(olderThan: current.seq, limit: 1).entries.first?.seq
            let position: InsertPosition = fromTop
                ? neighbour.map { .between(newer: $0, older: current.seq) } ?? .top
                : neighbour.map { .between(newer: current.seq, older: $0) } ?? .bottom
            let fresh = try store.insert(page.posts, at: position).entries.compactMap(\.post)
            if reached || fresh.isEmpty {
                try store.removeGap(current)
            } else {
                var shrunk = current
                if fromTop { shrunk.fromTop = page.links.next } else { shrunk.fromBottom = page.links.prev }
                try store.updateGap(shrunk)
            }
            try reloadWindow(added: fresh.count)
            return true
        } catch {
            lastFailure = describe(error)
            say("Couldn't load the gap: \(describe(error))", error: true)
            return false
        }
    }

    /// A read, tried again after transient failures as the retry policy says; the snapshot shows the wait.
    /// A refused connection means the server is not there: no retries, the timeline goes offline.
    /// The posts it brings are the session's news (`SessionPosts`): every other list showing them shows them
    /// as this one does.
    func read(_ fetch: @Sendable () async throws -> Page) async throws -> Page {
        var failures = 0
        while true {
            do {
                let asked = Date()
                var page = try await fetch()
                pagesRead += 1
                page.posts = posts.heard(page.posts, askedAt: asked)
                noteUnreadable(page.unreadable)
                if retrying != nil { retrying = nil; emit() }
                cameOnline()
                return page
            } catch {
                failures += 1
                let unreachable: Bool
                switch error as? MastodonError {
                case .network?, .notConnected?: unreachable = true
                default: unreachable = false
                }
                guard !unreachable, !offline,
                      let wait = retry.delay(after: error, failures: failures, now: Date(), jitter: Double.random(in: 0..<1)) else {
                    retrying = nil
                    if unreachable || (error as? MastodonError) == .timeout { wentOffline() }
                    throw error
                }
                retrying = "\(describe(error)); retrying in \(Int(wait.rounded(.up)))s"
                emit()
                try await Task.sleep(for: .milliseconds(Int(wait * 1000)))
                // The wait is over and the read is asked again, which may itself take up to the timeout: "in 1s"
                // stood on the status line for 11 s while it did.
                retrying = "\(describe(error)); retrying…"
                emit()
            }
        }
    }

    /// Logged with its id and why, and kept to be shown in its place (the newest 100).
    private func noteUnreadable(_ entries: [UnreadablePost]) {
        for u in entries where !unreadable.contains(u) {
            logger.warning("a post from the server could not be read", metadata: [
                "timeline": "\(timeline)", "id": "\(u.id ?? "none")", "reason": "\(u.reason)"])
            unreadable.append(u)
        }
        if unreadable.count > 100 { unreadable.removeFirst(unreadable.count - 100) }
    }

    // MARK: Headless

    /// What `tern sync` did for one timeline.
    package struct SyncResult: Sendable {
        package var ok: Bool
        /// Posts now stored that arrived in this sync, for their pictures.
        package var posts: [Post]
        package var message: String?
    }

    /// Without `run()`: the cursors and the newest stored posts read once, as `start` would.
    func startHeadless() {
        guard !started else { return }
        started = true
        cursors = logged("read the timeline's cursors") { try store.state() } ?? TimelineState()
        window = logged("read the cached timeline") { try store.run(around: nil, before: 0, after: 40) }
            .map(TimelineWindow.init) ?? TimelineWindow()
    }

    /// Fetches newer posts and up to `olderPages` pages below the oldest stored one, into the store.
    package func sync(olderPages: Int) async -> SyncResult {
        startHeadless()
        let before = Set(window.posts.map(\.id))
        var ok = await loadNewer(quiet: true)
        var pages = 0
        while ok, pages < olderPages, !cursors.reachedEnd {
            if let bottom = logged("read the cached timeline's end", { try store.bottom(count: 40) }) { window = TimelineWindow(bottom) }
            let count = window.posts.count
            ok = await loadOlder()
            pages += 1
            if window.posts.count == count { break }
        }
        let top = logged("read the cached timeline") { try store.run(around: nil, before: 0, after: 40).entries.compactMap(\.post) } ?? []
        let fetched = top.filter { !before.contains($0.id) } + window.posts.filter { !before.contains($0.id) }
        var seen = Set<String>()
        // A quiet refresh that found the server gone says nothing on screen; sync still owes a reason.
        let reason = messages.latest?.isError == true ? messages.latest?.text : lastFailure.map { "the server could not be reached (\($0))" }
        return SyncResult(ok: ok, posts: fetched.filter { seen.insert($0.id).inserted }, message: ok ? nil : reason)
    }
}
