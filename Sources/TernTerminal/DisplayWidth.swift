import CNcursesw

/// Terminal column widths. A character (a grapheme cluster) is drawn in a form every terminal agrees on
/// the width of, and measured as drawn (`cells(of:)`): terminals differ where the system's tables are
/// older than the text or where emoji sequences join, and a line that one counts wider than another runs
/// past its end and pushes the time off the right edge.
/// - Each scalar takes what the system's `wcwidth` says (CJK and emoji two columns, marks none), as curses,
///   tmux and most terminals here count it.
/// - A scalar the system does not know (Unicode 15's 🩷 and 🫎 in Debian 12's glibc, which tmux drops and
///   kitty draws two wide) is drawn as U+FFFD, padded to its width by current Unicode (Swift's own tables).
/// - An emoji ZWJ sequence (👩‍👩‍👧) is drawn as its first emoji: some terminals join it into one wide
///   glyph, others draw each part; variation selectors are left out for the same reason. A skin tone
///   stays, as a cell of its own (tmux and xterm draw 👋🏽 four columns wide; a terminal that joins it
///   draws two and is off by two). A flag (two regional indicators) takes two columns everywhere.
package enum DisplayWidth {
    /// One cell of a drawn character: its base, the zero-width marks on it, and its columns (0 only for a
    /// mark with no base in its character, which joins the cell before it).
    struct Cell {
        var base: Unicode.Scalar
        var marks: [Unicode.Scalar] = []
        var width: Int
    }

    package static func of(_ c: Character) -> Int {
        if let a = c.asciiValue { return a >= 0x20 && a < 0x7F ? 1 : 0 }
        if let (_, w) = simple(c) { return w }
        return cells(of: c).reduce(0) { $0 + $1.width }
    }

    /// Most characters are one scalar the system knows, drawn as it is: that scalar and its columns, without
    /// building cells. Nil for the rest.
    @inline(__always)
    static func simple(_ c: Character) -> (Unicode.Scalar, Int)? {
        let scalars = c.unicodeScalars
        guard let s = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex, !isControl(s) else { return nil }
        let w = systemWidth(s)
        return w > 0 ? (s, w) : nil
    }

    /// How a character is drawn, cell by cell (see the type's rules).
    static func cells(of c: Character) -> [Cell] {
        var out: [Cell] = []
        let scalars = c.unicodeScalars
        guard let base = scalars.first else { return out }
        if isRegionalIndicator(base), scalars.count >= 2, isRegionalIndicator(scalars[scalars.index(after: scalars.startIndex)]) {
            return [Cell(base: base, marks: [scalars[scalars.index(after: scalars.startIndex)]], width: 2)]
        }
        let emoji = base.value > 0xFF && base.properties.isEmoji
        for s in scalars {
            if emoji, s.value == 0x200D { break }
            if emoji, s.value == 0xFE0E || s.value == 0xFE0F || (0xE0020...0xE007F).contains(s.value) {
                continue
            }
            if isControl(s) {
                // Never sent as text: C1 and DEL show as a space, C0 not at all.
                if s.value >= 0x7F { out.append(Cell(base: " ", width: 1)) }
                continue
            }
            let w = systemWidth(s)
            if w == 0 {
                if out.isEmpty { out.append(Cell(base: s, width: 0)) } else { out[out.count - 1].marks.append(s) }
            } else if w > 0 {
                out.append(Cell(base: s, width: w))
            } else {
                out.append(Cell(base: "\u{FFFD}", width: 1))
                if s.properties.isEmojiPresentation || s.properties.isIdeographic { out.append(Cell(base: " ", width: 1)) }
            }
        }
        return out
    }

    /// One scalar's columns as the system's tables say: -1 for one they do not know.
    static func systemWidth(_ s: Unicode.Scalar) -> Int {
        if s.value < 0x300 { return s.value >= 0x20 ? 1 : 0 }
        _ = TerminalLocale.ready
        return Int(wcwidth(wchar_t(bitPattern: s.value)))
    }

    static func isRegionalIndicator(_ s: Unicode.Scalar) -> Bool { (0x1F1E6...0x1F1FF).contains(s.value) }

    /// One scalar's columns: 0 (marks, joiners, controls below space), 1 or 2; a scalar the system does not
    /// know counts as the replacement drawn for it.
    static func of(scalar s: Unicode.Scalar) -> Int {
        let w = systemWidth(s)
        if w >= 0 { return w }
        return isControl(s) ? 0 : s.properties.isEmojiPresentation || s.properties.isIdeographic ? 2 : 1
    }

    /// C0 and C1 controls and DEL: never sent to the terminal as text, whatever reached the screen.
    static func isControl(_ s: Unicode.Scalar) -> Bool { s.value < 0x20 || (0x7F...0x9F).contains(s.value) }

    package static func of(_ s: String) -> Int {
        if let n = printableASCIIWidth(s) { return n }
        var w = 0
        for c in s { w += of(c) }
        return w
    }

    /// The longest prefix of `s` that fits `columns`, with its width.
    package static func prefix(_ s: String, fitting columns: Int) -> (String, Int) {
        if let n = printableASCIIWidth(s) {
            return n <= columns ? (s, n) : (String(decoding: s.utf8.prefix(max(0, columns)), as: UTF8.self), max(0, columns))
        }
        var w = 0
        var end = s.startIndex
        for i in s.indices {
            let cw = of(s[i])
            if w + cw > columns { break }
            w += cw
            end = s.index(after: i)
        }
        return (String(s[..<end]), w)
    }

    /// Most text on screen is printable ASCII: a column a byte, no grapheme breaking or wcwidth needed
    /// (they were most of a frame's drawing time). Nil when `s` has anything else.
    private static func printableASCIIWidth(_ s: String) -> Int? {
        var n = 0
        for b in s.utf8 {
            guard b >= 0x20, b < 0x7F else { return nil }
            n += 1
        }
        return n
    }

    /// `s` cut to `columns`, ending in "…" when it was longer.
    package static func truncate(_ s: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        if of(s) <= columns { return s }
        return prefix(s, fitting: columns - 1).0 + "…"
    }
}

/// The process locale must be a UTF-8 one before curses starts or wcwidth is asked anything.
package enum TerminalLocale {
    package static let ready: Bool = {
        setlocale(LC_ALL, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        if codeset.uppercased().replacingOccurrences(of: "-", with: "") != "UTF8" {
            if setlocale(LC_ALL, "C.UTF-8") == nil { setlocale(LC_CTYPE, "C.UTF-8") }
        }
        return true
    }()
}
