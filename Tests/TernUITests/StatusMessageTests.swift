import Foundation
import TernFeed
import TernModel
@testable import TernTerminal
@testable import TernUI
import XCTest

/// A status message is never cut in the middle of its sentence (issue 45: at 80 columns the first start's
/// line was cut to "…trying" beside "offline", which read "trying offline"): what does not fit beside the
/// line's right part takes the row above too, and only what two rows can't hold is shortened, at a word.
final class StatusMessageTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private let firstStart = "Offline: the server can't be reached (connection refused); nothing cached yet, trying again"

    func testAMessageThatDoesNotFitTakesTwoRowsWithNoWordLost() throws {
        let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (24, 80))
        defer { screen.close() }
        var e = LayerEnv(rows: 24, columns: 80, now: now, renderer: FrameRenderer(theme: .builtIn))
        e.message = (firstStart, true)
        e.offline = true
        var stack = LayerStack(root: .home)
        stack.show(FeedSnapshot(feed: .timeline(.home)), e)
        _ = stack.apply(stack.settle(e))
        stack.render(e, on: screen)
        let bottom = [screen.frame.text(row: 22), screen.frame.text(row: 23)]
        let words = bottom.joined(separator: " ").split(separator: " ").joined(separator: " ")
        XCTAssertTrue(words.contains(firstStart), "the message lost words:\n\(bottom.joined(separator: "\n"))")
        XCTAssertTrue(bottom[1].contains("offline"), "the connection's state is still said: \(bottom[1])")
    }

    func testOneThatFitsStaysOnOneRowAndOneTooLongForTwoEndsAtAWord() {
        XCTAssertEqual(FrameRenderer.messageLines("Liked.", width: 40), ["Liked."])
        let long = String(repeating: "every word of this sentence counts ", count: 6) + "to the end"
        let lines = FrameRenderer.messageLines(long, width: 40)
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0) <= 40 }, "\(lines)")
        let second = try? XCTUnwrap(lines.last)
        XCTAssertEqual(second?.hasSuffix("…"), true, "\(lines)")
        let lastWord = second?.dropLast().split(separator: " ").last.map(String.init)
        XCTAssertTrue(["every", "word", "of", "this", "sentence", "counts"].contains(lastWord ?? ""), "cut inside a word: \(lines)")
    }

    /// The unknown-TERM notice at 120×40 left ` -x -` alone on the status line (the rest one row up, over
    /// the list, where it read as part of it): two rows split where the sentence does, each a readable part.
    func testATwoRowMessageIsSplitWhereTheSentenceIsNotLeavingAFewCharactersAlone() throws {
        let notice = "TERM=foot-extra unknown here, drawn as xterm-256color; install: infocmp -x foot-extra | ssh vm tic -x -"
        XCTAssertEqual(FrameRenderer.messageLines(notice, width: 98),
                       ["TERM=foot-extra unknown here, drawn as xterm-256color;", "install: infocmp -x foot-extra | ssh vm tic -x -"])
        // No clause to split at: the two rows are about even, every word kept in order.
        let plain = "one two three four five six seven eight nine ten eleven twelve"
        let lines = FrameRenderer.messageLines(plain, width: 50)
        XCTAssertEqual(lines.joined(separator: " "), plain)
        XCTAssertEqual(lines.count, 2)
        XCTAssertLessThanOrEqual(abs(DisplayWidth.of(lines[0]) - DisplayWidth.of(lines[1])), 10, "\(lines)")

        // Drawn, where it needs two rows: the status line holds the command whole, beside the right part.
        let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (40, 100))
        defer { screen.close() }
        var e = LayerEnv(rows: 40, columns: 100, now: now, renderer: FrameRenderer(theme: .builtIn))
        e.message = (notice, true)
        e.liveState = "live"
        var stack = LayerStack(root: .home)
        stack.show(FeedSnapshot(feed: .timeline(.home)), e)
        _ = stack.apply(stack.settle(e))
        stack.render(e, on: screen)
        XCTAssertTrue(screen.frame.text(row: 39).hasPrefix(" install: infocmp -x foot-extra | ssh vm tic -x -"), screen.frame.text(row: 39))
        XCTAssertTrue(screen.frame.text(row: 38).hasPrefix(" TERM=foot-extra unknown here"), screen.frame.text(row: 38))
    }
}
