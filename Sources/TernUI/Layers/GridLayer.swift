import Foundation
import TernFeed
import TernImages
import TernModel
import TernTerminal

/// The list as a grid of pictures (`m`), like a profile grid: each cell a post's first picture with its
/// author under it. Arrows (and h/j/k/l) move, Enter opens the post, `v` its pictures, `m` or Esc go back
/// to the list. Only the rows in view are laid out; the rows ahead are fetched early, like the list's.
struct GridLayer: Layer {
    let opening: FeedOpening
    var feed: FeedID { opening.id }
    private(set) var selectedID: String?
    /// The user moved in the grid: Esc goes to the post chosen here. Until then it goes back to the post the
    /// list had selected, which the grid may not show (a post without pictures: the grid selects the first
    /// one it has, and Esc went there).
    private var moved = false
    private(set) var topRow = 0
    private var lastDemand: ThumbnailDemand?
    private var lastReport: FeedCommand?
    /// The list as its engine last published it, as the list screen under the grid keeps it.
    private(set) var snapshot: FeedSnapshot?
    var isOverlay: Bool { false }

    init(_ opening: FeedOpening, selecting id: String? = nil, snapshot: FeedSnapshot? = nil) {
        self.opening = opening
        selectedID = id
        self.snapshot = snapshot
    }

    mutating func receive(_ message: LayerMessage, _ env: LayerEnv) -> [Effect]? {
        guard case .snapshot(let s) = message, s.feed == feed else { return nil }
        snapshot = s
        return []
    }

    /// Cell sizes for the window: square thumbnails of the list's thumbnail height.
    struct Geometry: Equatable {
        var perRow: Int
        var thumbColumns: Int
        var thumbRows: Int
        var cellHeight: Int { thumbRows + 1 }
        var stride: Int { thumbColumns + 1 }
        var rowsInView: Int

        init(_ env: LayerEnv) {
            thumbRows = env.renderer.pictures.thumbnailRows(width: env.columns)
            thumbColumns = thumbRows * 2
            perRow = max(1, (env.columns - RowLayout.gutter) / (thumbColumns + 1))
            rowsInView = max(1, env.listHeight / (thumbRows + 1))
        }
    }

    /// The posts that have a picture to show, in list order.
    static func posts(_ snapshot: FeedSnapshot?) -> [Post] {
        (snapshot?.rows ?? []).compactMap(\.post).filter { $0.media.contains { $0.thumbnailURL != nil } }
    }

