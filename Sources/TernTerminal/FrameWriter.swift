#if canImport(Glibc)
import Glibc
#endif

/// Turns a frame into the bytes that change the terminal from what it shows to it: only the changed
/// cells, positioned absolutely, with the fewest colour changes between them, and a list that moved by a
/// few lines scrolled by the terminal itself rather than sent again. Pure: it knows what the terminal
/// shows only from what it wrote, and is tested by replaying its bytes.
///
/// It speaks the ECMA-48 subset every terminal Tern runs in knows (xterm and its kin, tmux, screen,
/// the Linux console): CUP, SGR, ED, DECSTBM, IND by line feed and RI. Curses kept the terminal set up
/// and reads the keys; it sent frames through terminfo and parameter strings, which cost three
/// quarters of a full frame.
struct FrameWriter {
    /// What the terminal shows; nil when unknown (at the start, after a resize or a repaint request).
    private(set) var shown: ScreenBuffer?
    /// Which attributes this terminal shows (terminfo says); the others are left out rather than guessed.
    var attributesShown: UInt32 = CellLook.bold | CellLook.dim | CellLook.italic | CellLook.underline | CellLook.reverse
    /// Pictures drawn as pixels (sixel, iTerm2) are on screen, over blank cells that do not change. Then
    /// only changed cells are written, blank line ends are written rather than erased (an erase would take
    /// pixels that are to stay) and nothing is scrolled (terminals differ in whether pixels scroll with
    /// the text).
    var picturesShown = false
    /// A whole repaint clears from the top-left down (ED 0) rather than the whole screen (ED 2): kitty 0.26
    /// frees every picture it holds on ED 2, placed or not (tried: after a resize every thumbnail and
    /// avatar stayed an empty box), and ED 0 clears the same cells and keeps them. Set where kitty's
    /// pictures are placed at their cells; sixel terminals keep ED 2, which takes their pixels too.
    var clearsBelowHome = false
    /// Runs of changed cells closer than this are joined: rewriting a few unchanged cells is shorter than
    /// moving the cursor.
    private var joinGap: Int { picturesShown ? 0 : 4 }

    /// The URLs of the cells' hyperlinks (`Screen.hyperlinks`).
    var links = LinkTable()

    private var out: [UInt8] = []
    private var cursor: (row: Int, column: Int)? = nil
    /// The colours and attributes last set; nil when not known.
    private var pen: CellLook? = nil
    /// The hyperlink open (0: none). Every write ends with none open.
    private var openLink: UInt32 = 0

    /// Forgets what the terminal shows: the next frame clears it and is sent whole.
    mutating func invalidate() { shown = nil }

    /// The bytes that turn what the terminal shows into `frame`. `repaint`: rows to send whole whatever
    /// they hold (pixels left over them). Afterwards the terminal is taken to show `frame`.
    mutating func write(_ frame: ScreenBuffer, repaint: [Range<Int>] = []) -> [UInt8] {
        out.removeAll(keepingCapacity: true)
        cursor = nil
        pen = nil
        openLink = 0
        var old: ScreenBuffer
        var cleared = false
        if let s = shown, s.rows == frame.rows, s.columns == frame.columns {
            old = s
        } else {
            cleared = true
            if clearsBelowHome { bytes("\u{1B}[0m\u{1B}[H\u{1B}[J") } else { bytes("\u{1B}[0m\u{1B}[H\u{1B}[2J") }
            pen = .plain
            old = ScreenBuffer(rows: frame.rows, columns: frame.columns)
        }
        // Rows pixels were taken from are erased whole (pictures on them are sent again: `InlinePictures`).
        for lines in repaint {
            for r in lines where r >= 0 && r < frame.rows {
                move(r, 0)
                setPen(.plain)
                bytes("\u{1B}[K")
                old.setRow(r, to: .blank)
            }
        }
        if !picturesShown, !cleared { scrollIfMoved(&old, to: frame) }
        for r in 0..<frame.rows { writeRow(r, frame, over: old) }
        if pen.map({ $0 != .plain }) ?? false { bytes("\u{1B}[0m") }
        if openLink != 0 { setLink(0) }
        shown = frame
        return out
    }

    // MARK: Rows

