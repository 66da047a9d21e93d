import TernTerminal

/// A message on the status line is never cut in the middle of its sentence: its last words are often what
/// it means ("…; nothing cached yet, trying again" cut to "…trying" beside `offline` read "trying offline").
/// What does not fit beside the line's right part takes the row above too, wrapped at words; only what
/// does not fit in two rows is shortened, at a word, with "…".
extension FrameRenderer {
    /// The message's rows, top first, each at most `width` columns: one where it fits, else two.
    static func messageLines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        guard DisplayWidth.of(text) > width else { return [text] }
        let lines = TextWrap.wrap([(text, .text)], width: width).map { $0.map(\.text.string).joined() }
        if lines.count == 2, let split = twoRows(text, width: width) { return split }
        guard lines.count > 2 else { return lines }
        // Too long for two rows: the second ends at a word, marked as shortened.
        return [lines[0], shortened(lines[1...].joined(separator: " "), width: width)]
    }

    /// Two rows split where the sentence is (after `;` or `.`, else `:` or `,`: the latest such place that fits),
    /// else where the rows are most even: filling the first row left a few characters alone on the status
    /// line (` -x -` of the unknown-TERM notice, its sentence one row up, over the list). Nil: no space to
    /// split at that fits (wide text, one long word), for the wrap to do.
    static func twoRows(_ text: String, width: Int) -> [String]? {
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var best: (score: Int, lines: [String])?
        for cut in 1..<max(1, words.count) {
            let first = words[..<cut].joined(separator: " "), second = words[cut...].joined(separator: " ")
            let a = DisplayWidth.of(first), b = DisplayWidth.of(second)
            guard a <= width, b <= width, !first.isEmpty, !second.isEmpty else { continue }
            // A clause's end wins over evenness (`;` and `.` over `:` and `,`, which often lead into what
            // follows); among equals, the latest (the first row holds most of the sentence).
            let strength = first.last.map { ";.".contains($0) ? 2 : ":,".contains($0) ? 1 : 0 } ?? 0
            let score = strength > 0 ? strength * 1_000_000 + a : -abs(a - b)
            if best == nil || score > best!.score { best = (score, [first, second]) }
        }
        return best?.lines
    }

    /// `text` in one row of `width` columns: whole where it fits, else ended at a word with "…" (inside
    /// its first word only when that alone is too long).
    static func shortened(_ text: String, width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        var kept = ""
        for word in text.split(separator: " ") {
            let longer = kept.isEmpty ? String(word) : kept + " " + word
            if DisplayWidth.of(longer) + 1 > width { break }
            kept = longer
        }
        return kept.isEmpty ? DisplayWidth.truncate(text, to: width) : kept + "…"
    }

    /// Draws a message at the left of the status line in `width` columns, and where it needs a second
    /// row, over the row above (the list's last) in the status line's look.
    func drawStatusMessage(_ message: (text: String, isError: Bool), width: Int, on screen: Canvas) {
        let style = message.isError ? theme[.statusError] : theme[.status]
        let row = screen.rows - 1
        let lines = Self.messageLines(message.text, width: max(0, width - 1))
        for (i, line) in lines.enumerated() {
            let r = row - (lines.count - 1 - i)
            guard r >= 1 else { continue }
            if r < row { screen.fill(row: r, column: 0, width: screen.columns, style: style) }
            screen.draw(SafeText(" " + line), row: r, column: 0, style: style, maxWidth: width)
        }
    }
}
