#if canImport(Glibc)
import Glibc
#endif
import TernModel

/// Frames: text, fills and picture cells drawn into the frame, sent as the changes from what the terminal
/// shows; and styles turned into what this terminal's colours can show.
extension Screen {
    // MARK: Drawing

    /// Starts a frame: a blank screen, and no pictures placed yet.
    package func erase() {
        if writer.links.isFull {
            writer.links.removeAll()
            writer.invalidate()
        }
        let rows = terminalRows, columns = terminalColumns
        if frame.rows == rows, frame.columns == columns { frame.clear() } else { frame = ScreenBuffer(rows: rows, columns: columns) }
        pictures.begin()
    }

    /// Makes the next update repaint everything (after a resize, or to measure a full frame).
    package func invalidate() {
        writer.invalidate()
        pictures.forgetShown()
    }

    /// Sends the changes of this frame to the terminal in one write, then the pictures drawn at the cursor
    /// that are new or moved.
    package func update() {
        let redraw = pictures.linesToRepaint()
        writer.picturesShown = pictures.any
        let cells = writer.write(frame, repaint: redraw)
        // Where the terminal has it, a frame is drawn whole or not at all: no half-drawn frame over a slow link.
        let synchronized = synchronizedOutput && !cells.isEmpty
        if synchronized { emit(Self.beginFrame) }
        emit(cells)
        emitPictures(repainted: redraw)
        if synchronized { emit(Self.endFrame) }
    }

    private static let beginFrame = Array("\u{1B}[?2026h".utf8), endFrame = Array("\u{1B}[?2026l".utf8)

    /// Draws text at a position, cut at the right edge of the screen. Returns the columns used. `link`:
    /// where the text points, made a hyperlink where `hyperlinks` is on.
    @discardableResult
    package func draw(_ text: SafeText, row: Int, column: Int, style: TextStyle = .plain, maxWidth: Int? = nil,
                     link: String? = nil) -> Int {
        guard row >= 0, row < rows, column >= 0, column < columns else { return 0 }
        let limit = min(maxWidth ?? Int.max, columns - column)
        guard limit > 0 else { return 0 }
        var look = look(style)
        if hyperlinks, let link { look.attributes |= writer.links.number(for: link) << CellLook.linkShift }
        let (r, c) = (row + origin.row, column + origin.column)
        if let n = frame.putASCII(text.string, row: r, column: c, limit: limit, look: look) { return n }
        // Cut between whole characters (an accent stays with its letter, a flag is not halved).
        let (shown, width) = DisplayWidth.prefix(text.string, fitting: limit)
        return frame.put(shown, row: r, column: c, limit: width, look: look)
    }

    /// Fills `width` columns of a row with spaces in a style (for bars and highlights).
    package func fill(row: Int, column: Int, width: Int, style: TextStyle) {
        let from = max(0, column), to = min(columns, column + width)
        guard row >= 0, row < rows, from < to else { return }
        let look = look(style)
        let r = row + origin.row
        frame.putBlock(width: to - from, height: 1, row: r, column: from + origin.column, visibleRows: r..<(r + 1)) { _, _ in (" ", [], look) }
    }

    /// Draws a picture's cells with its top-left at (row, column); rows outside `visibleRows` are skipped.
    package func draw(_ grid: CellGrid, row: Int, column: Int, visibleRows: Range<Int>) {
        let space = grid.colorSpace, mode = colorMode
        func code(_ value: Int32) -> UInt32 { Self.code(TerminalColor(cell: value, in: space), mode) }
        let width = max(0, min(grid.width, columns - column))
        frame.putBlock(width: width, height: grid.height, row: row + origin.row, column: column + origin.column,
                       visibleRows: frameRows(visibleRows)) { x, y in
            let cell = grid[x, y]
            let look = space == .none ? .plain : CellLook(foreground: code(cell.foreground), background: code(cell.background))
            return (cell.character, [], look)
        }
    }

    // MARK: Colours

    /// A style as this terminal shows it: colours it cannot show mapped to ones it can.
    func look(_ s: TextStyle) -> CellLook {
        var a: UInt32 = 0
        if s.bold { a |= CellLook.bold }
        if s.dim { a |= CellLook.dim }
        if s.italic { a |= CellLook.italic }
        if s.underline { a |= CellLook.underline }
        // Without colours a coloured bar still stands out, reversed.
        if s.reverse || (colorMode == .monochrome && s.background != .default) { a |= CellLook.reverse }
        return CellLook(foreground: foreground(s), background: code(s.background), attributes: a)
    }

    /// A style's text colour, moved where it would be hard to read on the background it is drawn on.
    private func foreground(_ s: TextStyle) -> UInt32 {
        guard !s.reverse, s.foreground != .default,
              let on = s.background == .default ? background : ReadableColor.rgb(ofCode: code(s.background)) else { return code(s.foreground) }
        let key = ReadableKey(color: s.foreground, on: on)
        if let known = readable[key] { return known }
        let found = ReadableColor.code(s.foreground, on: on, mode: colorMode) { Self.code($0, $1) }
        readable[key] = found
        return found
    }

    /// A colour as a `CellLook` code for the current mode. Total: any value a theme, chafa or a caller
    /// hands in maps to something the terminal takes, never to a trap.
    func code(_ c: TerminalColor) -> UInt32 { Self.code(c, colorMode) }

    private static func code(_ c: TerminalColor, _ colorMode: ColorMode) -> UInt32 {
        switch (c.normalized, colorMode) {
        case (.default, _), (_, .monochrome): return 0
        case (.index(let i), .direct), (.index(let i), .indexed256): return CellLook.palette(i)
        case (.index(let i), .indexed16):
            return CellLook.palette(i < 16 ? i : TerminalColor.indexBasic(ofRGB: TerminalColor.rgb(ofIndex: i), count: 16))
        case (.index(let i), .indexed8):
            return CellLook.palette(i < 8 ? i : TerminalColor.indexBasic(ofRGB: TerminalColor.rgb(ofIndex: i), count: 8))
        case (.rgb(let v), .direct): return CellLook.rgb(v)
        case (.rgb(let v), .indexed256): return CellLook.palette(TerminalColor.index256(ofRGB: v))
        case (.rgb(let v), .indexed16): return CellLook.palette(TerminalColor.indexBasic(ofRGB: v, count: 16))
        case (.rgb(let v), .indexed8): return CellLook.palette(TerminalColor.indexBasic(ofRGB: v, count: 8))
        }
    }
}
