import TernModel

/// What the engine publishes: the window's posts with what the user did to them, and where they stand.
extension TimelineEngine {
    func emit() {
        adoptMarkerIfLoaded()
        countRowsOutsideWindow()
        version += 1
        var gaps = window.gaps
        for i in gaps.indices where fillingGaps.contains(gaps[i].id) { gaps[i].loading = true }
        let context = FilterInfo.Context(timeline)
        // The session's copies: what another list read since this window was read from the store.
        var posts = (timeline.isWebFeeds ? window.posts : self.posts.current(window.posts)).map { actions.filtered($0, in: context) }
            .filter { !actions.hides($0, showing: timeline.accountID) }.map(actions.apply)
        if timeline.isWebFeeds { markUnread(&posts) }
        if timeline == .conversations { posts = Self.newestOfEachConversation(posts) }
        var snapshot = TimelineSnapshot(version: version, timeline: timeline, posts: posts,
                                        loadingOlder: loadingOlder, loadingNewer: loadingNewer,
                                        reachedEnd: cursors.reachedEnd && !window.hasOlder,
                                        message: messages.latest, retrying: retrying, gaps: gaps)
        snapshot.moreNewer = window.hasNewer
        snapshot.moreOlder = window.hasOlder
        snapshot.rowsAbove = window.rowsAbove
        snapshot.rowsBelow = window.rowsBelow
        snapshot.endStored = cursors.reachedEnd
        snapshot.arrivals = arrivals
        snapshot.deleted = deleted
        snapshot.unreadable = unreadable
        snapshot.savedPosition = savedPosition
        snapshot.readUpTo = Self.readMark(readUpTo, over: posts, me: me.id)
        snapshot.offline = offline
        snapshot.finds = finds
        snapshot.hashtag = shownHashtag.map { HashtagHeader(tag: $0.0, pending: $0.pending) }
        snapshot.pendingActions = actions.pendingCount
        snapshot.outgoing = outgoing
        snapshot.outgoingWaiting = outgoingWaiting
        publish(snapshot)
    }

    /// A window read afresh around a position (at the start, after a jump) does not know how much of the
    /// store lies beyond it: counted once here, then kept by the window as it moves.
    private func countRowsOutsideWindow() {
        guard window.rowsAbove == nil || window.rowsBelow == nil,
              let first = window.entries.first?.seq, let last = window.entries.last?.seq else { return }
        guard let counts = logged("count the cached posts around the window", {
            try store.entryCounts(newerThan: first, olderThan: last)
        }) else { return }
        window.rowsAbove = counts.newer
        window.rowsBelow = counts.older
    }

    /// A conversation with a newer message comes back at the top as a new entry; the older entries of it
    /// (still in the store, where the list was) are left out, and each says whether it was read.
    static func newestOfEachConversation(_ posts: [Post]) -> [Post] {
        var seen = Set<String>()
        return posts.compactMap { post in
            guard let c = post.conversation else { return post }
            guard seen.insert(c.id).inserted else { return nil }
            var p = post
            p.unread = c.unread
            return p
        }
    }

    /// A feeds' list's items say whether they were read (read marks live in the store, beside the texts).
    private func markUnread(_ posts: inout [Post]) {
        guard let webFeeds else { return }
        guard let unread = logged("read the items' read marks", { try webFeeds.unread(posts.map(\.id)) }) else { return }
        for i in posts.indices { posts[i].unread = unread.contains(posts[i].id) }
    }
}
