import Foundation
import XCTest

/// Catch-up in the real binary in tmux on a slow demo (2 s an answer): the window of the last 24 hours,
/// which the cache lacks, is fetched page by page with its progress on the status line; Esc stops the
/// fetch and ranks what came, the screen's keys work, and the next Esc goes back to Home.
final class CatchUpFetchEndToEndTests: XCTestCase {
    private func selected(_ screen: String) -> String {
        screen.split(separator: "\n").filter { $0.hasPrefix("▸") }.joined(separator: "\n")
    }

    func testTheWindowIsFetchedWithProgressAndEscStopsIt() throws {
        try browseDemo(flags: "--new-post-every 0 --latency 2000") { tmux, _ in
            // Nothing since the read mark on a fresh demo: Catch-up gives way to the last 24 hours, and fetches them.
            try tmux.send("C")
            let fetching = tmux.wait(timeout: 30) {
                $0.contains("Catch-up · the last 24 hours") && $0.contains("Fetching the last 24 hours: ")
                    && $0.contains("in 2 pages · Esc stops and shows what is there")
            }
            XCTAssertTrue(fetching.ok, "no progress on the status line:\n\(fetching.screen)")
            try tmux.send("Escape")
            let stopped = tmux.wait(timeout: 20) { $0.contains("Fetching was stopped after") && !self.selected($0).isEmpty }
            XCTAssertTrue(stopped.ok, "Esc did not stop the fetch and rank what came:\n\(stopped.screen)")
            XCTAssertTrue(stopped.screen.contains("Catch-up · the last 24 hours"), "Esc stopped the fetch, not the screen:\n\(stopped.screen)")
            let first = selected(stopped.screen)
            try tmux.send("j")
            let moved = tmux.wait { !self.selected($0).isEmpty && self.selected($0) != first }
            XCTAssertTrue(moved.ok, "the keys are dead after the stop:\n\(moved.screen)")
            try tmux.send("Escape")
            let back = tmux.wait { !$0.contains("Catch-up") && $0.contains("Home") }
            XCTAssertTrue(back.ok, "the next Esc did not go back:\n\(back.screen)")
        }
    }
}
