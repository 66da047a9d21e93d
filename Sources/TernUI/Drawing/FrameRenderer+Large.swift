import Foundation
import TernFeed
import TernImages
import TernModel
import TernTerminal

/// The large view (`v`): a picture as large as its screen or pane allows, centred, with its caption and keys.
extension FrameRenderer {
    func drawLarge(_ large: LargeImage, _ state: ImageState?, frame: ShownFrame? = nil, note: String? = nil,
                   progress: (received: Int, total: Int?)? = nil, counter: String?, on screen: Canvas) {
        let top = 1, height = screen.rows - 2
        guard height > 2 else { return }
        for r in top..<(top + height) { screen.fill(row: r, column: 0, width: screen.columns, style: .plain) }
        // The picture covers the list: pictures drawn at the cursor under it are taken back.
        screen.coverPictures(rows: top..<(top + height), columns: 0..<screen.columns)
        // Centred in the rows between the title bar and the caption.
        let area = (top + 1)..<(top + height - 1)
        func origin(_ size: (columns: Int, rows: Int)) -> (row: Int, column: Int) {
            (area.lowerBound + max(0, (area.count - size.rows) / 2), max(0, (screen.columns - size.columns) / 2))
        }
        // A moving picture's frame goes over its still: each frame is a picture of its own to the screen.
        var key = large.request
        if let frame { key.url += "#frame\(frame.number)" }
        switch frame.map({ ImageState.ready($0.thumbnail) }) ?? state {
        case .ready(let t):
            let at = origin(Self.drawnSize(t))
            drawPicture(t, key: key, row: at.row, column: at.column, visibleRows: top..<(top + height - 1), opaque: frame != nil, on: screen)
        case .placeholder(let grid):
            let at = origin((grid.width, grid.height))
            screen.draw(grid, row: at.row, column: at.column, visibleRows: top..<(top + height - 1))
        case .failed(let why):
            screen.draw(SafeText("image unavailable: \(why)"), row: top + height / 2, column: 2, style: theme[.placeholder])
        case nil:
            screen.draw(SafeText("loading…"), row: top + height / 2, column: 2, style: theme[.placeholder])
        }
        // The original is large: say how far it has come, over the blurred preview or alone.
        if let p = progress, !(state.map { if case .ready = $0 { true } else { false } } ?? false) {
            let kb = { (n: Int) in n < 1 << 20 ? "\(n >> 10) KB" : String(format: "%.1f MB", Double(n) / Double(1 << 20)) }
            let text = p.total.map { "loading… \(min(100, p.received * 100 / max(1, $0)))% (\(kb(p.received)) of \(kb($0)))" }
                ?? "loading… \(kb(p.received))"
            let t = SafeText(text)
            screen.draw(t, row: top + height / 2, column: max(0, (screen.columns - t.width) / 2), style: theme[.status])
        }
        // The keys, whole, at the right of the caption's row, on every picture (cut off with the caption, the
        // first picture's `1/2 ←/→ flip` was lost); the caption beside them, ended at a word where it is long.
        let keys = SafeText((counter.map { "\($0)  ←/→ flip · " } ?? "") + (large.moving == nil ? "" : "p player · ") + "Esc closes")
        let captionRow = top + height - 1, room = screen.columns - 4 - keys.width - 2
        if keys.width <= screen.columns - 2 {
            screen.draw(keys, row: captionRow, column: screen.columns - 2 - keys.width, style: theme[.placeholder])
        }
        if room >= 8 {
            let caption = Sanitizer.clean(large.caption.isEmpty ? "(no description)" : large.caption)
            screen.draw(SafeText(Self.shortened(caption, width: room)), row: captionRow, column: 2, style: theme[.placeholder])
        }
        if large.moving != nil {
            // Where it can't move, the still says it would, and why not: in the free row above the picture.
            let how = note ?? (pictures.pixels ? nil : "moves where the terminal draws pixels")
            let text = SafeText(Self.shortened("▶ " + (how.map { $0 + "; " } ?? "") + "p plays it in the player", width: screen.columns - 4))
            screen.draw(text, row: top, column: max(2, (screen.columns - text.width) / 2), style: theme[.placeholder])
        }
    }

    /// The cells a picture takes as drawn: its pixels' where it has them (they may be fewer rows than its
    /// symbols', which are made for the whole box: centred by those, a picture in the right pane sat at the
    /// top with a dozen empty rows under it), else its symbols'.
    static func drawnSize(_ t: Thumbnail) -> (columns: Int, rows: Int) {
        switch t.pixels {
        case .kittyImage(_, let columns, let rows, _)?: return (columns, rows)
        case .kitty(let k)?: return (k.columns, k.rows)
        case .inline(let p)?: return (p.columns, p.rows)
        case nil: return (t.grid.width, t.grid.height)
        }
    }
}
