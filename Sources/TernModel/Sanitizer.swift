/// The one gate between server text and the terminal. Escape sequences (CSI, OSC, DCS and the rest, 7- and
/// 8-bit), C0 and C1 controls and bidirectional overrides are removed; tabs and line breaks become spaces
/// (or stay, `keepingLineBreaks`).
/// What comes out is inert: printing it can only show characters.
///
/// It lives here, below every module that reads a server's text, because the HTML parser (libxml2) drops an
/// escape sequence's ESC and keeps the rest: HTML is cleaned of sequences before it is parsed
/// (`keepingLineBreaks`, as `<pre>` needs them), and the text that comes out is cleaned again where it is drawn.
package enum Sanitizer {
    package static func clean(_ raw: String, keepingLineBreaks: Bool = false) -> String {
        // Fast path: most text has nothing to remove.
        if !raw.unicodeScalars.contains(where: needsWork) { return raw }
        var out = String.UnicodeScalarView()
        var it = raw.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func nextScalar() -> Unicode.Scalar? {
            if let p = pending { pending = nil; return p }
            return it.next()
        }
        while let s = nextScalar() {
            switch s.value {
            case 0x1B:
                guard let n = nextScalar() else { break }
                switch n {
                case "[": skipCSI(&it)
                case "]", "P", "X", "^", "_": skipString(&it)
                default:
                    // ESC plus an intermediate/final byte; anything else is kept for its own check.
                    if !(0x20...0x7E).contains(n.value) { pending = n }
                }
            case 0x9B: skipCSI(&it)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F: skipString(&it)
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x2028, 0x2029:
                out.append(keepingLineBreaks && [0x09, 0x0A, 0x0D].contains(s.value) ? s : " ")
            default:
                if !isRemoved(s) { out.append(s) }
            }
        }
        return String(out)
    }

    private static func needsWork(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (0x7F...0x9F).contains(s.value) || isBidiControl(s) || s.value == 0x2028 || s.value == 0x2029
    }

    private static func isRemoved(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (0x7F...0x9F).contains(s.value) || isBidiControl(s)
    }

    /// Embeddings, overrides, isolates and marks that can reorder what the user sees.
    package static func isBidiControl(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// CSI: parameter and intermediate bytes up to a final byte (0x40–0x7E), which is consumed too.
    private static func skipCSI(_ it: inout String.UnicodeScalarView.Iterator) {
        while let s = it.next() {
            if (0x40...0x7E).contains(s.value) { return }
            if !(0x20...0x3F).contains(s.value) { return }
        }
    }

    /// OSC/DCS/SOS/PM/APC: everything up to BEL, ESC \ or ST.
    private static func skipString(_ it: inout String.UnicodeScalarView.Iterator) {
        while let s = it.next() {
            if s.value == 0x07 || s.value == 0x9C { return }
            if s.value == 0x1B { _ = it.next(); return }
        }
    }
}

