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
