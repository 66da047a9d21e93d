import Foundation
@testable import TernTerminal
import XCTest

/// Synchronized output (mode 2026): asked of the terminal, and where it has it, each frame is sent
/// between its marks, so a slow link never shows half a frame.
final class SynchronizedOutputTests: XCTestCase {
    func testTheTerminalsAnswerSaysWhetherItHasIt() {
        var has = TerminalAnswers()
        has.read(Array("\u{1B}[?2026;2$y\u{1B}[?62;4c".utf8))
        XCTAssertTrue(has.synchronizedOutput)
        XCTAssertTrue(has.complete, "the device attributes after it still end the round")
        var lacks = TerminalAnswers()
        lacks.read(Array("\u{1B}[?2026;0$y\u{1B}[?62c".utf8))
        XCTAssertFalse(lacks.synchronizedOutput)
        var silent = TerminalAnswers()
        silent.read(Array("\u{1B}[?62c".utf8))
        XCTAssertFalse(silent.synchronizedOutput, "no answer: not assumed")
        XCTAssertTrue(String(decoding: TerminalProbe.firstQueries(tmux: .none), as: UTF8.self).contains("\u{1B}[?2026$p"))
    }

    func testEachFrameIsSentBetweenTheMarksAndNothingWhenNothingChanged() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tern-sync-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let screen = try Screen(terminalType: "xterm-256color", output: file.path, size: (5, 30))
        defer { screen.close() }
        screen.synchronizedOutput = true
        func written() throws -> String { String(decoding: try Data(contentsOf: file), as: UTF8.self) }
        let before = try written().count
        screen.erase()
        screen.draw(SafeText("hello"), row: 0, column: 0)
        screen.update()
        let frame = String(try written().dropFirst(before))
        let begin = try XCTUnwrap(frame.range(of: "\u{1B}[?2026h")), end = try XCTUnwrap(frame.range(of: "\u{1B}[?2026l"))
        let text = try XCTUnwrap(frame.range(of: "hello"))
        XCTAssertTrue(begin.upperBound <= text.lowerBound && text.upperBound <= end.lowerBound, frame.debugDescription)
        let after = try written().count
        screen.erase()
        screen.draw(SafeText("hello"), row: 0, column: 0)
        screen.update()
        XCTAssertEqual(try written().count, after, "an unchanged frame sends nothing, marks neither")
    }
}
