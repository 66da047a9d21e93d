/// Where the user is in the list: anchored to a post id and a line offset into it, not to an absolute
/// line, so posts inserted above don't move what is being read. All moves are pure functions of the
/// post heights, which the caller supplies.
struct Viewport: Equatable {
    /// The post at the top of the list area.
    var anchorID: String?
    /// Lines of the anchor post scrolled off the top (0 ≤ offset < its height).
    var anchorOffset = 0
    var selectedID: String?

    /// What the list needs to know about the posts to move over them.
    struct Metrics {
        var ids: [String]
        var index: [String: Int]
        var height: (Int) -> Int
        var viewHeight: Int
        /// Rows that label others (a search's headings, its progress line) or mark a place ("read up to here"): shown, never selected, so no
        /// key lands where it does nothing.
        var isLabel: (Int) -> Bool = { _ in false }

        init(ids: [String], viewHeight: Int, height: @escaping (Int) -> Int) {
            var idx: [String: Int] = [:]
            for (i, id) in ids.enumerated() { idx[id] = i }
            self.init(ids: ids, index: idx, viewHeight: viewHeight, height: height)
        }

        /// With the id → position index already made (the renderer keeps one per snapshot).
        init(ids: [String], index: [String: Int], viewHeight: Int, height: @escaping (Int) -> Int) {
            self.ids = ids
            self.index = index
            self.viewHeight = max(1, viewHeight)
            self.height = height
        }
    }

    /// One visible post: its index and the screen line (relative to the list's top) where it starts.
    struct Placement: Equatable {
        var index: Int
        var top: Int
    }

    func anchorIndex(_ m: Metrics) -> Int {
        anchorID.flatMap { m.index[$0] } ?? 0
    }

    func selectedIndex(_ m: Metrics) -> Int? {
        guard !m.ids.isEmpty else { return nil }
        return selectedID.flatMap { m.index[$0] } ?? anchorIndex(m)
    }

    /// The first row from `i` on, stepping by `step`, that can be selected.
    func selectable(from i: Int, step: Int, _ m: Metrics) -> Int? {
        var i = i
        while i >= 0, i < m.ids.count {
            if !m.isLabel(i) { return i }
            i += step
        }
        return nil
    }

    /// The posts that intersect the view, top to bottom.
    func visible(_ m: Metrics) -> [Placement] {
        guard !m.ids.isEmpty else { return [] }
        var out: [Placement] = []
        var i = anchorIndex(m)
        var y = -anchorOffset
        while i < m.ids.count, y < m.viewHeight {
            out.append(Placement(index: i, top: y))
            y += m.height(i)
            i += 1
        }
        return out
    }

    /// Keeps the anchor valid after the posts changed (an unknown id falls back to the top).
    mutating func normalize(_ m: Metrics) {
        guard !m.ids.isEmpty else { self = Viewport(); return }
        if anchorID.flatMap({ m.index[$0] }) == nil { anchorID = m.ids[0]; anchorOffset = 0 }
        if selectedID.flatMap({ m.index[$0] }) == nil { selectedID = anchorID }
        // A selection on a label (the rows under it came, or what was selected went) moves to the row it labels.
        if let s = selectedID.flatMap({ m.index[$0] }), m.isLabel(s),
           let near = selectable(from: s, step: 1, m) ?? selectable(from: s, step: -1, m) { selectedID = m.ids[near] }
        anchorOffset = max(0, min(anchorOffset, m.height(anchorIndex(m)) - 1))
    }

    /// Scrolls by `lines` (positive: down), stopping at the top and where the last post ends at the bottom.
    mutating func scroll(by lines: Int, _ m: Metrics) {
        guard !m.ids.isEmpty else { return }
        var i = anchorIndex(m)
        var off = anchorOffset + lines
        while off < 0, i > 0 { i -= 1; off += m.height(i) }
        off = max(0, off)
        while off >= m.height(i), i < m.ids.count - 1 { off -= m.height(i); i += 1 }
        anchorID = m.ids[i]
        anchorOffset = min(off, m.height(i) - 1)
        clampBottom(m)
    }

    /// Never leave empty space below the last post while there is content above to show.
    private mutating func clampBottom(_ m: Metrics) {
        var below = -anchorOffset
        for i in anchorIndex(m)..<m.ids.count {
            below += m.height(i)
            if below >= m.viewHeight { return }
        }
        let missing = m.viewHeight - below
        if missing > 0 && (anchorIndex(m) > 0 || anchorOffset > 0) {
            var i = anchorIndex(m)
            var off = anchorOffset - missing
            while off < 0, i > 0 { i -= 1; off += m.height(i) }
            anchorID = m.ids[i]
            anchorOffset = max(0, off)
        }
    }

