import TernTerminal

/// The one text editor behind every input (search, hashtag, compose): a cursor over characters (grapheme
/// clusters, so a wide or combined character is one step), the usual keys, and a length cap that a long
/// paste can't exceed. `multiline` makes it the compose box: Enter and pasted line breaks start new lines,
/// ↑/↓ move between the lines as wrapped to the width, and Home/End and Ctrl-U/K act on the line.
struct LineEditor: Equatable {
    private(set) var characters: [Character] = []
    /// Insertion point: 0…characters.count.
    private(set) var cursor = 0
    let limit: Int
    let multiline: Bool

    /// Starts with `text` (from a draft, or back from `$EDITOR`), taken in as if typed: the same
    /// characters are dropped or changed.
    init(_ text: String = "", limit: Int = 500, multiline: Bool = false) {
        self.limit = limit
        self.multiline = multiline
        for c in text { insert(c) }
    }

    var text: String { String(characters) }

    enum Outcome: Equatable {
        case editing
        case submit(String)
        case cancel
    }

    /// `width`: the columns the text wraps to, for ↑/↓ in a multi-line editor.
    mutating func handle(_ key: Key, width: Int = 80) -> Outcome {
        switch key {
        case .enter:
            guard multiline else { return .submit(text) }
            insert("\n")
        case .escape: return .cancel
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .up where multiline: moveVertically(-1, width: width)
        case .down where multiline: moveVertically(1, width: width)
        case .home, .character("\u{01}"): cursor = lineStart
        case .end, .character("\u{05}"): cursor = lineEnd
        case .backspace:
            if cursor > 0 { characters.remove(at: cursor - 1); cursor -= 1 }
        case .character("\u{04}"), .other(330):
            // Ctrl-D and Delete (KEY_DC) delete under the cursor.
            if cursor < characters.count { characters.remove(at: cursor) }
        case .character("\u{15}"):
            // Ctrl-U: everything before the cursor on its line.
            let start = lineStart
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .character("\u{0B}"):
            // Ctrl-K: everything from the cursor to the end of its line.
            characters.removeSubrange(cursor..<lineEnd)
        case .character("\u{17}"):
            // Ctrl-W: the word before the cursor and the spaces after it.
            var start = cursor
            while start > 0, characters[start - 1].isWhitespace, !characters[start - 1].isNewline { start -= 1 }
            while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .character(let c):
            insert(c)
        case .paste(let text):
            for c in text { insert(c) }
        default: break
        }
        return .editing
    }

    /// The start of the cursor's line (the whole text in a one-line editor).
    private var lineStart: Int {
        guard multiline else { return 0 }
        var i = cursor
        while i > 0, !characters[i - 1].isNewline { i -= 1 }
        return i
    }

    private var lineEnd: Int {
        guard multiline else { return characters.count }
        var i = cursor
        while i < characters.count, !characters[i].isNewline { i += 1 }
        return i
    }

    /// Typed or pasted text: control characters never enter the text (a pasted line break becomes a
    /// space in a one-line editor, a tab a space everywhere).
    private mutating func insert(_ c: Character) {
        let shown: Character
        if c.isNewline { shown = multiline ? "\n" : " " }
        else if c == "\t" { shown = " " }
        else if c.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) { return }
        else { shown = c }
        guard characters.count < limit else { return }
        characters.insert(shown, at: cursor)
        cursor += 1
    }

    /// The word being typed: from the last space (or line start) before the cursor up to it.
    var wordBeforeCursor: String {
        let start = characters[..<cursor].lastIndex(where: { $0.isWhitespace }).map { $0 + 1 } ?? 0
        return String(characters[start..<cursor])
    }

    /// Replaces the word before the cursor (a completion taken), the cursor after what replaced it.
    mutating func replaceWordBeforeCursor(with text: String) {
        let start = cursor - wordBeforeCursor.count
        characters.removeSubrange(start..<cursor)
        cursor = start
        for c in text { insert(c) }
    }

    /// Replaces the whole text (from `$EDITOR`), the cursor at the end.
    mutating func replace(with text: String) {
        self = LineEditor(text, limit: limit, multiline: multiline)
    }

    /// What to draw in `width` columns: the text scrolled so the cursor shows, and the cursor's column.
    func visible(width: Int) -> (text: String, cursorColumn: Int) {
        guard width > 1 else { return ("", 0) }
        var start = 0
        func widthOf(_ r: Range<Int>) -> Int { DisplayWidth.of(String(characters[r])) }
        while widthOf(start..<cursor) > width - 1 { start += 1 }
        var end = cursor
        while end < characters.count, widthOf(start..<(end + 1)) <= width - 1 { end += 1 }
        return (String(characters[start..<end]), widthOf(start..<cursor))
    }

    // MARK: Many lines

    /// The text wrapped to `width` columns: each visual line's range of characters (line breaks left out).
    /// Lines break after a space where they can, else inside a word; a space may hang past the edge.
    func wrapped(width: Int) -> [Range<Int>] {
        let width = max(2, width)
        var lines: [Range<Int>] = []
        var paragraphStart = 0
        for end in characters.indices.filter({ characters[$0].isNewline }) + [characters.count] {
            var start = paragraphStart, column = 0, lastBreak: Int?
            var i = paragraphStart
            while i < end {
                let c = characters[i], w = DisplayWidth.of(String(c))
                if column + w > width, i > start {
                    if c == " " {
                        // The space hangs past the edge; the next line starts after it.
                        i += 1
                        lines.append(start..<i)
                        start = i
                        column = 0
                    } else {
                        let cut = lastBreak.flatMap { $0 > start ? $0 : nil } ?? i
                        lines.append(start..<cut)
                        start = cut
                        column = DisplayWidth.of(String(characters[start..<i]))
                    }
                    lastBreak = nil
                    continue
                }
                column += w
                if c == " " { lastBreak = i + 1 }
                i += 1
            }
            lines.append(start..<end)
            paragraphStart = end + 1
        }
        return lines
    }

    /// The cursor's visual line and column in `wrapped(width:)`.
    func cursorPosition(width: Int) -> (line: Int, column: Int) {
        let lines = wrapped(width: width)
        let line = lines.lastIndex { $0.lowerBound <= cursor } ?? 0
        let r = lines[line]
        return (line, DisplayWidth.of(String(characters[r.lowerBound..<min(cursor, r.upperBound)])))
    }

    private mutating func moveVertically(_ step: Int, width: Int) {
        let lines = wrapped(width: width)
        let (line, column) = cursorPosition(width: width)
        let target = line + step
        guard lines.indices.contains(target) else {
            cursor = step < 0 ? 0 : characters.count
            return
        }
        let r = lines[target]
        var i = r.lowerBound, used = 0
        while i < r.upperBound {
            let w = DisplayWidth.of(String(characters[i]))
            if used + w > column { break }
            used += w
            i += 1
        }
        cursor = i
    }
}
