import TernTerminal

/// The one line editor behind every text input (search, hashtag, later compose): a cursor over
/// characters (grapheme clusters, so a wide or combined character is one step), the usual keys, and a
/// length cap that a long paste can't exceed.
struct LineEditor: Equatable {
    private(set) var characters: [Character] = []
    /// Insertion point: 0…characters.count.
    private(set) var cursor = 0
    let limit: Int

    init(_ text: String = "", limit: Int = 500) {
        self.limit = limit
        characters = Array(text.prefix(limit))
        cursor = characters.count
    }

    var text: String { String(characters) }

    enum Outcome: Equatable {
        case editing
        case submit(String)
        case cancel
    }

    mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .enter: return .submit(text)
        case .escape: return .cancel
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home, .character("\u{01}"): cursor = 0
        case .end, .character("\u{05}"): cursor = characters.count
        case .backspace:
            if cursor > 0 { characters.remove(at: cursor - 1); cursor -= 1 }
        case .character("\u{04}"), .other(330):
            // Ctrl-D and Delete (KEY_DC) delete under the cursor.
            if cursor < characters.count { characters.remove(at: cursor) }
        case .character("\u{15}"):
            // Ctrl-U: everything before the cursor.
            characters.removeFirst(cursor)
            cursor = 0
        case .character("\u{0B}"):
            // Ctrl-K: everything from the cursor.
            characters.removeLast(characters.count - cursor)
        case .character("\u{17}"):
            // Ctrl-W: the word before the cursor and the spaces after it.
            var start = cursor
            while start > 0, characters[start - 1].isWhitespace { start -= 1 }
            while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .character(let c):
            insert(c)
        default: break
        }
        return .editing
    }

    /// Typed or pasted text: control characters never enter the line (a pasted newline becomes a space).
    private mutating func insert(_ c: Character) {
        let shown: Character
        if c.isNewline || c == "\t" { shown = " " }
        else if c.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) { return }
        else { shown = c }
        guard characters.count < limit else { return }
        characters.insert(shown, at: cursor)
        cursor += 1
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
}
