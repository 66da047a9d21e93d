import Foundation
import XCTest

/// A resize in the real binary in tmux: the selected post is in view after it, before any key (issue 45:
/// the demo's 40-reply thread, `G`, 120×40 → 80×24 showed replies above the last while the status line
/// said it was selected).
final class ResizeEndToEndTests: XCTestCase {
    private func selected(_ screen: String) -> [Substring] { screen.split(separator: "\n").filter { $0.hasPrefix("▌") } }

    func testAfterAResizeTheSelectedReplyIsOnScreen() throws {
        try browseDemo(columns: 120, rows: 40) { tmux, _ in
            // The demo's third post down has 40 replies.
            try tmux.send("j")
            try tmux.send("j")
            try tmux.send("Enter")
            let thread = tmux.wait { $0.split(separator: "\n").first?.contains("Thread") == true && $0.contains("Reply 1:") }
            XCTAssertTrue(thread.ok, "the thread did not open:\n\(thread.screen)")
            try tmux.send("G")
            let end = tmux.waitSettled { !self.selected($0).isEmpty }
            XCTAssertTrue(end.ok, end.screen)
            let last = try XCTUnwrap(selected(end.screen).first)
            try tmux.run(["resize-window", "-x", "80", "-y", "24"])
            let resized = tmux.wait { screen in
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                return lines.count <= 25 && lines.allSatisfy { $0.count <= 80 } && !self.selected(screen).isEmpty
            }
            XCTAssertTrue(resized.ok, "after the resize the selected reply is off screen:\n\(resized.screen)")
            let author = try XCTUnwrap(last.split(separator: "@").last?.split(separator: " ").first)
            XCTAssertTrue(selected(resized.screen).contains { $0.contains(author) }, "another post is selected:\n\(resized.screen)")
        }
    }
}
