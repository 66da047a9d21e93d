#if canImport(Glibc)
import Glibc
#endif
import TernModel

/// A rectangle of the screen that one drawing (a layer, a pane) is given: it draws there as if it were the
/// whole screen, with its own (0, 0) and size, and nothing it draws lands outside it. Text, fills, picture
/// cells and pictures placed at the cursor all go through it into the screen's frame; the screen itself
/// keeps no rectangle of its own (`Screen.canvas` is the whole of it).
package struct Canvas {
    let screen: Screen
    /// Where it sits on the terminal.
    let top: Int, left: Int
    /// Its size: where drawing is cut.
    package let rows: Int, columns: Int

    /// The rectangle at (`top`, `left`) of this one, `rows` by `columns`, cut to it.
    package func area(top: Int, left: Int, rows: Int, columns: Int) -> Canvas {
        let t = min(max(0, top), self.rows), l = min(max(0, left), self.columns)
        return Canvas(screen: screen, top: self.top + t, left: self.left + l,
                      rows: max(0, min(rows, self.rows - t)), columns: max(0, min(columns, self.columns - l)))
    }

    /// Rows of this rectangle, cut to it, in the frame's coordinates.
    func frameRows(_ local: Range<Int>) -> Range<Int> {
        let clipped = local.clamped(to: 0..<max(0, rows))
        return (clipped.lowerBound + top)..<(clipped.upperBound + top)
    }

    /// Draws text at a position, cut at the right edge. Returns the columns used. `link`:
    /// where the text points, made a hyperlink where `hyperlinks` is on.
    @discardableResult
    package func draw(_ text: SafeText, row: Int, column: Int, style: TextStyle = .plain, maxWidth: Int? = nil,
                     link: String? = nil) -> Int {
        guard row >= 0, row < rows, column >= 0, column < columns else { return 0 }
        let limit = min(maxWidth ?? Int.max, columns - column)
        guard limit > 0 else { return 0 }
        var look = screen.look(style)
        if screen.hyperlinks, let link { look.attributes |= screen.writer.links.number(for: link) << CellLook.linkShift }
        let (r, c) = (row + top, column + left)
        if let n = screen.frame.putASCII(text.string, row: r, column: c, limit: limit, look: look) { return n }
        // Cut between whole characters (an accent stays with its letter, a flag is not halved).
        let (shown, width) = DisplayWidth.prefix(text.string, fitting: limit)
        return screen.frame.put(shown, row: r, column: c, limit: width, look: look)
    }

    /// Fills `width` columns of a row with spaces in a style (for bars and highlights).
    package func fill(row: Int, column: Int, width: Int, style: TextStyle) {
        let from = max(0, column), to = min(columns, column + width)
        guard row >= 0, row < rows, from < to else { return }
        let look = screen.look(style)
        let r = row + top
        screen.frame.putBlock(width: to - from, height: 1, row: r, column: from + left, visibleRows: r..<(r + 1)) { _, _ in (" ", [], look) }
    }

    /// Draws a picture's cells with its top-left at (row, column); rows outside `visibleRows` are skipped.
    package func draw(_ grid: CellGrid, row: Int, column: Int, visibleRows: Range<Int>) {
        let space = grid.colorSpace
        func code(_ value: Int32) -> UInt32 { screen.code(TerminalColor(cell: value, in: space)) }
        let width = max(0, min(grid.width, columns - column))
        screen.frame.putBlock(width: width, height: grid.height, row: row + top, column: column + left,
                       visibleRows: frameRows(visibleRows)) { x, y in
            let cell = grid[x, y]
            let look = space == .none ? .plain : CellLook(foreground: code(cell.foreground), background: code(cell.background))
            return (cell.character, [], look)
        }
    }

    /// Places a sixel or iTerm2 picture with its top-left cell at (row, column). False when this frame's
    /// byte cap is reached: the caller draws the picture's symbols instead. `opaque`: it draws every pixel of
    /// its cells (a moving picture's frame), so it replaces one there without the lines being repainted.
    package func place(_ picture: InlinePicture, key: Int, row: Int, column: Int, opaque: Bool = false) -> Bool {
        guard row >= 0, column >= 0, row + picture.rows <= rows, column + picture.columns <= columns else { return false }
        return screen.pictures.place(.init(key: key, row: row + top, column: column + left, columns: picture.columns, rows: picture.rows,
                                    sequence: picture.sequence, opaque: opaque))
    }

    /// Places the kitty picture held under `id` (`height` pixels tall) with its top-left cell at (row, column),
    /// where the terminal draws no placeholder cells: the rows within `visibleRows`, so a picture cut by the
    /// list's edge shows its part. False when nothing of it fits the screen or the frame's byte cap: the
    /// caller draws its symbols.
    package func placeKitty(id: UInt32, columns: Int, rows pictureRows: Int, height: Int, row: Int, column: Int,
                           visibleRows: Range<Int>) -> Bool {
        let local = max(row, visibleRows.lowerBound, 0)..<min(row + pictureRows, visibleRows.upperBound, rows)
        guard !local.isEmpty, column >= 0, column + columns <= self.columns, pictureRows > 0 else { return false }
        let cut = local.lowerBound - row
        // From here, the frame's coordinates.
        let shown = (local.lowerBound + top)..<(local.upperBound + top), column = column + left
        // The rows' share of the picture's pixels.
        let crop = shown.count == pictureRows ? nil : (y: cut * height / pictureRows, height: shown.count * height / pictureRows)
        // One placement a cell per picture: the same avatar beside two posts is two placements.
        let placement = UInt32(shown.lowerBound * 4096 + column + 1)
        return screen.pictures.place(.init(key: Int(id) | cut << 32, row: shown.lowerBound, column: column, columns: columns, rows: shown.count,
                                    sequence: KittyGraphics.place(id: id, placement: placement, columns: columns, rows: shown.count, crop: crop),
                                    removal: KittyGraphics.unplace(id: id, placement: placement)))
    }

    /// An overlay drawn over this region: pictures placed under it are taken back.
    package func coverPictures(rows: Range<Int>, columns: Range<Int>) {
        screen.pictures.cover(rows: (rows.lowerBound + top)..<(rows.upperBound + top),
                       columns: (columns.lowerBound + left)..<(columns.upperBound + left))
    }

    /// Draws the placeholder cells of a kitty picture held by the terminal under `id`, top-left at (row,
    /// column); rows outside `visibleRows` are skipped, so a picture cut by the list's edge shows its part.
    package func drawKitty(id: UInt32, columns: Int, rows pictureRows: Int, row: Int, column: Int, visibleRows: Range<Int>) {
        let low = id & 0xFF, high = Int(id >> 24)
        let look = CellLook(foreground: screen.code(screen.colorMode == .direct ? .rgb(low) : .index(Int(low))))
        screen.frame.putBlock(width: columns, height: pictureRows, row: row + top, column: column + left,
                       visibleRows: frameRows(visibleRows)) { x, y in
            let cell = KittyGraphics.cell(row: y, column: x, idHighByte: high)
            return (cell[0], cell.dropFirst(), look)
        }
    }
}

extension Screen {
    /// The whole screen, as a rectangle to draw into.
    package var canvas: Canvas { Canvas(screen: self, top: 0, left: 0, rows: terminalRows, columns: terminalColumns) }
}
