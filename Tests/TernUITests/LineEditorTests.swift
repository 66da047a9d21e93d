import TernTerminal
@testable import TernUI
import XCTest

final class LineEditorTests: XCTestCase {
    func type(_ text: String, _ e: inout LineEditor) { for c in text { _ = e.handle(.character(c)) } }

    func testCursorMovesAndEditsInTheMiddle() {
        var e = LineEditor()
        type("hello world", &e)
        for _ in 0..<6 { _ = e.handle(.left) }
        type(",", &e)
        XCTAssertEqual(e.text, "hello, world")
        _ = e.handle(.home)
        _ = e.handle(.character("\u{04}"))            // Ctrl-D deletes under the cursor
        XCTAssertEqual(e.text, "ello, world")
        _ = e.handle(.end)
        _ = e.handle(.backspace)
        XCTAssertEqual(e.text, "ello, worl")
        _ = e.handle(.character("\u{17}"))            // Ctrl-W: the word before the cursor
        XCTAssertEqual(e.text, "ello, ")
        _ = e.handle(.character("\u{01}"))            // Ctrl-A
        _ = e.handle(.right)
        _ = e.handle(.character("\u{0B}"))            // Ctrl-K: from the cursor to the end
        XCTAssertEqual(e.text, "e")
        _ = e.handle(.character("\u{05}"))            // Ctrl-E
        type("x", &e)
        _ = e.handle(.character("\u{15}"))            // Ctrl-U: all before the cursor
        XCTAssertEqual(e.text, "")
        XCTAssertEqual(e.handle(.enter), .submit(""))
        XCTAssertEqual(e.handle(.escape), .cancel)
    }

    func testWideAndCombinedCharactersAreOneStepAndScrollByWidth() {
        var e = LineEditor()
        type("日本語e\u{301}", &e)                       // é as e + combining accent: one character
        XCTAssertEqual(e.text.count, 4)
        _ = e.handle(.backspace)
        XCTAssertEqual(e.text, "日本語")
        type(String(repeating: "字", count: 20), &e)
        let shown = e.visible(width: 10)
        XCTAssertLessThanOrEqual(DisplayWidth.of(shown.text), 9)
        XCTAssertEqual(shown.cursorColumn, DisplayWidth.of(shown.text), "the cursor stays in view at the end")
    }

    func testPastesAreCappedAndControlCharactersNeverEnter() {
        var e = LineEditor(limit: 50)
        type(String(repeating: "a", count: 500), &e)
        XCTAssertEqual(e.text.count, 50)
        var f = LineEditor()
        type("one\ntwo\u{1B}[31m\u{07}", &f)
        XCTAssertEqual(f.text, "one two[31m")
    }
}

/// The compose box: the same editor over many lines.
final class MultilineEditorTests: XCTestCase {
    func testEnterStartsALineAndLinesWrapAtSpaces() {
        var e = LineEditor(multiline: true)
        for c in "one two three four" { _ = e.handle(.character(c), width: 9) }
        XCTAssertEqual(e.handle(.enter, width: 9), .editing)
        for c in "五六七八九十" { _ = e.handle(.character(c), width: 9) }
        XCTAssertEqual(e.text, "one two three four\n五六七八九十")
        let lines = e.wrapped(width: 9).map { String(e.characters[$0]) }
        XCTAssertEqual(lines, ["one two ", "three ", "four", "五六七八", "九十"])
        XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0.trimmingCharacters(in: .whitespaces)) <= 9 }, "\(lines)")
        XCTAssertEqual(e.cursorPosition(width: 9).line, 4)
        XCTAssertEqual(e.cursorPosition(width: 9).column, 4, "two wide characters")
    }

    func testUpAndDownKeepTheColumnAcrossWideCharacters() {
        var e = LineEditor("abcdef\n日本語です\nxy", multiline: true)
        _ = e.handle(.up, width: 20)              // from the end of "xy" (column 2) to 日本語です
        XCTAssertEqual(e.cursorPosition(width: 20).line, 1)
        XCTAssertEqual(e.cursorPosition(width: 20).column, 2, "after 日")
        _ = e.handle(.up, width: 20)
        XCTAssertEqual(e.cursorPosition(width: 20).line, 0)
        XCTAssertEqual(e.cursorPosition(width: 20).column, 2)
        _ = e.handle(.character("!"), width: 20)
        XCTAssertEqual(e.text, "ab!cdef\n日本語です\nxy")
        _ = e.handle(.up, width: 20)               // above the first line: to the start
        _ = e.handle(.character(">"), width: 20)
        XCTAssertEqual(e.text, ">ab!cdef\n日本語です\nxy")
        _ = e.handle(.down, width: 20)
        _ = e.handle(.end, width: 20)              // End is the line's end, not the text's
        _ = e.handle(.character("。"), width: 20)
        XCTAssertEqual(e.text, ">ab!cdef\n日本語です。\nxy")
        _ = e.handle(.character("\u{15}"), width: 20)   // Ctrl-U: that line only
        XCTAssertEqual(e.text, ">ab!cdef\n\nxy")
    }

    func testTextFromOutsideIsTakenInAsIfTyped() {
        // What `$EDITOR` gives back may hold anything; it enters as typing would.
        let e = LineEditor("line\u{1B}[2J one\r\nline\ttwo\u{07}", multiline: true)
        XCTAssertEqual(e.text, "line[2J one\nline two")
        XCTAssertEqual(e.cursor, e.characters.count)
        XCTAssertEqual(LineEditor("a\nb", limit: 2).text, "a ")
    }

    func testPastedLineBreaksStayAndControlsDoNot() {
        var e = LineEditor(multiline: true)
        for c in "a\r\nb\tc\u{1B}[31md" { _ = e.handle(.character(c)) }
        XCTAssertEqual(e.text, "a\nb c[31md")
        var single = LineEditor()
        for c in "a\nb" { _ = single.handle(.character(c)) }
        XCTAssertEqual(single.text, "a b")
    }

    func testALongWordBreaksInsideAndTheCursorFollows() {
        let e = LineEditor(String(repeating: "x", count: 25), multiline: true)
        XCTAssertEqual(e.wrapped(width: 10).map(\.count), [10, 10, 5])
        XCTAssertEqual(e.cursorPosition(width: 10).line, 2)
        XCTAssertEqual(e.cursorPosition(width: 10).column, 5)
    }
}
