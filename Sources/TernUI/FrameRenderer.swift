import Foundation
import TernFeed
import TernImages
import TernModel
import TernTerminal

/// A picture shown over the list (`v`).
public struct LargeImage {
    public var request: ThumbnailRequest
    public var caption: String
}

/// What one frame shows besides the posts themselves.
public struct FrameChrome {
    public var title: String
    public var message: String?
    public var messageIsError = false
    public var showHelp = false
    public var revealed: Set<String> = []
    public var largeImage: LargeImage?
    /// Posts that arrived above the view and haven't been scrolled to.
    public var newAbove = 0
    /// The `t` picker's lines, when it is open.
    var picker: [(text: String, selected: Bool)]?
    /// The `/` search line being typed, when it is open.
    var search: String?

    public init(title: String) { self.title = title }
}

/// Draws frames: a function of (snapshot, viewport, images, chrome). Lays out only posts that are
/// needed and keeps their layouts while they don't change. Shared by the app and `tern-bench`.
public final class FrameRenderer {
    public var theme: Theme
    private var layouts: [String: (layout: PostLayout, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0
    /// Layouts are cheap to redo; keeping only recent ones keeps memory flat however far the user scrolls.
    static let layoutCacheSize = 300

    public init(theme: Theme) { self.theme = theme }

    /// Rows of the list area for a screen of `rows` rows (a title bar above, a status line below).
    static func listHeight(_ rows: Int) -> Int { max(1, rows - 2) }

    func layout(_ post: Post, width: Int, revealed: Bool, now: Date) -> PostLayout {
        clock += 1
        if let l = layouts[post.id]?.layout, l.width == width, l.revealed == revealed, l.post == post {
            layouts[post.id] = (l, clock)
            return l
        }
        let l = PostLayout(post: post, width: width, revealed: revealed, now: now)
        layouts[post.id] = (l, clock)
        if layouts.count > Self.layoutCacheSize {
            // Drop the least recently used third in one pass.
            let cutoff = layouts.values.map(\.lastUse).sorted()[layouts.count / 3]
            layouts = layouts.filter { $0.value.lastUse >= cutoff }
        }
        return l
    }

    /// Forgets layouts (relative times age; a resize changes every width).
    func invalidateLayouts() { layouts = [:] }

    /// One line of the list: a post, or a gap of posts not loaded.
    enum Row {
        case post(Post)
        case gap(Gap)

        var id: String {
            switch self {
            case .post(let p): return p.id
            case .gap(let g): return g.id
            }
        }

        var post: Post? { if case .post(let p) = self { return p } else { return nil } }
    }

    /// Lines a gap row takes: its text and a blank line.
    static let gapHeight = 2

    /// A snapshot's rows and their index, made once per snapshot version rather than on every frame and key.
    private var rowCache: (timeline: TimelineID, version: Int, rows: [Row], ids: [String], index: [String: Int])?

    private func cachedRows(_ snapshot: TimelineSnapshot) -> (rows: [Row], ids: [String], index: [String: Int]) {
        if let c = rowCache, c.timeline == snapshot.timeline, c.version == snapshot.version { return (c.rows, c.ids, c.index) }
        let rows = Self.makeRows(snapshot)
        let ids = rows.map(\.id)
        var index: [String: Int] = [:]
        for (i, id) in ids.enumerated() { index[id] = i }
        rowCache = (snapshot.timeline, snapshot.version, rows, ids, index)
        return (rows, ids, index)
    }

    /// The snapshot's posts with each gap right below the post above it.
    func rows(_ snapshot: TimelineSnapshot) -> [Row] { cachedRows(snapshot).rows }

    private static func makeRows(_ snapshot: TimelineSnapshot) -> [Row] {
        guard !snapshot.gaps.isEmpty else { return snapshot.posts.map(Row.post) }
        let below = Dictionary(snapshot.gaps.map { ($0.newerID, $0) }, uniquingKeysWith: { a, _ in a })
        var rows: [Row] = []
        rows.reserveCapacity(snapshot.posts.count + snapshot.gaps.count)
        for p in snapshot.posts {
            rows.append(.post(p))
            if let g = below[p.id] { rows.append(.gap(g)) }
        }
        return rows
    }

    func metrics(_ snapshot: TimelineSnapshot, width: Int, viewHeight: Int, revealed: Set<String>, now: Date) -> Viewport.Metrics {
        let (rows, ids, index) = cachedRows(snapshot)
        return Viewport.Metrics(ids: ids, index: index, viewHeight: viewHeight) { [unowned self] i in
            guard case .post(let post) = rows[i] else { return Self.gapHeight }
            return self.layout(post, width: width, revealed: revealed.contains(post.id), now: now).height
        }
    }

    /// Draws a whole frame into curses' virtual screen (the caller calls `screen.update()`) and returns the
    /// placements and layouts of the posts in view.
    @discardableResult
    func draw(on screen: Screen, snapshot: TimelineSnapshot, viewport: Viewport, images: [ThumbnailRequest: ImageState],
              chrome: FrameChrome, now: Date) -> [(Viewport.Placement, PostLayout)] {
        screen.erase()
        let rows = screen.rows, cols = screen.columns
        guard rows >= 4, cols >= 24 else {
            screen.draw(SafeText("Terminal too small"), row: 0, column: 0, style: theme[.warning])
            return []
        }
        drawTitle(on: screen, chrome: chrome, snapshot: snapshot)
        let viewHeight = Self.listHeight(rows)
        let m = metrics(snapshot, width: cols, viewHeight: viewHeight, revealed: chrome.revealed, now: now)
        let selected = viewport.selectedIndex(m)
        let lines = self.rows(snapshot)
        var shown: [(Viewport.Placement, PostLayout)] = []
        var bottom = 0
        for p in viewport.visible(m) {
            guard case .post(let post) = lines[p.index] else {
                if case .gap(let gap) = lines[p.index] {
                    drawGap(gap, top: p.top, on: screen, viewHeight: viewHeight, selected: p.index == selected)
                }
                bottom = p.top + Self.gapHeight
                continue
            }
            let l = layout(post, width: cols, revealed: chrome.revealed.contains(post.id), now: now)
            drawPost(l, top: p.top, on: screen, viewHeight: viewHeight, selected: p.index == selected, images: images)
            shown.append((p, l))
            bottom = p.top + l.height
        }
        if bottom < viewHeight {
            let note: String?
            if snapshot.posts.isEmpty { note = snapshot.loadingNewer ? "Loading…" : "Nothing here yet. Press r to refresh." }
            else if snapshot.loadingOlder { note = "Loading older posts…" }
            else if snapshot.reachedEnd { note = "— end of the timeline —" }
            else { note = nil }
            if let note { screen.draw(SafeText(note), row: 1 + max(0, bottom), column: PostLayout.gutter, style: theme[.placeholder]) }
        }
        drawStatus(on: screen, chrome: chrome, snapshot: snapshot, selected: selected)
        if let large = chrome.largeImage { drawLarge(large, images[large.request], on: screen) }
        if let picker = chrome.picker { drawBox(title: "Timelines (Enter opens, Esc closes)", lines: picker, on: screen) }
        if chrome.showHelp { drawHelp(on: screen) }
        return shown
    }

    private func drawTitle(on screen: Screen, chrome: FrameChrome, snapshot: TimelineSnapshot) {
        let cols = screen.columns
        screen.fill(row: 0, column: 0, width: cols, style: theme[.title])
        let left = SafeText(" tern · \(snapshot.timeline) · \(chrome.title)")
        screen.draw(left, row: 0, column: 0, style: theme[.title], maxWidth: cols)
        let hint = SafeText("j/k move  f like  b save  r refresh  ? help  q quit ")
        if left.width + hint.width + 2 <= cols {
            screen.draw(hint, row: 0, column: cols - hint.width, style: theme[.title])
        }
    }

    private func drawStatus(on screen: Screen, chrome: FrameChrome, snapshot: TimelineSnapshot, selected: Int?) {
        let row = screen.rows - 1, cols = screen.columns
        screen.fill(row: row, column: 0, width: cols, style: theme[.status])
        var right: [String] = []
        if snapshot.offline { right.append("offline") }
        if snapshot.pendingActions > 0 { right.append("\(snapshot.pendingActions) pending") }
        if chrome.newAbove > 0 { right.append("↑ \(chrome.newAbove) new") }
        if let retrying = snapshot.retrying { right.append("⟳ " + retrying) }
        if snapshot.loadingNewer { right.append("↻ refreshing") }
        if snapshot.loadingOlder { right.append("loading older") }
        // Positions count from the window's first post, which is only the newest when nothing is above it.
        if let s = selected, !snapshot.moreNewer {
            right.append("\(s + 1)/\(snapshot.posts.count)\(snapshot.reachedEnd ? "" : "+")")
        }
        let rightText = SafeText(right.joined(separator: " · ") + " ")
        let rightX = cols - rightText.width
        screen.draw(rightText, row: row, column: max(0, rightX), style: theme[.status])
        if let search = chrome.search {
            screen.draw(SafeText(" Search cached posts: " + search + "▏"), row: row, column: 0, style: theme[.status],
                        maxWidth: max(0, rightX - 1))
        } else if let message = chrome.message {
            screen.draw(SafeText(" " + message), row: row, column: 0,
                        style: chrome.messageIsError ? theme[.statusError] : theme[.status], maxWidth: max(0, rightX - 1))
        }
    }

    private func drawHelp(on screen: Screen) {
        drawBox(title: "Keys", lines: Keymap.helpLines.map { ($0, false) }, on: screen)
    }

    /// A centred box over the list; a selected line is drawn in the opposite shade.
    private func drawBox(title: String, lines: [(text: String, selected: Bool)], on screen: Screen) {
        let width = min(screen.columns - 2, (([title] + lines.map(\.text)).map { DisplayWidth.of($0) }.max() ?? 0) + 4)
        let top = max(1, (screen.rows - lines.count - 4) / 2)
        let left = max(0, (screen.columns - width) / 2)
        for r in 0..<(lines.count + 4) { screen.fill(row: top + r, column: left, width: width, style: theme[.title]) }
        screen.draw(SafeText(title), row: top + 1, column: left + 2, style: theme[.title], maxWidth: width - 3)
        var selected = theme[.title]
        selected.reverse.toggle()
        for (i, line) in lines.enumerated() {
            if line.selected { screen.fill(row: top + 2 + i, column: left + 1, width: width - 2, style: selected) }
            screen.draw(SafeText(line.text), row: top + 2 + i, column: left + 2, style: line.selected ? selected : theme[.title],
                        maxWidth: width - 3)
        }
    }

    private func drawGap(_ gap: Gap, top: Int, on screen: Screen, viewHeight: Int, selected: Bool) {
        let row = 1 + top
        guard row >= 1, row <= viewHeight else { return }
        if selected { screen.draw(SafeText("▌"), row: row, column: 0, style: theme[.gutter]) }
        let text = gap.loading ? "⋯ loading posts…" : "⋯ posts not loaded here — Enter loads them"
        screen.draw(SafeText(text), row: row, column: PostLayout.gutter, style: theme[.gap])
    }

    private func drawLarge(_ large: LargeImage, _ state: ImageState?, on screen: Screen) {
        let top = 1, height = screen.rows - 2
        for r in top..<(top + height) { screen.fill(row: r, column: 0, width: screen.columns, style: .plain) }
        switch state {
        case .ready(let grid), .placeholder(let grid):
            let x = max(0, (screen.columns - grid.width) / 2)
            screen.draw(grid, row: top + 1, column: x, visibleRows: top..<(top + height - 1))
        case .failed(let why):
            screen.draw(SafeText("image unavailable: \(why)"), row: top + height / 2, column: 2, style: theme[.placeholder])
        case nil:
            screen.draw(SafeText("loading…"), row: top + height / 2, column: 2, style: theme[.placeholder])
        }
        let caption = large.caption.isEmpty ? "(no description)  —  any key closes" : large.caption + "  —  any key closes"
        screen.draw(SafeText(DisplayWidth.truncate(Sanitizer.clean(caption), to: screen.columns - 4)), row: top + height - 1,
                    column: 2, style: theme[.placeholder])
    }

    private func drawPost(_ l: PostLayout, top: Int, on screen: Screen, viewHeight: Int, selected: Bool,
                          images: [ThumbnailRequest: ImageState]) {
        let listTop = 1
        let visibleRows = listTop..<(listTop + viewHeight)
        for (i, line) in l.lines.enumerated() {
            let row = listTop + top + i
            guard visibleRows.contains(row) else { continue }
            // The gutter marks the selected post on every line but the blank separator.
            if selected, i < l.lines.count - 1 { screen.draw(SafeText("▌"), row: row, column: 0, style: theme[.gutter]) }
            for seg in line { screen.draw(seg.text, row: row, column: seg.column, style: theme[seg.role]) }
        }
        for box in l.media {
            let row = listTop + top + box.line
            guard row + box.rows > listTop, row < listTop + viewHeight else { continue }
            let state = (box.request ?? box.blurKey).flatMap { images[$0] }
            switch state {
            case .ready(let grid), .placeholder(let grid):
                screen.draw(grid, row: row, column: box.column, visibleRows: visibleRows)
                if box.blurKey != nil { drawBoxText("sensitive", box: box, row: row, on: screen, visibleRows: visibleRows) }
            case .failed:
                drawBoxText("image unavailable", box: box, row: row, on: screen, visibleRows: visibleRows)
            case nil:
                let note = box.blurKey != nil || (box.request == nil && box.attachment.blurhash == nil && box.attachment.thumbnailURL != nil)
                    ? "sensitive" : box.request == nil ? "no preview" : "loading…"
                drawBoxText(note, box: box, row: row, on: screen, visibleRows: visibleRows)
            }
        }
    }

    private func drawBoxText(_ text: String, box: MediaBox, row: Int, on screen: Screen, visibleRows: Range<Int>) {
        let r = row + box.rows / 2
        guard visibleRows.contains(r) else { return }
        let t = SafeText(DisplayWidth.truncate(text, to: box.columns))
        screen.draw(t, row: r, column: box.column + max(0, (box.columns - t.width) / 2), style: theme[.placeholder])
    }
}
