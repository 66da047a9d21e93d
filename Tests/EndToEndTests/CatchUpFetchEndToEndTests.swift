import Foundation
import XCTest

/// Catch-up in the real binary in tmux on a slow demo (2 s an answer): the window of the last 24 hours,
/// which the cache lacks, is fetched page by page with its progress on the status line, while the cache's
/// posts are shown and take keys (the screen was blank for seconds); Esc goes back to Home, stopping the fetch.
final class CatchUpFetchEndToEndTests: XCTestCase {
    private func selected(_ screen: String) -> String {
        screen.split(separator: "\n").filter { $0.hasPrefix("▸") }.joined(separator: "\n")
    }

    func testTheCachesPostsShowWhileTheWindowIsFetchedWithProgress() throws {
        try browseDemo(flags: "--new-post-every 0 --latency 2000") { tmux, _ in
            // Nothing since the read mark on a fresh demo: Catch-up gives way to the last 24 hours, and fetches them.
            try tmux.send("C")
            let fetching = tmux.wait(timeout: 30) {
                $0.contains("Catch-up · the last 24 hours") && $0.contains("Fetching the last 24 hours: ")
                    && $0.contains("in 2 pages · the cache's posts meanwhile") && !self.selected($0).isEmpty
            }
            XCTAssertTrue(fetching.ok, "no progress on the status line over the cache's posts:\n\(fetching.screen)")
            let first = selected(fetching.screen)
            try tmux.send("j")
            let moved = tmux.wait { !self.selected($0).isEmpty && self.selected($0) != first }
            XCTAssertTrue(moved.ok, "the keys are dead while fetching:\n\(moved.screen)")
            XCTAssertTrue(moved.screen.contains("Fetching the last 24 hours"), "the fetch had ended: no proof of keys during it:\n\(moved.screen)")
            try tmux.send("Escape")
            let back = tmux.wait { !$0.contains("Catch-up") && $0.contains("Home") }
            XCTAssertTrue(back.ok, "Esc did not go back:\n\(back.screen)")
        }
    }
}
