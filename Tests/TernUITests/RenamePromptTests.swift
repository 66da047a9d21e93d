import Foundation
import TernModel
@testable import TernTerminal
@testable import TernUI
import XCTest

/// Renaming starts from the name as it is (issue 45): "Rename…" on a list's (or a filter's) settings
/// opened an empty line, so a typo fixed meant the whole title typed again. The line starts with the
/// current title, the cursor after it, and the usual keys edit it.
final class RenamePromptTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func env() -> LayerEnv { LayerEnv(rows: 24, columns: 80, now: now, renderer: FrameRenderer(theme: .builtIn)) }

    /// The settings menu, then its first item ("Rename…").
    private func renaming(_ menu: [Effect]) -> LayerStack {
        var stack = LayerStack(root: .home)
        _ = stack.apply(menu)
        _ = stack.apply(stack.key(.character("1"), env()))
        return stack
    }

    func testRenamingAListStartsFromItsTitleWithTheCursorAtItsEnd() throws {
        let list = ListInfo(id: "7", title: "Harbour folk")
        var stack = renaming(ListMenus.settings(list))
        let prompt = try XCTUnwrap(stack.top as? PromptLayer, "\(stack.layers)")
        XCTAssertEqual(prompt.editor.text, "Harbour folk")
        XCTAssertEqual(prompt.editor.cursor, "Harbour folk".count, "the cursor after the title")

        // Drawn on the status line with the cursor (a reversed cell) just after the title.
        let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (24, 80))
        defer { screen.close() }
        stack.render(env(), on: screen)
        let line = screen.frame.text(row: 23)
        let typed = try XCTUnwrap(line.range(of: "to: Harbour folk"), line)
        let end = line.distance(from: line.startIndex, to: typed.upperBound)
        func reversed(_ column: Int) -> Bool { screen.frame[23, column].look.attributes & CellLook.reverse != 0 }
        XCTAssertNotEqual(reversed(end), reversed(end - 1), "no cursor just after the title: \(line)")
        XCTAssertEqual(reversed(end - 1), reversed(end - 12), "the title is drawn as one: \(line)")
        XCTAssertTrue(line.contains("(Enter, Esc)"), line)

        // Editing, not retyping: a Backspace takes the last letter, a word goes on at the end.
        for key: Key in [.backspace, .backspace, .backspace, .backspace] { _ = stack.apply(stack.key(key, env())) }
        for c in "people" { _ = stack.apply(stack.key(.character(c), env())) }
        XCTAssertEqual(stack.apply(stack.key(.enter, env())), [.changeList(list, .title("Harbour people"))])
        XCTAssertTrue(stack.top is FeedLayer, "the prompt closed")
    }

    func testEnterAloneKeepsTheTitleAndEscChangesNothing() {
        let list = ListInfo(id: "7", title: "Harbour folk")
        var keeping = renaming(ListMenus.settings(list))
        XCTAssertEqual(keeping.apply(keeping.key(.enter, env())), [.changeList(list, .title("Harbour folk"))])
        var leaving = renaming(ListMenus.settings(list))
        XCTAssertEqual(leaving.apply(leaving.key(.escape, env())), [])
        XCTAssertTrue(leaving.top is FeedLayer, "Esc closed the prompt and changed nothing")
    }

    func testRenamingAFilterStartsFromItsTitle() throws {
        let f = FilterInfo(id: "f1", title: "Gardens", words: [FilterInfo.Word(id: "w1", word: "garden")],
                           contexts: Set(FilterInfo.Context.allCases), action: .warn)
        var stack = LayerStack(root: .home)
        _ = stack.apply(FilterMenus.all([f]))
        _ = stack.apply(stack.key(.character("1"), env()))   // the filter's settings
        _ = stack.apply(stack.key(.character("1"), env()))   // Rename…
        let prompt = try XCTUnwrap(stack.top as? PromptLayer, "\(stack.layers)")
        XCTAssertEqual(prompt.editor.text, "Gardens")
        XCTAssertEqual(prompt.editor.cursor, "Gardens".count)
        // A new list or filter still starts empty.
        var making = LayerStack(root: .home)
        _ = making.apply(FilterMenus.all([]))
        _ = making.apply(making.key(.character("1"), env()))
        XCTAssertEqual((making.top as? PromptLayer)?.editor.text, "")
    }
}
