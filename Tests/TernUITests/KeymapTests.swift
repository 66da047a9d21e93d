import Foundation
@testable import TernTerminal
@testable import TernUI
import XCTest

final class KeymapTests: XCTestCase {
    func testRemappingMovesAnActionAndTheHelpFollows() throws {
        let map = try Keymap.standard.remapped([(action: "like", keys: ["L"], line: 3), (action: "next", keys: ["ctrl-n", "down"], line: 4)])
        XCTAssertEqual(map.action(for: .character("L")), .like)
        XCTAssertNil(map.action(for: .character("f")), "the old key no longer likes")
        XCTAssertEqual(map.action(for: .character("\u{0E}")), .lineDown)
        XCTAssertNil(map.action(for: .character("j")))
        let help = map.helpLines.joined(separator: "\n")
        XCTAssertTrue(help.contains("L                   like / unlike"), help)
        XCTAssertTrue(help.contains("ctrl-n down"), help)
        XCTAssertFalse(Keymap.standard.helpLines.joined().contains("ctrl-n"))
        // Taking another action's key takes it away from that action.
        let taken = try Keymap.standard.remapped([(action: "quit", keys: ["f"], line: nil)])
        XCTAssertEqual(taken.action(for: .character("f")), .quit)
        XCTAssertEqual(taken.keys(for: .like), [])
    }

    /// The README's list of actions for `[keys]` names every action there is.
    func testTheReadmeListsEveryAction() throws {
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../README.md").standardized, encoding: .utf8)
        let list = try XCTUnwrap(readme.range(of: "Actions: ").map { readme[$0.upperBound...].prefix { $0 != "." } })
        for action in UIAction.allCases {
            XCTAssertTrue(list.contains("`\(action.rawValue)`"), "\(action.rawValue) is missing from the README's actions")
        }
    }

    func testEveryActionHasAKeyAndHelp() {
        for action in UIAction.allCases {
            XCTAssertFalse(Keymap.standard.keys(for: action).isEmpty, "\(action) has no key")
            XCTAssertTrue(Keymap.standard.helpLines.joined().contains(action.help), "\(action) missing from help")
        }
    }

    func testMistakesNameTheLineAndChangeNothing() {
        XCTAssertThrowsError(try Keymap.standard.remapped([(action: "likes", keys: ["l"], line: 7)])) { error in
            XCTAssertTrue("\(error)".hasPrefix("line 7: unknown action 'likes' in [keys]; did you mean like? "), "\(error)")
        }
        XCTAssertThrowsError(try Keymap.standard.remapped([(action: "like", keys: ["hyper-x"], line: 9)])) { error in
            XCTAssertTrue("\(error)".hasPrefix("line 9: unknown key 'hyper-x' for like"), "\(error)")
        }
    }

    func testMouseReportsParse() {
        XCTAssertEqual(MouseEvent.sgr("64;10;5M"), MouseEvent(button: .wheelUp, row: 4, column: 9))
        XCTAssertEqual(MouseEvent.sgr("65;1;1M"), MouseEvent(button: .wheelDown, row: 0, column: 0))
        XCTAssertEqual(MouseEvent.sgr("0;3;7M"), MouseEvent(button: .left, row: 6, column: 2))
        XCTAssertEqual(MouseEvent.sgr("4;3;7M")?.button, .left, "with Shift held")
        XCTAssertNil(MouseEvent.sgr("0;3;7m"), "a release is not an event")
        XCTAssertNil(MouseEvent.sgr("32;3;7M"), "motion is not an event")
        XCTAssertNil(MouseEvent.sgr("0;x;7M"))
        XCTAssertNil(MouseEvent.sgr("0;0;7M"))
    }
}

/// The help follows the screen: nothing cut at 80 columns, two columns where they fit, the compose screen's
/// keys listed too, and scrolling where it is taller than the screen.
final class HelpLayoutTests: XCTestCase {
    func env(rows: Int, columns: Int) -> LayerEnv {
        LayerEnv(rows: rows, columns: columns, now: Date(), renderer: FrameRenderer(theme: .builtIn))
    }

    func testTheHelpFitsItsWidthAndListsTheComposeKeys() throws {
        for (rows, columns) in [(24, 80), (40, 120), (60, 200), (30, 100)] {
            let (lines, _) = HelpLayer.layout(env(rows: rows, columns: columns))
            for line in lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line), columns - 6, "\(columns) columns: '\(line)'") }
            let text = lines.joined(separator: "\n")
            for action in UIAction.allCases where !Keymap.standard.keys(for: action).isEmpty {
                XCTAssertTrue(text.contains(action.help), "\(columns) columns: \(action) cut or missing")
            }
            for (keys, what) in Keymap.composeHelp { XCTAssertTrue(text.contains(keys) && text.contains(what), "\(keys) missing") }
        }
        XCTAssertLessThan(HelpLayer.layout(env(rows: 60, columns: 200)).lines.count, UIAction.allCases.count, "two columns at 200")
    }

    func testATallHelpScrollsBeforeItCloses() throws {
        let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (24, 80))
        defer { screen.close() }
        let e = env(rows: 24, columns: 80)
        var stack = LayerStack(root: .home)
        _ = stack.apply([.push(.help)])
        let (lines, room) = HelpLayer.layout(e)
        XCTAssertGreaterThan(lines.count, room, "the help fits 80×24 in one screen; this test no longer covers scrolling")
        for _ in 0..<lines.count { XCTAssertEqual(stack.apply(stack.key(.character("j"), e)), []) }
        XCTAssertTrue(stack.top is HelpLayer, "j scrolled rather than closing")
        stack.render(e, on: screen)
        let shown = (0..<24).map { screen.frame.text(row: $0) }.joined(separator: "\n")
        XCTAssertTrue(shown.contains("ctrl-d"), "the last lines are in view after scrolling:\n\(shown)")
        XCTAssertEqual(stack.apply(stack.key(.character("x"), e)), [])
        XCTAssertFalse(stack.top is HelpLayer, "another key closes it")
    }
}
