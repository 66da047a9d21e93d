/// Counts posts that arrived above what the user is reading and that they haven't scrolled up to yet,
/// for the status line's "↑ N new". The engine names the arrivals (posts fetched at the top during this
/// session), so posts read back from the cache as the user scrolls up are never taken for new ones.
struct NewPostsTracker {
    private(set) var unseen: Set<String> = []
    private var seenIDs: Set<String> = []

    /// A new snapshot's arrivals: those not seen yet are unseen, and one the engine no longer names (read
    /// elsewhere: Catch-up's done reading) is not new any more.
    mutating func arrived(_ arrivals: Set<String>) {
        unseen.formIntersection(arrivals)
        unseen.formUnion(arrivals.subtracting(seenIDs))
        // The engine keeps the newest arrivals only: what it let go is neither new nor worth remembering.
        if seenIDs.count + unseen.count > arrivals.count + 1_000 { seenIDs.formIntersection(arrivals) }
    }

    /// Posts from the first visible one down have been seen.
    mutating func seen(_ ids: some Sequence<String>) {
        for id in ids where unseen.remove(id) != nil { seenIDs.insert(id) }
    }

    /// `g`: the user went to the top, so every arrival counts as seen.
    mutating func clear() {
        seenIDs.formUnion(unseen)
        unseen = []
    }

    var count: Int { unseen.count }
}
