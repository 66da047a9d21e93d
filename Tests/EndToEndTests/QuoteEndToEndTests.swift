import Foundation
import XCTest

/// Quote posts in the real `tern demo` in tmux: an accepted quote shows the quoted post in a frame (its
/// author and text), and Enter in the quoting post's thread opens it; one deleted says so in words, and
/// Mastodon's "RE: link" fallback is not shown.
final class QuoteEndToEndTests: XCTestCase {
    func testQuotesShowTheQuotedPostOrSayWhyNot() throws {
        let tern = try TmuxSession.ternBinary()
        let tmux = try TmuxSession(command: "\(tern.path) demo --new-post-every 0; sleep 30", columns: 120, rows: 50)
        defer { tmux.close() }
        XCTAssertTrue(tmux.wait { $0.contains("☆") }.ok, tmux.screen())
        func selected(_ s: String) -> [Substring] { s.split(separator: "\n").filter { $0.hasPrefix("▌") } }
        func title(_ s: String) -> String { s.split(separator: "\n").first.map(String.init) ?? "" }
        // Enter opens the quoting post's thread; Enter there opens the quoted post's, whose author the frame named.
        func openTheQuote(from frameLine: Substring) throws {
            let author = try XCTUnwrap(frameLine.components(separatedBy: "│ ").last?.components(separatedBy: " @").first)
            try tmux.send("Enter")
            // The thread shows the quoting post selected, its frame with it, before Enter goes on.
            XCTAssertTrue(tmux.wait { title($0).contains("Thread") && selected($0).contains { $0.contains("┌ quoting") } }.ok, tmux.screen())
            try tmux.send("Enter")
            let quoted = tmux.wait { title($0).contains("Thread · \(author)") }
            XCTAssertTrue(quoted.ok, "Enter in the quoting post's thread did not open the quoted post (by \(author)):\n\(quoted.screen)")
            try tmux.send("Escape")
            try tmux.send("Escape")
            XCTAssertTrue(tmux.wait { title($0).contains("Home") }.ok, tmux.screen())
        }
        var accepted: [Substring]?, deleted = false
        for _ in 0..<60 where accepted == nil || !deleted {
            let screen = tmux.screen()
            let lines = selected(screen)
            XCTAssertFalse(screen.contains("RE: http"), "Mastodon's fallback shown:\n\(screen)")
            if let top = lines.firstIndex(where: { $0.contains("┌ quoting") }) {
                if lines.contains(where: { $0.contains("⊘ The quoted post was deleted") }) { deleted = true }
                // The frame's first line names the quoted post's author: a name and a handle.
                if accepted == nil, top + 1 < lines.count, lines[top + 1].contains("│ "), lines[top + 1].contains(" @user") {
                    accepted = lines
                    try openTheQuote(from: lines[top + 1])
                }
            }
            try tmux.send("j")
            _ = tmux.wait(timeout: 2) { selected($0) != lines }
        }
        XCTAssertNotNil(accepted, "no accepted quote with its post:\n\(tmux.screen())")
        XCTAssertTrue(deleted, "no deleted quote said so:\n\(tmux.screen())")
        if let frame = accepted {
            XCTAssertTrue(frame.contains { $0.hasPrefix("▌ └") }, "the frame closes:\n\(frame.joined(separator: "\n"))")
        }
    }
}
