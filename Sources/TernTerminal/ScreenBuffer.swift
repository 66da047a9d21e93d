/// A frame as cells, row-major: what the layers draw into, and what `FrameWriter` compares with what
/// the terminal shows. Columns are counted as `DisplayWidth` counts them (wcwidth per scalar), so text
/// lands where the layouts measured it: a wide character takes its cell and a tail cell after it, a
/// zero-width scalar joins the cell before it, and control characters are never stored.
struct ScreenBuffer: Equatable {
    let rows: Int
    let columns: Int
    private(set) var cells: [ScreenCell]

    init(rows: Int, columns: Int, filling cell: ScreenCell = .blank) {
        self.rows = max(0, rows)
        self.columns = max(0, columns)
        cells = Array(repeating: cell, count: self.rows * self.columns)
    }

    subscript(row: Int, column: Int) -> ScreenCell {
        get { cells[row * columns + column] }
        set { cells[row * columns + column] = newValue }
    }

    /// A row's characters (a wide character once, its marks after it), for tests and benchmarks.
    func text(row: Int) -> String {
        var s = ""
        for c in 0..<columns {
            let cell = self[row, c]
            guard !cell.isWideTail, let base = Unicode.Scalar(cell.base) else { continue }
            s.unicodeScalars.append(base)
        }
        return s
    }

    /// Blanks every cell, keeping the storage.
    mutating func clear() {
        cells.withUnsafeMutableBufferPointer { $0.update(repeating: .blank) }
    }

    /// Sets a row's cells to `cell` (`.unknown`: the row is to be sent whole).
    mutating func setRow(_ row: Int, to cell: ScreenCell) {
        guard row >= 0, row < rows else { return }
        cells.withUnsafeMutableBufferPointer { $0[(row * columns)..<((row + 1) * columns)].update(repeating: cell) }
    }

    /// Moves the rows of `source` (which stay in the screen) by `shift` (negative: up), blanking the rows
    /// they leave inside `region`: what a terminal's scroll of that region does.
    mutating func scroll(_ region: ClosedRange<Int>, by shift: Int) {
        guard shift != 0 else { return }
        let order = shift < 0 ? Array(region) : region.reversed()
        for to in order {
            let from = to - shift
            if region.contains(from) {
                for c in 0..<columns { self[to, c] = self[from, c] }
            } else {
                setRow(to, to: .blank)
            }
        }
    }

    /// Writes printable ASCII text, most of a frame, a column a byte. Nil, with cells written that the
    /// caller writes again, when `text` has anything else.
    mutating func putASCII(_ text: String, row: Int, column: Int, limit: Int, look: CellLook) -> Int? {
        guard row >= 0, row < rows, column >= 0, limit > 0 else { return 0 }
        let end = min(columns, column + limit)
        var x = column
        for b in text.utf8 {
            guard b >= 0x20, b < 0x7F else { return nil }
            guard x < end else { break }
            place(ScreenCell(base: UInt32(b), look: look), wide: false, row: row, column: x)
            x += 1
        }
        return x - column
    }

    /// Writes `text` from (row, column) in `look`, in at most `limit` columns. Returns the columns used.
    @discardableResult
    mutating func put(_ text: String, row: Int, column: Int, limit: Int, look: CellLook) -> Int {
        if let n = putASCII(text, row: row, column: column, limit: limit, look: look) { return n }
        let end = min(columns, column + limit)
        var x = column
        var last: Int? = nil
        // Character by character, each in the form DisplayWidth measured (see its rules).
        outer: for c in text {
            if let (s, w) = DisplayWidth.simple(c) {
                guard x + w <= end else { break }
                place(ScreenCell(base: s.value, look: look), wide: w == 2, row: row, column: x)
                last = x
                x += w
                continue
            }
            for shown in DisplayWidth.cells(of: c) {
                if shown.width == 0 {
                    // A mark joins the cell written before it; one with nothing before it in this text is dropped.
                    if let l = last { _ = cells[row * columns + l].addMark(shown.base.value) }
                    continue
                }
                guard x + shown.width <= end else { break outer }
                var cell = ScreenCell(base: shown.base.value, look: look)
                for m in shown.marks { _ = cell.addMark(m.value) }
                place(cell, wide: shown.width == 2, row: row, column: x)
                last = x
                x += shown.width
            }
        }
        return x - column
    }

    /// Puts a block of `width` × `height` cells (a picture's symbols, kitty's placeholders) with its
    /// top-left at (row, column); rows outside `visibleRows` and cells off the screen are left out.
    /// `cell(x, y)` gives each cell's base, marks and look. One call for a whole block: a frame access per
    /// cell (the screen's exclusivity checks) showed in profiles.
    mutating func putBlock(width: Int, height: Int, row: Int, column: Int, visibleRows: Range<Int>,
                           cell: (_ x: Int, _ y: Int) -> (Unicode.Scalar, ArraySlice<Unicode.Scalar>, CellLook)) {
        for y in 0..<height {
            let r = row + y
            guard visibleRows.contains(r), r >= 0, r < rows else { continue }
            for x in 0..<width {
                let c = column + x
                guard c >= 0, c < columns else { continue }
                let (base, marks, look) = cell(x, y)
                put(base: base, marks: marks, row: r, column: c, look: look)
            }
        }
    }

    /// Puts one cell's scalars (a base and its marks) at (row, column); a wide base takes two columns,
    /// and is replaced by a space when only one is left.
    mutating func put(base: Unicode.Scalar, marks: some Sequence<Unicode.Scalar> = [], row: Int, column: Int, look: CellLook) {
        guard row >= 0, row < rows, column >= 0, column < columns else { return }
        let w = DisplayWidth.of(scalar: base)
        var cell = ScreenCell(base: w == 0 || DisplayWidth.isControl(base) ? 0x20 : base.value, look: look)
        for m in marks where !DisplayWidth.isControl(m) { _ = cell.addMark(m.value) }
        if w == 2, column + 1 >= columns { cell = ScreenCell(base: 0x20, look: look) }
        place(cell, wide: w == 2 && column + 1 < columns, row: row, column: column)
    }

    /// Stores a cell, keeping wide characters whole: one whose half is overwritten leaves a space.
    private mutating func place(_ cell: ScreenCell, wide: Bool, row: Int, column: Int) {
        let i = row * columns + column
        let rowEnd = (row + 1) * columns
        if cells[i].isWideTail, column > 0 { cells[i - 1].base = 0x20; cells[i - 1].marks = 0 }
        let covered = wide ? i + 1 : i
        // The cell after what this covers may be the tail of a wide character it cut.
        if covered + 1 < rowEnd, cells[covered + 1].isWideTail { cells[covered + 1].base = 0x20 }
        cells[i] = cell
        if wide { cells[i + 1] = ScreenCell(base: 0, look: cell.look) }
    }
}
