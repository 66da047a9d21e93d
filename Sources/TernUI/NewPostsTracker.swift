/// Counts posts that arrived above what the user is reading and that they haven't scrolled up to yet,
/// for the status line's "↑ N new".
struct NewPostsTracker {
    private(set) var unseen: Set<String> = []

    /// A new snapshot: posts at the top that weren't there before are unseen, unless the list was empty
    /// (the first page is not "new").
    mutating func arrived(old: [String], new: [String]) {
        guard let oldFirst = old.first, let end = new.firstIndex(of: oldFirst) else { return }
        unseen.formUnion(new[..<end])
    }

    /// Posts from the first visible one down have been seen (all of them above it were not).
    mutating func seen(_ ids: some Sequence<String>) {
        unseen.subtract(ids)
    }

    mutating func clear() { unseen = [] }

    var count: Int { unseen.count }
}