    /// The selected post's cell; for the list's selection without a picture, the nearest cell below it in the
    /// list (else the nearest above), where the reader was: the grid started at its first cell.
    private func selectedIndex(_ posts: [Post]) -> Int {
        guard let id = selectedID else { return 0 }
        if let i = posts.firstIndex(where: { $0.id == id }) { return i }
        guard let rows = snapshot?.rows, let at = rows.firstIndex(where: { $0.post?.id == id }) else { return 0 }
        let cell = Dictionary(posts.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        func cellOf(_ row: FeedRow) -> Int? { row.post.flatMap { cell[$0.id] } }
        return rows[at...].lazy.compactMap(cellOf).first ?? rows[..<at].reversed().lazy.compactMap(cellOf).first ?? 0
    }

    mutating func update(_ key: Key, _ env: LayerEnv) -> [Effect] {
        let posts = Self.posts(snapshot)
        let g = Geometry(env)
        var i = selectedIndex(posts)
        switch key {
        case .left, .character("h"): i -= 1
        case .right, .character("l"): i += 1
        case .up, .character("k"): i -= g.perRow
        case .down, .character("j"): i += g.perRow
        default:
            switch env.keymap.action(for: key) {
            // A page moves the view and the selection together, by a screen of rows.
            case .pageDown?:
                i += g.perRow * g.rowsInView
                topRow = min(topRow + g.rowsInView, max(0, (posts.count - 1) / g.perRow))
            case .pageUp?:
                i -= g.perRow * g.rowsInView
                topRow = max(0, topRow - g.rowsInView)
            case .top?: i = 0
            case .bottom?: i = posts.count - 1
            case .open?:
                guard posts.indices.contains(i) else { return [] }
                return [.push(.feed(FeedLayer.thread(of: posts[i])))]
            case .viewImage?:
                return FeedLayer.viewLarge(posts.indices.contains(i) ? posts[i] : nil, attachment: nil, env)
            // Back in the list, at the post selected here.
            case .grid?, .back?: return [.pop] + (moved && posts.indices.contains(i) ? [.focusPost(posts[i].id)] : [])
            case .quit?: return [.quit]
            case .help?: return [.push(.help)]
            default: return []
            }
        }
        guard !posts.isEmpty else { return [] }
        i = max(0, min(posts.count - 1, i))
        moved = moved || posts[i].id != posts[selectedIndex(posts)].id
        selectedID = posts[i].id
        return []
    }

    mutating func settle(_ env: LayerEnv) -> [Effect] {
        let posts = Self.posts(snapshot)
        guard !posts.isEmpty else { return [] }
        let g = Geometry(env)
        let i = selectedIndex(posts)
        selectedID = posts[i].id
        let row = i / g.perRow
        if row < topRow { topRow = row }
        if row >= topRow + g.rowsInView { topRow = row - g.rowsInView + 1 }
        var effects: [Effect] = []
        let shown = cells(posts, g, rows: topRow..<(topRow + g.rowsInView))
        // Two screens of rows ahead load early, unless low data says not to.
        let aheadRows = env.renderer.pictures.lowData ? 0 : g.rowsInView * 2
        let ahead = cells(posts, g, rows: (topRow + g.rowsInView)..<(topRow + g.rowsInView + aheadRows)).map(\.box)
        let demand = ThumbnailDemand(visible: shown.map { RowMedia(id: "grid:" + $0.post.id, boxes: [$0.box]) }, ahead: ahead)
        if demand != lastDemand { lastDemand = demand; effects.append(.thumbnails(demand)) }
        // The list pages on from where the grid is, as it does for its own view; its saved place stays.
        if let first = shown.first?.post, let last = shown.last?.post {
            let report = FeedCommand.viewed(firstID: first.id, lastID: last.id, anchorID: nil, offset: 0)
            if report != lastReport { lastReport = report; effects.append(.feed(opening, report)) }
        }
        return effects
    }

    /// The cells of some grid rows: each post's first picture and where it goes (lines from the list's top).
    func cells(_ posts: [Post], _ g: Geometry, rows: Range<Int>) -> [(post: Post, box: MediaBox)] {
        let start = max(0, rows.lowerBound * g.perRow), end = min(posts.count, rows.upperBound * g.perRow)
        guard start < end else { return [] }
        return (start..<end).compactMap { i in
            let post = posts[i]
            guard let m = post.media.first(where: { $0.thumbnailURL != nil }) else { return nil }
            let line = (i / g.perRow - topRow) * g.cellHeight, column = RowLayout.gutter + (i % g.perRow) * g.stride
            // A post a filter folds behind a warning is folded in the list; the grid, which cannot show the
            // warning, shows its pictures only blurred, as a sensitive post's (Enter opens it, where `c` does).
            let blurred = post.blursMedia || !post.filterWarnings.isEmpty
            let request = blurred ? nil : m.thumbnailURL.map { ThumbnailRequest(url: $0, columns: g.thumbColumns, rows: g.thumbRows, focus: m.focus) }
            let blur = blurred ? RowLayout.blurKey(m, columns: g.thumbColumns, rows: g.thumbRows) : nil
            return (post, MediaBox(line: line, column: column, columns: g.thumbColumns, rows: g.thumbRows, attachment: m,
                                   request: request, blurKey: blur))
        }
    }

    func render(_ env: LayerEnv, into screen: Canvas) {
        env.renderer.drawGrid(self, env: env, on: screen)
    }
}
