import TernFeed

/// The content warnings (and filters' warnings) the user opened with `c`, by post, for the session: every
/// screen showing that post shows it opened, the list and the thread alike. One set, kept by the session's
/// stack and handed to the screens in their `LayerEnv`: each screen kept its own, and a warning opened in
/// the list was closed again in the thread.
struct OpenedWarnings: Equatable {
    private var keys: Set<String> = []

    /// A post is known by the status its warning is on (a boost's: the boosted post's), the same in every
    /// list; another row (a notification without a post) by its own id.
    static func key(_ row: FeedRow) -> String { row.post.map { "post:" + $0.statusID } ?? row.id }

    func isOpen(_ row: FeedRow) -> Bool { keys.contains(Self.key(row)) }

    /// Opens a closed warning, closes an open one.
    mutating func toggle(_ key: String) {
        if keys.remove(key) == nil { keys.insert(key) }
    }
}