    private mutating func writeRow(_ r: Int, _ frame: ScreenBuffer, over old: ScreenBuffer) {
        let columns = frame.columns
        frame.cells.withUnsafeBufferPointer { new in
            old.cells.withUnsafeBufferPointer { was in
                let base = r * columns
                // Where the row's blank end starts: past it, an erase is shorter than spaces.
                var blankFrom = columns
                if !picturesShown { while blankFrom > 0, new[base + blankFrom - 1] == .blank { blankFrom -= 1 } }
                var x = 0
                while x < columns {
                    guard new[base + x] != was[base + x] else { x += 1; continue }
                    // A run starts on a whole character and goes on while cells differ or the gap is short.
                    var start = x
                    if new[base + start].isWideTail, start > 0 { start -= 1 }
                    var last = x, probe = x + 1
                    while probe < columns, probe - last <= joinGap + 1 {
                        if new[base + probe] != was[base + probe] { last = probe }
                        probe += 1
                    }
                    var end = last + 1
                    // A wide character's tail goes with it even when only the character changed.
                    if end < columns, new[base + end].isWideTail { end += 1 }
                    // A run into the row's blank end stops there, and the rest of the row is erased.
                    let erases = end - max(start, blankFrom) > 6
                    let stop = erases ? max(start, blankFrom) : end
                    move(r, start)
                    for c in start..<stop where !new[base + c].isWideTail { emit(new[base + c]) }
                    // Past the last column the terminal's cursor waits to wrap: place it again before writing.
                    cursor = stop >= columns ? nil : (r, stop)
                    if erases {
                        setPen(.plain)
                        bytes("\u{1B}[K")
                        return
                    }
                    x = end
                }
            }
        }
    }

    private mutating func move(_ row: Int, _ column: Int) {
        if let c = cursor, c.row == row, c.column == column { return }
        bytes("\u{1B}[")
        if row > 0 || column > 0 {
            number(row + 1)
            if column > 0 { out.append(0x3B); number(column + 1) }
        }
        out.append(0x48)
        cursor = (row, column)
    }

    private mutating func emit(_ cell: ScreenCell) {
        setPen(cell.look)
        cell.forEachScalar { utf8($0) }
    }

    // MARK: Scrolling

    /// When most of the rows that changed are rows the terminal already shows a few lines away, scrolls
    /// the band they are in, so only the lines that came into view are sent.
    private mutating func scrollIfMoved(_ old: inout ScreenBuffer, to frame: ScreenBuffer) {
        let rows = frame.rows, columns = frame.columns
        guard rows >= 4, columns > 0 else { return }
        let rowBytes = columns * MemoryLayout<ScreenCell>.stride
        // Rows compared as memory: `ScreenCell` is plain words with no padding.
        func rowsEqual(_ a: Int, _ b: Int) -> Bool {
            frame.cells.withUnsafeBytes { f in
                old.cells.withUnsafeBytes { o in memcmp(f.baseAddress! + a * rowBytes, o.baseAddress! + b * rowBytes, rowBytes) == 0 }
            }
        }
        let changed = (0..<rows).filter { !rowsEqual($0, $0) }
        guard changed.count >= 3 else { return }
        let blank = Self.hash(ScreenBuffer(rows: 1, columns: columns), row: 0)
        var wasAt: [UInt64: [Int]] = [:]
        for r in 0..<rows {
            let h = Self.hash(old, row: r)
            if h != blank { wasAt[h, default: []].append(r) }
        }
        var votes: [Int: Int] = [:]
        for r in changed {
            let h = Self.hash(frame, row: r)
            guard h != blank, let sources = wasAt[h], sources.count <= 4 else { continue }
            for s in sources where s != r { votes[s - r, default: 0] += 1 }
        }
        guard let (shift, count) = votes.max(by: { $0.value < $1.value || ($0.value == $1.value && abs($0.key) > abs($1.key)) }),
              count >= 3 else { return }
        // The longest band of rows that are the old rows `shift` away.
        var best = 0..<0, runStart: Int? = nil
        for r in 0...rows {
            let matches = r < rows && (0..<rows).contains(r + shift) && rowsEqual(r, r + shift)
            if matches { if runStart == nil { runStart = r } }
            else if let s = runStart {
                if r - s > best.count { best = s..<r }
                runStart = nil
            }
        }
        guard best.count >= 3 else { return }
        let top = min(best.lowerBound, best.lowerBound + shift), bottom = max(best.upperBound - 1, best.upperBound - 1 + shift)
        // New lines come in blank in the default colours.
        setPen(.plain)
        bytes("\u{1B}[")
        number(top + 1); out.append(0x3B); number(bottom + 1)
        out.append(0x72)
        cursor = nil
        if shift > 0 {
            move(bottom, 0)
            for _ in 0..<shift { out.append(0x0A) }
        } else {
            move(top, 0)
            for _ in 0..<(-shift) { bytes("\u{1B}M") }
        }
        bytes("\u{1B}[r")
        cursor = nil
        old.scroll(top...bottom, by: -shift)
    }

