import Foundation
import TernFeed
import TernImages
import TernModel
import TernTerminal

extension FrameRenderer {
    /// The grid screen: title, the cells in view (picture, then the author under it; the selected cell
    /// between two bars, its author reversed: a reversed label alone was hard to find), and a status line
    /// with the position and keys.
    func drawGrid(_ grid: GridLayer, env: LayerEnv, on screen: Canvas) {
        guard screen.rows >= 6, screen.columns >= 24 else {
            screen.draw(SafeText("Terminal too small"), row: 0, column: 0, style: theme[.warning])
            return
        }
        let snapshot = grid.snapshot
        let name: String
        switch grid.opening {
        case .timeline(let t): name = t.description
        case .profile(let a): name = "@" + a.acct
        case .thread: name = "Thread"
        case .notifications: name = "Notifications"
        case .inbox: name = "Inbox"
        }
        drawTitle(" tern · " + name + " · grid" + (env.sessionTitle.isEmpty ? "" : " · " + env.sessionTitle), on: screen, keymap: env.keymap,
                  keysElsewhere: !env.focused)
        let posts = GridLayer.posts(snapshot), g = GridLayer.Geometry(env)
        let listTop = 1, visibleRows = listTop..<(listTop + env.listHeight)
        let selected = grid.selectedID.flatMap { id in posts.firstIndex { $0.id == id } } ?? 0
        for (post, box) in grid.cells(posts, g, rows: grid.topRow..<(grid.topRow + g.rowsInView + 1)) {
            let row = listTop + box.line
            guard row < visibleRows.upperBound else { continue }
            let key = box.request ?? box.blurKey
            drawBox(box, key.flatMap { env.images[$0] }, key: key, row: row, visibleRows: visibleRows, on: screen)
            let captionRow = row + box.rows
            guard visibleRows.contains(captionRow) else { continue }
            let more = post.media.count > 1 ? " +\(post.media.count - 1)" : ""
            let caption = DisplayWidth.truncate(Sanitizer.clean("@" + post.account.acct), to: max(1, box.columns - more.count)) + more
            var style = theme[.acct]
            if posts.firstIndex(where: { $0.id == post.id }) == selected {
                style.reverse = true
                // Bars in the free columns either side of the cell, on each of its lines in view.
                for r in row..<(captionRow + 1) where visibleRows.contains(r) {
                    if box.column > 0 { screen.draw(SafeText("▐"), row: r, column: box.column - 1, style: theme[.gutter]) }
                    if box.column + box.columns < screen.columns {
                        screen.draw(SafeText("▌"), row: r, column: box.column + box.columns, style: theme[.gutter])
                    }
                }
            }
            screen.fill(row: captionRow, column: box.column, width: box.columns, style: style)
            screen.draw(SafeText(caption), row: captionRow, column: box.column, style: style, maxWidth: box.columns)
        }
        if posts.isEmpty {
            let note = snapshot?.loadingOlder == true || snapshot?.loadingNewer == true ? "Loading…" : "No pictures here yet."
            screen.draw(SafeText(note), row: 2, column: RowLayout.gutter, style: theme[.placeholder])
        }
        let row = screen.rows - 1
        screen.fill(row: row, column: 0, width: screen.columns, style: theme[.status])
        let position = posts.isEmpty ? "" : "\(selected + 1)/\(posts.count)\(snapshot?.reachedEnd == true ? "" : "+") "
        let keys = SafeText(" ←↓↑→ move  enter open  v view  m/esc list")
        screen.draw(keys, row: row, column: 0, style: theme[.status], maxWidth: screen.columns)
        let right = SafeText(position)
        if keys.width + right.width < screen.columns {
            screen.draw(right, row: row, column: screen.columns - right.width, style: theme[.status])
        }
        if let message = env.message {
            screen.fill(row: row, column: 0, width: screen.columns - right.width, style: theme[.status])
            drawStatusMessage(message, width: max(0, screen.columns - right.width - 1), on: screen)
        }
    }
}
