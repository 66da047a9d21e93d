import TernStore

/// The window of the timeline held in memory, kept around the posts on screen as entries join it.
extension TimelineEngine {
    /// After entries joined the window, from the store or the server: `visible` follows the posts on
    /// screen past the `addedAbove` posts that went in above them, and the window is trimmed back to its
    /// capacity around them, so memory stays flat however far the user reads.
    func keepWindowBounded(addedAbove: Int = 0) {
        moveVisible(by: addedAbove)
        moveVisible(by: -window.trim(visible: visible, margin: 60))
    }

    private func moveVisible(by posts: Int) {
        guard posts != 0 else { return }
        visible = max(0, visible.lowerBound + posts)...max(0, visible.upperBound + posts)
    }

    /// Reads the window again around the first visible post (after changes in the middle of it), as
    /// large as it was plus room for what was added.
    func reloadWindow(added: Int) throws {
        let posts = window.posts
        let anchor = posts.indices.contains(visible.lowerBound) ? posts[visible.lowerBound].id : posts.first?.id
        // What was above the anchor stays (up to half the window): entries, gaps among them, not posts.
        let above = window.entries.firstIndex { $0.post?.id == anchor } ?? 0
        let before = min(above, TimelineWindow.capacity / 2)
        let after = min(TimelineWindow.capacity - before, max(120, window.entries.count - before + added))
        window = TimelineWindow(try store.run(around: anchor, before: before, after: after))
    }
}