    /// A row's cells as raw memory (`ScreenCell` has no padding), FNV-1a over 64-bit words.
    private static func hash(_ b: ScreenBuffer, row: Int) -> UInt64 {
        b.cells[(row * b.columns)..<((row + 1) * b.columns)].withUnsafeBytes { raw in
            var h: UInt64 = 0xCBF2_9CE4_8422_2325
            let words = raw.count / 8
            for i in 0..<words {
                h = (h ^ raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)) &* 0x100_0000_01B3
            }
            return h
        }
    }

    // MARK: Pen

    private mutating func setPen(_ look: CellLook) {
        if look.link != openLink { setLink(look.link) }
        var look = look
        look.attributes &= attributesShown
        if let p = pen, p == look { return }
        bytes("\u{1B}[")
        var first = true
        func param(_ n: Int) {
            if !first { out.append(0x3B) }
            first = false
            number(n)
        }
        let was: CellLook
        if let p = pen, p.attributes & ~look.attributes == 0 {
            was = p
        } else {
            // An attribute can only be taken off by starting over.
            param(0)
            was = .plain
        }
        let added = look.attributes & ~was.attributes
        for (bit, code) in [(CellLook.bold, 1), (CellLook.dim, 2), (CellLook.italic, 3), (CellLook.underline, 4), (CellLook.reverse, 7)]
        where added & bit != 0 { param(code) }
        if look.foreground != was.foreground { color(look.foreground, base: 30, param) }
        if look.background != was.background { color(look.background, base: 40, param) }
        out.append(0x6D)
        pen = look
    }

    private func color(_ code: UInt32, base: Int, _ param: (Int) -> Void) {
        let value = Int(code & 0xFF_FFFF)
        switch code >> 24 {
        case 1 where value < 8: param(base + value)
        case 1 where value < 16: param(base + 60 + value - 8)
        case 1: param(base + 8); param(5); param(value)
        case 2: param(base + 8); param(2); param(value >> 16); param(value >> 8 & 0xFF); param(value & 0xFF)
        default: param(base + 9)
        }
    }

    /// Opens a hyperlink (OSC 8, with an id so a link cut over lines is one link), or closes it (0).
    private mutating func setLink(_ number: UInt32) {
        bytes("\u{1B}]8;")
        if let uri = links.uri(number) {
            bytes("id=t")
            self.number(Int(number))
            out.append(0x3B)
            out.append(contentsOf: uri)
        } else {
            out.append(0x3B)
        }
        bytes("\u{1B}\\")
        openLink = links.uri(number) == nil ? 0 : number
    }

    // MARK: Bytes

    private mutating func bytes(_ s: StaticString) {
        s.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    private mutating func number(_ n: Int) {
        if n >= 10 { number(n / 10) }
        out.append(0x30 + UInt8(n % 10))
    }

    private mutating func utf8(_ v: UInt32) {
        switch v {
        case ..<0x80: out.append(UInt8(v))
        case ..<0x800:
            out.append(0xC0 | UInt8(v >> 6)); out.append(0x80 | UInt8(v & 0x3F))
        case ..<0x10000:
            out.append(0xE0 | UInt8(v >> 12)); out.append(0x80 | UInt8(v >> 6 & 0x3F)); out.append(0x80 | UInt8(v & 0x3F))
        default:
            out.append(0xF0 | UInt8(v >> 18 & 0x07)); out.append(0x80 | UInt8(v >> 12 & 0x3F))
            out.append(0x80 | UInt8(v >> 6 & 0x3F)); out.append(0x80 | UInt8(v & 0x3F))
        }
    }
}