    /// Line (relative to the view's top) where post `index` starts; nil when far outside the view.
    func top(of index: Int, _ m: Metrics) -> Int? {
        let a = anchorIndex(m)
        var y = -anchorOffset
        if index >= a {
            for i in a..<index { y += m.height(i); if y > m.viewHeight * 4 { return nil } }
            return y
        }
        for i in stride(from: a - 1, through: index, by: -1) { y -= m.height(i); if y < -m.viewHeight * 4 { return nil } }
        return y
    }

    /// Scrolls the least needed for the selected post to be in view (its top first when it is taller).
    mutating func revealSelection(_ m: Metrics) {
        guard let s = selectedIndex(m) else { return }
        guard let y = top(of: s, m) else { anchorID = m.ids[s]; anchorOffset = 0; clampBottom(m); return }
        let h = m.height(s)
        if y < 0 { scroll(by: y, m) }
        else if y + h > m.viewHeight { scroll(by: min(y, y + h - m.viewHeight), m) }
    }

    /// Whether the selected post is wholly in view (one taller than the view: filling it).
    func selectionInView(_ m: Metrics) -> Bool {
        guard let s = selectedIndex(m), let y = top(of: s, m) else { return false }
        let h = m.height(s)
        return h > m.viewHeight ? y <= 0 && y + h >= m.viewHeight : y >= 0 && y + h <= m.viewHeight
    }

    /// After the selected post changed height (a content warning opened or closed): the view stays where
    /// it is while any of the post is still in it, so reading a tall post never jumps back to its top.
    mutating func keepSelectionVisible(_ m: Metrics) {
        guard let s = selectedIndex(m) else { return }
        if let y = top(of: s, m), y < m.viewHeight, y + m.height(s) > 0 {
            normalize(m)
            clampBottom(m)
            return
        }
        revealSelection(m)
    }

    /// `j`: the next post; or, inside a post taller than the view, the next lines of it.
    mutating func selectNext(_ m: Metrics) {
        guard let s = selectedIndex(m) else { return }
        if m.height(s) > m.viewHeight, let y = top(of: s, m), y + m.height(s) > m.viewHeight {
            scroll(by: max(1, m.viewHeight / 2), m)
            return
        }
        if let next = selectable(from: s + 1, step: 1, m) { selectedID = m.ids[next] }
        revealSelection(m)
    }

    /// `k`: the previous post; or, inside a post whose top is above the view, the lines above.
    mutating func selectPrevious(_ m: Metrics) {
        guard let s = selectedIndex(m) else { return }
        if let y = top(of: s, m), y < 0 {
            scroll(by: max(y, -max(1, m.viewHeight / 2)), m)
            return
        }
        guard let previous = selectable(from: s - 1, step: -1, m) else {
            // Only labels above: they are shown, the selection stays.
            if s > 0 { anchorID = m.ids[0]; anchorOffset = 0; clampBottom(m) }
            revealSelection(m)
            return
        }
        selectedID = m.ids[previous]
        revealSelection(m)
    }

    /// Pages by the view height less two lines of context, selecting the first post that starts in view.
    mutating func page(_ direction: Int, _ m: Metrics) {
        scroll(by: direction * max(1, m.viewHeight - 2), m)
        let shown = visible(m)
        let rows = shown.filter { !m.isLabel($0.index) }
        if let first = rows.first(where: { $0.top >= 0 }) ?? rows.first { selectedID = m.ids[first.index] }
    }

    /// The posts to fetch pictures for ahead of the user: the `count` after the last visible one when
    /// moving down, the `count` before the first visible one when moving up.
    static func ahead(of shown: [Placement], direction: Int, count: Int, total: Int) -> Range<Int> {
        guard count > 0, let first = shown.first?.index, let last = shown.last?.index else { return 0..<0 }
        if direction < 0 { return max(0, first - count)..<first }
        return min(total, last + 1)..<min(total, last + 1 + count)
    }

    /// Selects a row by id and brings it into view.
    mutating func select(_ id: String, _ m: Metrics) {
        guard let i = m.index[id], !m.isLabel(i) else { return }
        selectedID = id
        revealSelection(m)
    }

    mutating func toTop(_ m: Metrics) {
        guard let first = m.ids.first else { return }
        anchorID = first; anchorOffset = 0
        selectedID = selectable(from: 0, step: 1, m).map { m.ids[$0] } ?? first
        // A long label block can push the first row off a short view.
        revealSelection(m)
    }

    mutating func toBottom(_ m: Metrics) {
        guard let last = m.ids.last else { return }
        selectedID = selectable(from: m.ids.count - 1, step: -1, m).map { m.ids[$0] } ?? last
        anchorID = last; anchorOffset = 0
        clampBottom(m)
        revealSelection(m)
    }
}
