import TernImages

/// A reusable on-screen post cell. It holds the image requests of the post it shows; when the post
/// scrolls out the cell cancels them and goes back to the pool.
final class PostCell {
    private(set) var postID: String?
    private var tasks: [Task<Void, Never>] = []

    func configure(postID: String, requests: [Task<Void, Never>]) {
        self.postID = postID
        tasks = requests
    }

    func prepareForReuse() {
        for t in tasks { t.cancel() }
        tasks = []
        postID = nil
    }
}

/// Cells for the posts in view, recycled as the view moves.
final class CellPool {
    private var free: [PostCell] = []
    private(set) var active: [String: PostCell] = [:]

    /// Makes the active cells exactly the given post ids; `configure` is called for newly shown posts.
    func update(visible ids: [String], configure: (String, PostCell) -> Void) {
        let wanted = Set(ids)
        for (id, cell) in active where !wanted.contains(id) {
            cell.prepareForReuse()
            active[id] = nil
            free.append(cell)
        }
        for id in ids where active[id] == nil {
            let cell = free.popLast() ?? PostCell()
            configure(id, cell)
            active[id] = cell
        }
    }

    /// Forgets all cells' requests (timeline replaced, or the width changed).
    func reset() {
        for (_, cell) in active { cell.prepareForReuse(); free.append(cell) }
        active = [:]
    }
}
