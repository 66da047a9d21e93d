import TernTerminal

/// The status line asking something: a line to type (search, a hashtag), a question with a typed answer
/// (a list's new name) or a yes/no one.
extension FrameRenderer {
    /// A line editor on the status line, over whatever was there.
    func drawPrompt(_ label: String, editor: LineEditor, on screen: Canvas) {
        let row = screen.rows - 1, cols = screen.columns
        screen.fill(row: row, column: 0, width: cols, style: theme[.status])
        let prefix = SafeText(" " + label)
        screen.draw(prefix, row: row, column: 0, style: theme[.status], maxWidth: cols)
        drawEditor(editor, row: row, column: prefix.width, width: max(2, cols - prefix.width - 1), style: theme[.status],
                   cursor: true, on: screen)
    }

    /// A one-line editor's text scrolled to its cursor in `width` columns, and with `cursor`, the character
    /// under the cursor drawn reversed (a space at the end of the line).
    func drawEditor(_ editor: LineEditor, row: Int, column: Int, width: Int, style: TextStyle, cursor: Bool, on screen: Canvas) {
        let (text, at) = editor.visible(width: width)
        screen.draw(SafeText(text), row: row, column: column, style: style, maxWidth: width)
        guard cursor else { return }
        var caret = style
        caret.reverse.toggle()
        var x = 0, under = " "
        for c in text {
            if x == at { under = String(c); break }
            x += DisplayWidth.of(String(c))
        }
        screen.draw(SafeText(under), row: row, column: column + at, style: caret)
    }

    /// A question on the status line, over whatever was there. With `answer`, the line being typed after it,
    /// its cursor where it is (a renamed list's title starts there, and the cursor may go back into it), and
    /// `hint` after that.
    func drawQuestion(_ text: String, answer: LineEditor? = nil, hint: String = "", on screen: Canvas) {
        let row = screen.rows - 1
        var style = theme[.statusError]
        style.bold = true
        screen.fill(row: row, column: 0, width: screen.columns, style: style)
        let question = SafeText(" " + text)
        screen.draw(question, row: row, column: 0, style: style, maxWidth: screen.columns)
        guard let answer else { return }
        let after = SafeText(" " + hint), column = question.width + 1
        let width = max(2, screen.columns - column - after.width)
        drawEditor(answer, row: row, column: column, width: width, style: style, cursor: true, on: screen)
        // After the cursor's cell at the text's end.
        screen.draw(after, row: row, column: column + DisplayWidth.of(answer.visible(width: width).text) + 1, style: style,
                    maxWidth: max(0, screen.columns - column))
    }
}
