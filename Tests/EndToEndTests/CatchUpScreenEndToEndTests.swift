import Foundation
import XCTest

/// `C` in the real binary in tmux on the demo: Catch-up opens over Home, its window is stepped to the
/// last 24 hours (Home's read mark is its top post once shown, so the window since it starts empty), `o`
/// puts the most liked first, and Esc comes back to Home at the post `C` was pressed on.
final class CatchUpScreenEndToEndTests: XCTestCase {
    private func selected(_ screen: String) -> String {
        // Trailing blanks differ from one frame to the next (a line drawn whole, or left as it was).
        screen.split(separator: "\n").filter { $0.hasPrefix("▌") || $0.hasPrefix("▸") }
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    /// The likes of each Catch-up row, top down (`☆ 990 ⇄ 175 ↩ 0`).
    private func likes(_ screen: String) -> [Int] {
        screen.split(separator: "\n").compactMap { line -> Int? in
            guard let star = line.range(of: "☆ ", options: .backwards) else { return nil }
            return Int(line[star.upperBound...].prefix { $0.isNumber })
        }
    }

    func testCOrdersTheWindowAndEscComesBackToThePost() throws {
        try browseDemo(flags: "--new-post-every 0") { tmux, _ in
            let first = tmux.wait { !self.selected($0).isEmpty && $0.contains("Home") }
            XCTAssertTrue(first.ok, first.screen)
            // Off the first post, so coming back to the top would not pass for coming back to it.
            try tmux.send("j")
            let home = tmux.wait { !self.selected($0).isEmpty && self.selected($0) != self.selected(first.screen) }
            XCTAssertTrue(home.ok, home.screen)
            let before = selected(home.screen)
            try tmux.send("C")
            let opened = tmux.wait { $0.contains("Catch-up · since the read mark · stand-outs · Esc back") && $0.contains("1 originals ") }
            XCTAssertTrue(opened.ok, "C did not open Catch-up:\n\(opened.screen)")
            for _ in 0..<6 { try tmux.send("w") }
            let day = tmux.wait { $0.contains("Catch-up · the last 24 hours · stand-outs") && self.likes($0).count > 3 }
            XCTAssertTrue(day.ok, "no posts in the last 24 hours:\n\(day.screen)")
            XCTAssertTrue(selected(day.screen).contains("☆"), "the first post is selected:\n\(day.screen)")
            try tmux.send("o")
            let liked = tmux.wait { $0.contains("the last 24 hours · liked") }
            XCTAssertTrue(liked.ok, liked.screen)
            let counts = likes(liked.screen)
            XCTAssertGreaterThan(counts.count, 3, liked.screen)
            XCTAssertEqual(counts, counts.sorted(by: >), "most liked first:\n\(liked.screen)")
            try tmux.send("Escape")
            let back = tmux.wait { !$0.contains("Catch-up") && self.selected($0) == before }
            XCTAssertTrue(back.ok, "Esc did not come back to the post C was pressed on (\(before)):\n\(back.screen)")
        }
    }
}
