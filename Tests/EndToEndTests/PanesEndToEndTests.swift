import Foundation
import XCTest

/// Two panes on a wide terminal, the real `tern demo` in tmux at 200 columns.
final class PanesEndToEndTests: XCTestCase {
    func testAThreadOpensBesideTheListTabMovesTheKeysAndANarrowWindowShowsOnePane() throws {
        let tern = try TmuxSession.ternBinary()
        let tmux = try TmuxSession(command: "\(tern.path) demo --new-post-every 0; sleep 30", columns: 200, rows: 45)
        defer { tmux.close() }
        func title(_ s: String) -> String { String(s.split(separator: "\n").first ?? "") }
        func statusLine(_ s: String) -> String { String(s.split(separator: "\n").last ?? "") }
        /// The selected row's number in the right pane ("1" of "1/6"): the thread may still be loading
        /// (its count changes, "↻ refreshing" comes and goes) while its selection stays.
        func threadSelection(_ s: String) -> String? {
            let right = statusLine(s).components(separatedBy: "│").last ?? ""
            return right.range(of: #"\d+/"#, options: .regularExpression).map { String(right[$0].dropLast()) }
        }
        XCTAssertTrue(tmux.wait { $0.contains("Sol Novak @user32") && statusLine($0).contains("1/") }.ok, tmux.screen())
        try tmux.send("j")
        XCTAssertTrue(tmux.wait { statusLine($0).contains("2/") }.ok, tmux.screen())
        try tmux.send("Enter")
        // The list stays on the left, the thread opens on the right: two title bars on one line.
        // (Its selection too: under load the titles came while the thread still said "Loading…".)
        let split = tmux.wait { s in
            title(s).contains("tern · Home") && title(s).contains("│ tern · Thread · ") && threadSelection(s) != nil
        }
        XCTAssertTrue(split.ok, "list and thread side by side:\n\(split.screen)")
        let threadAt = threadSelection(split.screen)
        XCTAssertNotNil(threadAt, split.screen)

        // Tab: the keys go to the list; j moves it, and Enter there shows that post's thread in the right pane.
        try tmux.send("Tab")
        try tmux.send("j")
        let moved = tmux.wait { s in (statusLine(s).components(separatedBy: "│").first ?? "").contains("3/") }
        XCTAssertTrue(moved.ok, "j moved the list on the left:\n\(moved.screen)")
        XCTAssertEqual(threadSelection(moved.screen), threadAt, "the thread did not move:\n\(moved.screen)")
        try tmux.send("Enter")
        let replaced = tmux.wait { s in title(s).contains("tern · Home") && title(s).contains("│ tern · Thread · Ada Moreau") }
        XCTAssertTrue(replaced.ok, "the next thread replaced the right pane:\n\(replaced.screen)")

        // Narrow: one pane, the thread; Esc goes back to the list where it was.
        _ = try tmux.run(["resize-window", "-x", "100", "-y", "45"])
        let narrow = tmux.wait { s in title(s).hasPrefix(" tern · Thread · Ada Moreau") && !title(s).contains("│") }
        XCTAssertTrue(narrow.ok, "one pane at 100 columns:\n\(narrow.screen)")
        try tmux.send("Escape")
        let back = tmux.wait { s in title(s).hasPrefix(" tern · Home") && statusLine(s).contains("3/") }
        XCTAssertTrue(back.ok, "back at the list's place:\n\(back.screen)")
    }
}
