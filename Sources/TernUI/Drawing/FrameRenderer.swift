import Foundation
import TernFeed
import TernImages
import TernModel
import TernTerminal

/// Lays out rows and draws lists, boxes and pictures. Layouts are memoized per row id and kept while
/// the row, width and reveal state don't change; everything else is a function of its arguments.
/// Shared by the layers, `StaticList` and `tern-bench`.
package final class FrameRenderer {
    package var theme: Theme
    /// How pictures are laid out in posts (size, avatars, off, low data); layouts are made again when it changes.
    var pictures = PictureLayout() { didSet { if pictures != oldValue { invalidateLayouts() } } }
    /// kitty pictures are placed at their cells rather than drawn as placeholder cells (kitty before 0.28, Konsole).
    var kittyDirect = false
    /// Layouts are cheap to redo; a byte budget keeps memory flat however far the user scrolls and
    /// however long the posts are.
    private var layouts = MemoryCache<LayoutKey, RowLayout>(budget: FrameRenderer.layoutBudget)
    /// By width too: two panes may show the same post at two widths in one frame.
    private struct LayoutKey: Hashable {
        var width: Int
        var id: String
    }
    static let layoutBudget = 256 << 10

    package init(theme: Theme) { self.theme = theme }

    func layout(_ row: FeedRow, width: Int, revealed: Bool, now frameNow: Date) -> RowLayout {
        // Every row laid out until the layouts are next forgotten says its age as of one moment, so two screens
        // showing a post laid out seconds apart say the same age ("now" on one, "1m" on the other, before).
        // A turning spinner is laid out anew at each draw (one line), by the frame's clock: cached, it would
        // stand still, and turning it by forgetting every layout ten times a second laid out the whole list again.
        if case .found(.progress(_, busy: true)) = row {
            return RowLayout(row: row, width: width, revealed: revealed, now: frameNow, pictures: pictures)
        }
        let now = layoutsMadeAt ?? frameNow
        layoutsMadeAt = now
        let key = LayoutKey(width: width, id: row.id)
        if let l = layouts.get(key), l.revealed == revealed, l.row == row { return l }
        let l = RowLayout(row: row, width: width, revealed: revealed, now: now, pictures: pictures)
        layouts.set(key, l, bytes: l.approximateBytes)
        return l
    }

    /// Forgets a closed list's row index.
    func forget(_ feed: FeedID) {
        indexCache[feed] = nil
        heights[feed] = nil
    }

    /// When the layouts held were made: the ages they say are as of then.
    private var layoutsMadeAt: Date?

    /// Forgets layouts (relative times age; a resize changes every width).
    func invalidateLayouts() {
        layouts = MemoryCache(budget: Self.layoutBudget)
        heights = [:]
        layoutsMadeAt = nil
    }

    /// Which rows a snapshot holds, for the caches below. The version alone is not enough: before a list's
    /// engine speaks, the list is an empty placeholder of version 0, the version the first frame's rows
    /// (from start-up's glance) had too; a key pressed in between once met the glance's ids over no rows.
    private struct RowsKey: Equatable {
        var version: Int, count: Int, first: String?, last: String?
        init(_ s: FeedSnapshot) { (version, count, first, last) = (s.version, s.rows.count, s.rows.first?.id, s.rows.last?.id) }
    }

    /// Row heights of a list as last measured, for one snapshot's rows, width and set of opened content
    /// warnings: the viewport asks for the same heights many times a frame, and a layout lookup (hashing
    /// the id, comparing the row) costs more than the answer.
    private final class Heights {
        let rows: RowsKey, width: Int, revealed: OpenedWarnings
        var values: [Int32]
        init(rows: RowsKey, width: Int, revealed: OpenedWarnings) {
            (self.rows, self.width, self.revealed) = (rows, width, revealed)
            values = Array(repeating: -1, count: rows.count)
        }
    }
    private var heights: [FeedID: Heights] = [:]

    /// A snapshot's row ids and their index, made once per snapshot rather than on every frame and key.
    private var indexCache: [FeedID: (rows: RowsKey, ids: [String], index: [String: Int])] = [:]

    func metrics(_ snapshot: FeedSnapshot, width: Int, viewHeight: Int, revealed: OpenedWarnings, now: Date) -> Viewport.Metrics {
        let key = RowsKey(snapshot)
        let ids: [String], index: [String: Int]
        if let c = indexCache[snapshot.feed], c.rows == key { (ids, index) = (c.ids, c.index) }
        else {
            ids = snapshot.rows.map(\.id)
            var made: [String: Int] = [:]
            for (i, id) in ids.enumerated() { made[id] = i }
            index = made
            indexCache[snapshot.feed] = (key, ids, made)
        }
        let rows = snapshot.rows
        let memo: Heights
        if let h = heights[snapshot.feed], h.rows == key, h.width == width, h.revealed == revealed {
            memo = h
        } else {
            memo = Heights(rows: key, width: width, revealed: revealed)
            heights[snapshot.feed] = memo
        }
        var m = Viewport.Metrics(ids: ids, index: index, viewHeight: viewHeight) { [unowned self] i in
            let known = memo.values[i]
            if known >= 0 { return Int(known) }
            let h = self.layout(rows[i], width: width, revealed: revealed.isOpen(rows[i]), now: now).height
            memo.values[i] = Int32(h)
            return h
        }
        // "Read up to here" is a mark between posts, not an item: never selected, as a search's headings.
        m.isLabel = { rows[$0].isLabel || rows[$0].id == FeedSnapshot.readMarkID }
        return m
    }

    // MARK: Lists

    /// Draws a whole list screen into a frame the caller erased (and sends with `screen.update()`).
    func drawList(_ snapshot: FeedSnapshot, viewport: Viewport, revealed: OpenedWarnings, title: String, newAbove: Int,
                  env: LayerEnv, on screen: Canvas) {
        let rows = screen.rows, cols = screen.columns
        guard rows >= 4, cols >= 24 else {
            screen.draw(SafeText("Terminal too small"), row: 0, column: 0, style: theme[.warning])
            return
        }
        let webFeeds = if case .timeline(let t) = snapshot.feed { t.isWebFeeds } else { false }
        drawTitle(" tern · " + title + (env.sessionTitle.isEmpty ? "" : " · " + env.sessionTitle), on: screen, keymap: env.keymap, backTo: env.wayBack,
                  goesBack: env.escGoesBack, likes: !webFeeds, keysElsewhere: !env.focused)
        let viewHeight = env.listHeight
        let m = metrics(snapshot, width: cols, viewHeight: viewHeight, revealed: revealed, now: env.now)
        let selected = viewport.selectedIndex(m)
        var bottom = 0
        for p in viewport.visible(m) {
            let row = snapshot.rows[p.index]
            let l = layout(row, width: cols, revealed: revealed.isOpen(row), now: env.now)
            drawRow(l, top: p.top, on: screen, viewHeight: viewHeight, selected: p.index == selected, hasKeys: env.focused, images: env.images)
            bottom = p.top + l.height
        }
        if bottom < viewHeight {
            let note: String?
            if snapshot.rows.isEmpty, snapshot.loadingNewer || snapshot.opening { note = "Loading…" }
            // Search reads the cache: r would fetch nothing for it.
            else if snapshot.rows.isEmpty, case .timeline(.search(let q)) = snapshot.feed {
                note = "No cached post matches “\(Sanitizer.clean(q))”. Esc goes back, / searches again."
            }
            else if snapshot.rows.isEmpty { note = "Nothing here yet. Press r to refresh." }
            else if snapshot.loadingOlder { note = "Loading older…" }
            else if snapshot.reachedEnd, case .timeline = snapshot.feed { note = "— end of the timeline —" }
            else { note = nil }
            if let note { screen.draw(SafeText(note), row: 1 + max(0, bottom), column: RowLayout.gutter, style: theme[.placeholder]) }
        }
        drawStatus(snapshot, selected: selected, readMark: m.index[FeedSnapshot.readMarkID], newAbove: newAbove, env: env, on: screen)
    }

    /// `backTo`: where Esc goes, when that is not plain "back" (a timeline chosen with `t`: the one before);
    /// `goesBack` false: Esc goes nowhere here (Home at the bottom), and no hint offers it. `likes` false: what
    /// is shown can't be liked (a web feed's item), and no hint offers it. `keysElsewhere`: the other pane has
    /// the keys, and the hints say how to bring them here instead (which pane has them was told by colour and
    /// the gutter's mark alone, lost on a terminal without colours).
    func drawTitle(_ text: String, on screen: Canvas, keymap: Keymap, backTo: String? = nil, goesBack: Bool = true, likes: Bool = true,
                   keysElsewhere: Bool = false) {
        let cols = screen.columns
        screen.fill(row: 0, column: 0, width: cols, style: theme[.title])
        let left = SafeText(text)
        let tab = keymap.keys(for: .focusPane).first.map(KeyName.name(of:))
        let hint = keysElsewhere ? SafeText("keys in the other pane" + (tab.map { " · \($0) brings them here " } ?? " "))
            : hints(keymap, backTo: backTo, goesBack: goesBack, likes: likes, beside: left.width, columns: cols)
        screen.draw(left, row: 0, column: 0, style: theme[.title], maxWidth: max(0, cols - hint.width - 1))
        screen.draw(hint, row: 0, column: max(0, cols - hint.width), style: theme[.title])
    }

    /// The hints in the order they are needed: the help (where every other key is) is always shown, the
    /// title giving way to it; then the way back, quitting, opening and liking, as many as fit beside the
    /// title. At 80 columns all or nothing left no `? help` at all.
    private static let hintsByNeed: [UIAction] = [.help, .back, .quit, .open, .like]

    /// The title bar's key hints that fit beside a title `titleWidth` wide, in their reading order.
    private func hints(_ keymap: Keymap, backTo: String?, goesBack: Bool, likes: Bool, beside titleWidth: Int, columns: Int) -> SafeText {
        let all = hints(keymap).filter { (goesBack || $0.action != .back) && (likes || $0.action != .like) }.map { h in
            guard let backTo, h.action == .back else { return h }
            return (action: h.action, text: h.text + " to " + backTo)
        }
        var chosen: Set<UIAction> = []
        var text = SafeText("")
        for action in Self.hintsByNeed where all.contains(where: { $0.action == action }) {
            let more = chosen.union([action])
            let candidate = SafeText(all.filter { more.contains($0.action) }.map(\.text).joined(separator: "  ") + " ")
            guard chosen.isEmpty || titleWidth + candidate.width + 2 <= columns else { break }
            (chosen, text) = (more, candidate)
        }
        return text.width < columns ? text : SafeText("")
    }

    /// The title bar's key hints, in reading order, made once per keymap rather than every frame.
    private func hints(_ keymap: Keymap) -> [(action: UIAction, text: String)] {
        if let h = hintCache, h.keymap == keymap { return h.hints }
        let hints: [(UIAction, String)] = [(.open, "open"), (.back, "back"), (.like, "like"), (.help, "help"), (.quit, "quit")]
        // Enter and Esc say "open" and "back" better than their letter twins.
        func preferred(_ keys: [Key]) -> Key? { keys.first { $0 == .enter || $0 == .escape } ?? keys.first }
        let made = hints.compactMap { a, word in preferred(keymap.keys(for: a)).map { (action: a, text: KeyName.name(of: $0) + " " + word) } }
        hintCache = (keymap, made)
        return made
    }
    private var hintCache: (keymap: Keymap, hints: [(action: UIAction, text: String)])?

    /// `readMark`: the row of "read up to here", if the list has it.
    private func drawStatus(_ snapshot: FeedSnapshot, selected: Int?, readMark mark: Int?, newAbove: Int, env: LayerEnv, on screen: Canvas) {
        let row = screen.rows - 1, cols = screen.columns
        screen.fill(row: row, column: 0, width: cols, style: theme[.status])
        var right: [String] = []
        // The session's one state, never the list's own: Home and an open thread once disagreed. Web feeds are no
        // server's lists: theirs is their own.
        let webFeeds = if case .timeline(let t) = snapshot.feed { t.isWebFeeds } else { false }
        if webFeeds ? snapshot.offline : env.offline { right.append("offline") } else if let live = env.liveState { right.append(live) }
        let pending = snapshot.pendingActions + env.queuedPosts
        if pending > 0 { right.append("\(pending) pending") }
        if let unread = env.unread, unread > 0 { right.append("✉ \(unread)") }
        if newAbove > 0 { right.append("↑ \(newAbove) new") }
        if let retrying = snapshot.retrying { right.append("⟳ " + retrying) }
        if snapshot.loadingNewer { right.append("↻ refreshing") }
        if snapshot.loadingOlder { right.append("loading older") }
        // The window holds part of a long list: its position in the whole, once the rows beyond it are counted.
        if let s = selected, let above = snapshot.rowsAbove, let below = snapshot.rowsBelow {
            let final = snapshot.reachedEnd || snapshot.endStored
            // "Read up to here" and a search's headings are rows, but not the list's items: they are not counted.
            func counted(_ i: Int) -> Bool { i != mark && !snapshot.rows[i].isLabel }
            let at = (0..<s).filter(counted).count, count = snapshot.rows.indices.filter(counted).count
            right.append("\(above + at + 1)/\(above + count + below)\(final ? "" : "+")")
        }
        let rightText = SafeText(right.joined(separator: " · ") + " ")
        let rightX = cols - rightText.width
        screen.draw(rightText, row: row, column: max(0, rightX), style: theme[.status])
        if let message = env.message { drawStatusMessage(message, width: max(0, rightX - 1), on: screen) }
    }

    /// A centred box over the list; a selected line is drawn in the opposite shade.
    /// `contentWidth`: at least this wide inside, so a box whose pages differ (the help) stays put.
    func drawBox(title: String, lines: [(text: String, selected: Bool)], contentWidth: Int = 0, on screen: Canvas) {
        let widest = max(contentWidth, ([title] + lines.map(\.text)).map { DisplayWidth.of($0) }.max() ?? 0)
        let width = max(0, min(screen.columns - 2, widest + 4))
        let top = max(1, (screen.rows - lines.count - 4) / 2)
        let left = max(0, (screen.columns - width) / 2)
        // The box's rows are its own across the width: beside it, the ends of the rows below showed as
        // fragments (a post's time: a stray "d" or "m" at the edge).
        screen.coverPictures(rows: top..<(top + lines.count + 4), columns: 0..<screen.columns)
        for r in 0..<(lines.count + 4) where top + r < screen.rows {
            screen.fill(row: top + r, column: 0, width: screen.columns, style: .plain)
            screen.fill(row: top + r, column: left, width: width, style: theme[.title])
        }
        screen.draw(SafeText(title), row: top + 1, column: left + 2, style: theme[.title], maxWidth: width - 3)
        // The selected line is the one highlighted: in the selection's colour, bold, marked. The box's own
        // shade turned the other way read as the only line not highlighted.
        var selected = theme[.gutter]
        selected.reverse = true
        selected.bold = true
        for (i, line) in lines.enumerated() where top + 2 + i < screen.rows {
            guard line.selected else {
                screen.draw(SafeText(line.text), row: top + 2 + i, column: left + 2, style: theme[.title], maxWidth: width - 3)
                continue
            }
            screen.fill(row: top + 2 + i, column: left + 1, width: width - 2, style: selected)
            screen.draw(SafeText("▸"), row: top + 2 + i, column: left + 1, style: selected)
            screen.draw(SafeText(line.text), row: top + 2 + i, column: left + 2, style: selected, maxWidth: width - 3)
        }
    }

    // MARK: Rows

    /// `hasKeys`: the pane has the keys; the other pane's selection is marked thinly, so it is clear which moves.
    private func drawRow(_ l: RowLayout, top: Int, on screen: Canvas, viewHeight: Int, selected: Bool, hasKeys: Bool = true,
                         images: [ThumbnailRequest: ImageState]) {
        let listTop = 1
        let visibleRows = listTop..<(listTop + viewHeight)
        var focused = false
        if case .post(_, _, true) = l.row { focused = true }
        for (i, line) in l.lines.enumerated() {
            let row = listTop + top + i
            guard visibleRows.contains(row) else { continue }
            // The gutter marks the selected row on every line but the blank separator; a thread's post has its own mark.
            if i < l.lines.count - 1 {
                if selected { screen.draw(SafeText(hasKeys ? "▌" : "▏"), row: row, column: 0, style: theme[hasKeys ? .gutter : .placeholder]) }
                else if focused { screen.draw(SafeText("┃"), row: row, column: 0, style: theme[.focus]) }
            }
            for seg in line { screen.draw(seg.text, row: row, column: seg.column, style: theme[seg.role], link: seg.link) }
        }
        for box in l.media {
            let row = listTop + top + box.line
            guard row + box.rows > listTop, row < listTop + viewHeight else { continue }
            var key = box.request ?? box.blurKey
            // Low data: a picture not fetched yet shows its blurhash until its post is selected.
            let waiting = pictures.lowData && !selected && box.request.map { images[$0] == nil } == true
            if waiting { key = RowLayout.blurKey(box.attachment, columns: box.columns, rows: box.rows) }
            let state = key.flatMap { images[$0] }
            // An avatar is one row: drawn when it is there, silent while loading or when it fails.
            if box.rows == 1 {
                if case .ready(let t)? = state, let key {
                    drawPicture(t, key: key, row: row, column: box.column, visibleRows: visibleRows, on: screen)
                }
                continue
            }
            drawBox(box, state, key: key, row: row, visibleRows: visibleRows, waiting: waiting, on: screen)
        }
    }

    /// A picture's box: the picture (or its blurhash) with "sensitive" over a blurred one, or a word for
    /// why it isn't there (`waiting`: low data, until its post is selected).
    func drawBox(_ box: MediaBox, _ state: ImageState?, key: ThumbnailRequest?, row: Int, visibleRows: Range<Int>, waiting: Bool = false,
                 on screen: Canvas) {
        switch state {
        case .ready(let t):
            if let key { drawPicture(t, key: key, row: row, column: box.column, visibleRows: visibleRows, on: screen) }
            if box.blurKey != nil { drawBoxText("sensitive", box: box, row: row, on: screen, visibleRows: visibleRows) }
        case .placeholder(let grid):
            screen.draw(grid, row: row, column: box.column, visibleRows: visibleRows)
            if box.blurKey != nil { drawBoxText("sensitive", box: box, row: row, on: screen, visibleRows: visibleRows) }
        case .failed:
            drawBoxText(box.isEmoji ? "··" : box.isAvatar ? "no avatar" : "image unavailable", box: box, row: row, on: screen, visibleRows: visibleRows)
        case nil where box.isEmoji:
            break   // two blank columns until it comes: "loading…" cut to "lo" would read as a word
        case nil where waiting:
            drawBoxText("select to load", box: box, row: row, on: screen, visibleRows: visibleRows)
        case nil:
            let note = box.blurKey != nil || (box.request == nil && box.attachment.blurhash == nil && box.attachment.thumbnailURL != nil)
                ? "sensitive" : box.request == nil ? "no preview" : "loading…"
            drawBoxText(note, box: box, row: row, on: screen, visibleRows: visibleRows)
        }
    }

    /// A thumbnail in the best form it came in: kitty's placeholder cells or its visible rows placed directly;
    /// a sixel picture or the bands of it in view, an iTerm2 picture wholly in view, where the frame's byte
    /// cap allows; else its symbols.
    func drawPicture(_ t: Thumbnail, key: ThumbnailRequest, row: Int, column: Int, visibleRows: Range<Int>, opaque: Bool = false,
                     on screen: Canvas) {
        switch t.pixels {
        case .kittyImage(let id, let columns, let rows, _)? where !kittyDirect:
            screen.drawKitty(id: id, columns: columns, rows: rows, row: row, column: column, visibleRows: visibleRows)
            return
        case .kittyImage(let id, let columns, let rows, let height)?:
            if screen.placeKitty(id: id, columns: columns, rows: rows, height: height, row: row, column: column, visibleRows: visibleRows) {
                return
            }
        case .inline(let picture)?:
            // Cut by the list's edge, a sixel is cut at its bands to the rows in view.
            let shown = (visibleRows.lowerBound - row)..<(visibleRows.upperBound - row)
            if shown.contains(0), shown.contains(picture.rows - 1) {
                if screen.place(picture, key: key.hashValue, row: row, column: column, opaque: opaque) { return }
            } else if let part = picture.sixelRows(shown), let top = shown.clamped(to: 0..<picture.rows).first,
                      screen.place(part, key: Self.partKey(key, top: top, rows: part.rows), row: row + top, column: column, opaque: opaque) {
                return
            }
        case .kitty?, nil:
            break
        }
        screen.draw(t.grid, row: row, column: column, visibleRows: visibleRows)
    }

    /// A part of a picture is a picture of its own to the screen: another part of it is sent anew.
    static func partKey(_ key: ThumbnailRequest, top: Int, rows: Int) -> Int {
        var h = Hasher()
        h.combine(key)
        h.combine(top)
        h.combine(rows)
        return h.finalize()
    }

    func drawBoxText(_ text: String, box: MediaBox, row: Int, on screen: Canvas, visibleRows: Range<Int>) {
        let r = row + box.rows / 2
        guard visibleRows.contains(r) else { return }
        // On a band as wide as the box: over a blurred preview, the word ran into its half blocks
        // ("sensitive▀"), which read as a stray character.
        let t = SafeText(DisplayWidth.truncate(text, to: box.columns))
        let left = max(0, (box.columns - t.width) / 2)
        let band = String(repeating: " ", count: left) + t.string + String(repeating: " ", count: max(0, box.columns - t.width - left))
        screen.draw(SafeText(band), row: r, column: box.column, style: theme[.placeholder])
    }
}
