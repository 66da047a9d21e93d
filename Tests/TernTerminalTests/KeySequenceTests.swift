import CNcursesw
import Foundation
@testable import TernTerminal
import XCTest

/// Keys as terminals send them, read by the real key reader (curses and what Tern adds to it) from a file. tmux sends
/// Home and End as `ESC [ 1 ~` / `ESC [ 4 ~` whatever TERM says inside it; xterm-256color's entry says
/// `ESC O H` / `ESC O F`: curses did not know tmux's and handed over an Escape (which closed the compose
/// screen) and then `[`, `4`, `~` as typed characters.
final class KeySequenceTests: XCTestCase {
    private func keys(_ bytes: String, term: String = "xterm-256color", mouse: Bool = false) throws -> [Key] {
        let entry = "\(term.prefix(1))/\(term)"
        guard FileManager.default.fileExists(atPath: "/usr/share/terminfo/\(entry)")
            || FileManager.default.fileExists(atPath: "/lib/terminfo/\(entry)") else {
            throw XCTSkip("terminfo for \(term) is not installed")
        }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tern-keys-\(UUID().uuidString)")
        let typed = FileManager.default.temporaryDirectory.appendingPathComponent("tern-typed-\(UUID().uuidString)")
        try Data(bytes.utf8).write(to: typed)
        let screen = try Screen(terminalType: term, output: out.path, size: (rows: 24, columns: 80), environment: [:], input: typed.path)
        defer { screen.close(); try? FileManager.default.removeItem(at: out); try? FileManager.default.removeItem(at: typed) }
        screen.setMouse(mouse)
        var read: [Key] = []
        while let key = screen.readKey(), read.count < 64 { read.append(key) }
        // Sizing the screen at the start is a resize, not a key.
        return read.filter { $0 != .resize }
    }

    func testHomeAndEndAsTmuxAndOtherTerminalsSendThem() throws {
        for term in ["xterm-256color", "screen-256color", "tmux-256color", "xterm"] {
            for home in ["\u{1B}[1~", "\u{1B}[7~", "\u{1B}[H", "\u{1B}OH"] {
                XCTAssertEqual(try keys(home + "a", term: term), [.home, .character("a")], "\(term): \(home.debugDescription)")
            }
            for end in ["\u{1B}[4~", "\u{1B}[8~", "\u{1B}[F", "\u{1B}OF"] {
                XCTAssertEqual(try keys(end + "a", term: term), [.end, .character("a")], "\(term): \(end.debugDescription)")
            }
            XCTAssertEqual(try keys("\u{1B}[5~\u{1B}[6~", term: term), [.pageUp, .pageDown], term)
            // Delete (the line editor's delete-forward) and Shift-Tab (the compose screen's field back).
            XCTAssertEqual(try keys("\u{1B}[3~\u{1B}[Z", term: term), [.other(KEY_DC), .other(KEY_BTAB)], term)
            XCTAssertEqual(try keys("\u{1B}[A\u{1B}OB\u{1B}[C\u{1B}OD", term: term), [.up, .down, .right, .left], term)
            // Shift, Alt and Ctrl with an arrow: the arrow.
            XCTAssertEqual(try keys("\u{1B}[1;5A\u{1B}[1;2B\u{1B}[1;3C\u{1B}[1;5D", term: term), [.up, .down, .right, .left], term)
        }
    }

    /// A sequence nobody knows (here F13 with Ctrl, a made-up SS3) is dropped whole: never an Escape and
    /// its tail typed as characters.
    func testAnUnknownSequenceIsNeverAnEscapeAndCharacters() throws {
        for unknown in ["\u{1B}[25;5~", "\u{1B}[99z", "\u{1B}[?7;1$y", "\u{1B}Oz"] {
            let read = try keys("x" + unknown + "y").filter { $0 != .other(-1) }
            XCTAssertEqual(read, [.character("x"), .character("y")], unknown.debugDescription)
        }
        // Escape followed by an ordinary key (Alt-j) is still both.
        XCTAssertEqual(try keys("\u{1B}j"), [.escape, .character("j")])
    }

    /// The mouse reports Tern asks for are still read whole, inside the same rule.
    func testMouseReportsAreStillReadWithTheMouseOn() throws {
        XCTAssertEqual(try keys("\u{1B}[<0;5;3M\u{1B}[<0;5;3mq", mouse: true),
                       [.mouse(MouseEvent(button: .left, row: 2, column: 4)), .other(-1), .character("q")])
        XCTAssertEqual(try keys("\u{1B}[<65;1;1Mq", mouse: true), [.mouse(MouseEvent(button: .wheelDown, row: 0, column: 0)), .character("q")])
    }
}
