import TernModel
import TernStore

/// The part of a stored timeline held in memory: a contiguous run of entries around the viewport, and
/// whether the store goes on above or below it. Everything else stays on disk, so memory doesn't grow
/// with how far the user scrolls. Pure bookkeeping; the engine reads and writes the store.
struct TimelineWindow {
    var entries: [StoredEntry] = []
    /// The store has newer entries than the window's first.
    var hasNewer = false
    /// The store has older entries than the window's last.
    var hasOlder = false
    /// How many entries (posts and gaps: the rows a list shows) the store holds above and below the
    /// window, for the position on the status line; nil until the engine has counted them. Kept by
    /// every change below, so that scrolling never counts again.
    var rowsAbove: Int? = 0
    var rowsBelow: Int? = 0

    /// The most entries kept; beyond it, the side far from the viewport is dropped.
    static let capacity = 240

    var isEmpty: Bool { entries.isEmpty }
    var posts: [Post] { entries.compactMap(\.post) }

    init() {}

    init(_ run: StoredRun) {
        entries = run.entries
        hasNewer = run.hasNewer
        hasOlder = run.hasOlder
        rowsAbove = hasNewer ? nil : 0
        rowsBelow = hasOlder ? nil : 0
    }

    /// Gaps with the posts on either side of them in the window (a gap at the window's edge waits
    /// until its neighbours are in).
    var gaps: [Gap] {
        var out: [Gap] = []
        for (i, entry) in entries.enumerated() {
            guard case .gap(let g) = entry else { continue }
            guard let newer = entries[..<i].last(where: { $0.post != nil })?.post?.id,
                  let older = entries[(i + 1)...].first(where: { $0.post != nil })?.post?.id else { continue }
            out.append(Gap(id: g.id, newerID: newer, olderID: older, loading: false))
        }
        return out
    }

    func gap(_ id: String) -> (index: Int, gap: StoredGap)? {
        for (i, entry) in entries.enumerated() {
            if case .gap(let g) = entry, g.id == id { return (i, g) }
        }
        return nil
    }

    /// New entries stored above the newest: they join the window only if it shows the top, and are
    /// counted above it otherwise. Returns how many posts went in above the ones there were.
    @discardableResult
    mutating func prepend(_ fresh: [StoredEntry]) -> Int {
        guard !fresh.isEmpty else { return 0 }
        guard !hasNewer else { rowsAbove = rowsAbove.map { $0 + fresh.count }; return 0 }
        entries.insert(contentsOf: fresh, at: 0)
        return fresh.count { $0.post != nil }
    }

    /// New entries stored below the oldest: they join the window only if it shows the bottom.
    mutating func append(_ fresh: [StoredEntry]) {
        guard !fresh.isEmpty else { return }
        guard !hasOlder else { rowsBelow = rowsBelow.map { $0 + fresh.count }; return }
        entries.append(contentsOf: fresh)
    }

    /// More of the store, read below the window's last entry.
    mutating func extendDown(_ more: [StoredEntry], more hasMore: Bool) {
        entries.append(contentsOf: more)
        hasOlder = hasMore
        rowsBelow = hasMore ? rowsBelow.map { max(0, $0 - more.count) } : 0
    }

    /// More of the store, read above the window's first entry. Returns how many posts went in above the
    /// ones there were.
    @discardableResult
    mutating func extendUp(_ more: [StoredEntry], more hasMore: Bool) -> Int {
        entries.insert(contentsOf: more, at: 0)
        hasNewer = hasMore
        rowsAbove = hasMore ? rowsAbove.map { max(0, $0 - more.count) } : 0
        return more.count { $0.post != nil }
    }

    /// Keeps the window within capacity by dropping entries far from the visible posts (`visible` are
    /// indexes into `posts`), always keeping `margin` posts on either side of them. Returns how many
    /// posts were dropped above them, by which the visible posts' indexes went down.
    @discardableResult
    mutating func trim(visible: ClosedRange<Int>, margin: Int) -> Int {
        guard entries.count > Self.capacity else { return 0 }
        let postEntryIndexes = entries.indices.filter { entries[$0].post != nil }
        guard !postEntryIndexes.isEmpty else { return 0 }
        let firstKept = postEntryIndexes[max(0, min(visible.lowerBound - margin, postEntryIndexes.count - 1))]
        let lastKept = postEntryIndexes[max(0, min(visible.upperBound + margin, postEntryIndexes.count - 1))]
        // Drop from whichever side reaches further from the viewport, one entry at a time.
        let above = firstKept, below = entries.count - 1 - lastKept
        var dropAbove = 0, dropBelow = 0
        for _ in 0..<(entries.count - Self.capacity) {
            if above - dropAbove >= below - dropBelow, above > dropAbove { dropAbove += 1 }
            else if below > dropBelow { dropBelow += 1 }
            else { break }
        }
        if dropBelow > 0 { entries.removeLast(dropBelow); hasOlder = true; rowsBelow = rowsBelow.map { $0 + dropBelow } }
        let postsAbove = entries.prefix(dropAbove).count { $0.post != nil }
        if dropAbove > 0 { entries.removeFirst(dropAbove); hasNewer = true; rowsAbove = rowsAbove.map { $0 + dropAbove } }
        return postsAbove
    }

    /// The server's newer copies of statuses (`SessionPosts`): every entry of each status shows it, keeping its
    /// own id, booster and conversation (`Post.showing`). Whether an entry changed.
    mutating func show(_ copies: [Post]) -> Bool {
        let byStatus = Post.byStatus(copies)
        var changed = false
        for i in entries.indices {
            guard case .post(let p, let seq) = entries[i], let copy = byStatus[p.statusID] else { continue }
            let shown = p.showing(copy)
            guard shown != p else { continue }
            entries[i] = .post(shown, seq: seq)
            changed = true
        }
        return changed
    }

    /// A poll as the server now counts it, on every entry showing its post.
    /// Gives every entry showing the answered post the server's answer (`ActionQueue.Event.answer`);
    /// whether one showed it.
    mutating func take(_ answer: ActionQueue.Event) -> Bool {
        var took = false
        for i in entries.indices {
            guard case .post(var p, let seq) = entries[i], answer.answer(&p) else { continue }
            entries[i] = .post(p, seq: seq)
            took = true
        }
        return took
    }
}
