import TernTerminal
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

    func testEveryActionHasAKeyAndHelp() {
        for action in UIAction.allCases {
            XCTAssertFalse(Keymap.standard.keys(for: action).isEmpty, "\(action) has no key")
            XCTAssertTrue(Keymap.standard.helpLines.joined().contains(action.help), "\(action) missing from help")
        }
    }

    func testMistakesNameTheLineAndChangeNothing() {
        XCTAssertThrowsError(try Keymap.standard.remapped([(action: "likes", keys: ["l"], line: 7)])) { error in
            XCTAssertTrue("\(error)".hasPrefix("line 7: unknown action 'likes'"), "\(error)")
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
