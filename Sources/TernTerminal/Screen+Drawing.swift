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

    /// Draws on the whole screen (`canvas`): text, cut at the right edge; the columns used.
    @discardableResult
    package func draw(_ text: SafeText, row: Int, column: Int, style: TextStyle = .plain, maxWidth: Int? = nil,
                      link: String? = nil) -> Int {
        canvas.draw(text, row: row, column: column, style: style, maxWidth: maxWidth, link: link)
    }

    package func fill(row: Int, column: Int, width: Int, style: TextStyle) {
        canvas.fill(row: row, column: column, width: width, style: style)
    }

    package func draw(_ grid: CellGrid, row: Int, column: Int, visibleRows: Range<Int>) {
        canvas.draw(grid, row: row, column: column, visibleRows: visibleRows)
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
