import CNcursesw

/// Terminal column widths, as curses itself counts them (wcwidth per scalar), so what we lay out is where
/// curses puts it: CJK and emoji take two columns, combining marks none.
public enum DisplayWidth {
    public static func of(_ c: Character) -> Int {
        var w = 0
        for s in c.unicodeScalars { w += of(scalar: s) }
        return w
    }

    /// One scalar's columns: 0 (marks, joiners, controls below space), 1 or 2.
    static func of(scalar s: Unicode.Scalar) -> Int {
        if s.value < 0x300 { return s.value >= 0x20 ? 1 : 0 }
        _ = TerminalLocale.ready
        return max(0, Int(wcwidth(wchar_t(bitPattern: s.value))))
    }

    /// C0 and C1 controls and DEL: never sent to the terminal as text, whatever reached the screen.
    static func isControl(_ s: Unicode.Scalar) -> Bool { s.value < 0x20 || (0x7F...0x9F).contains(s.value) }

    public static func of(_ s: String) -> Int {
        if let n = printableASCIIWidth(s) { return n }
        var w = 0
        for c in s { w += of(c) }
        return w
    }

    /// The longest prefix of `s` that fits `columns`, with its width.
    public static func prefix(_ s: String, fitting columns: Int) -> (String, Int) {
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
    public static func truncate(_ s: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        if of(s) <= columns { return s }
        return prefix(s, fitting: columns - 1).0 + "…"
    }
}

/// The process locale must be a UTF-8 one before curses starts or wcwidth is asked anything.
public enum TerminalLocale {
    public static let ready: Bool = {
        setlocale(LC_ALL, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        if codeset.uppercased().replacingOccurrences(of: "-", with: "") != "UTF8" {
            if setlocale(LC_ALL, "C.UTF-8") == nil { setlocale(LC_CTYPE, "C.UTF-8") }
        }
        return true
    }()
}
