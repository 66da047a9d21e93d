import Foundation
import XCTest

/// `C` in the real binary in tmux on the demo: Catch-up opens over Home on the last 24 hours, saying why
/// (Home's read mark is its top post once shown, so the window since it is empty), `s` puts the most liked
/// first, and Esc comes back to Home at the post `C` was pressed on; a like from Catch-up is Home's, a
/// shared link lists its posts, an active author shows only theirs, and Esc steps back through each.
final class CatchUpScreenEndToEndTests: XCTestCase {
    private func selected(_ screen: String) -> String {
        // Trailing blanks differ from one frame to the next (a line drawn whole, or left as it was).
        screen.split(separator: "\n").filter { $0.hasPrefix("▌") || $0.hasPrefix("▸") }
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    /// The likes of each Catch-up row, top down (`☆ 990 ⇄ 175 ↩ 0`).
    private func likes(_ screen: String) -> [Int] {
        screen.split(separator: "\n").compactMap { line -> Int? in
            guard let star = line.range(of: "☆ ", options: .backwards) ?? line.range(of: "★ ", options: .backwards) else { return nil }
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
            // The cache's posts show at once; the ranking is waited for once the fetch has added the day's.
            let day = tmux.wait { $0.contains("Catch-up · the last 24 hours · stand-outs") && self.likes($0).count > 3 && !$0.contains("Fetching") }
            XCTAssertTrue(day.ok, "C did not open Catch-up on the last 24 hours:\n\(day.screen)")
            XCTAssertTrue(day.screen.contains("Nothing came in since the read mark"), day.screen)
            XCTAssertTrue(selected(day.screen).contains("☆"), "the first post is selected:\n\(day.screen)")
            try tmux.send("s")
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

    func testALikeIsHomesALinksPostsAnAuthorsAndEscStepsBack() throws {
        try browseDemo(flags: "--new-post-every 0") { tmux, address in
            let first = tmux.wait { !self.selected($0).isEmpty && $0.contains("Home") }
            XCTAssertTrue(first.ok, first.screen)
            XCTAssertFalse(first.screen.contains("liked"), "nothing is liked yet:\n\(first.screen)")
            try tmux.send("j")
            let home = tmux.wait { !self.selected($0).isEmpty && self.selected($0) != self.selected(first.screen) }
            let before = selected(home.screen)
            try tmux.send("C")
            XCTAssertTrue(tmux.wait { $0.contains("Catch-up · the last 24 hours · stand-outs") && self.likes($0).count > 3 && !$0.contains("Fetching") }.ok,
                          tmux.screen())
            // Newest first: the top row is Home's top post, in Home's view.
            for _ in 0..<4 { try tmux.send("s") }
            let newest = tmux.wait { $0.contains("the last 24 hours · newest") }
            XCTAssertTrue(newest.ok, newest.screen)
            try tmux.send("f")
            let liked = tmux.wait { self.selected($0).contains("★ ") && !self.selected($0).contains("★…") }
            XCTAssertTrue(liked.ok, "the row does not show the like made, confirmed:\n\(liked.screen)")
            XCTAssertNotNil(try demoWriteLogLine(address, containing: "favourite"), "the demo never received the like")

            // The article three people shared: its posts, and back.
            try tmux.send("S")
            let links = tmux.wait { $0.contains("links shared by several") && $0.contains("Reading the fediverse in a terminal · Example News") }
            XCTAssertTrue(links.ok, "S did not list the shared article:\n\(links.screen)")
            XCTAssertTrue(links.screen.contains("shared by "), links.screen)
            // The links most shared first: down to the article, wherever the fetched day put it.
            let linkRows = links.screen.split(separator: "\n").filter { $0.contains("shared by ") }
            let article = try XCTUnwrap(linkRows.firstIndex { $0.contains("Reading the fediverse in a terminal") })
            for _ in 0..<article { try tmux.send("j") }
            XCTAssertTrue(tmux.wait { self.selected($0).contains("Reading the fediverse") }.ok, tmux.screen())
            try tmux.send("Enter")
            let shared = tmux.wait { $0.contains("a link's posts") && self.likes($0).count >= 3 }
            XCTAssertTrue(shared.ok, "Enter did not list the link's posts:\n\(shared.screen)")
            // One of them liked in its thread: its row here says so once back.
            XCTAssertFalse(selected(shared.screen).contains("★"), shared.screen)
            try tmux.send("Enter")
            XCTAssertTrue(tmux.wait { !$0.contains("Catch-up") && !self.selected($0).isEmpty }.ok, tmux.screen())
            try tmux.send("f")
            XCTAssertTrue(tmux.wait { $0.contains(" liked") }.ok, "the like in the thread:\n\(tmux.screen())")
            try tmux.send("Escape")
            let likedThere = tmux.wait { $0.contains("a link's posts") && self.selected($0).contains("★ ") }
            XCTAssertTrue(likedThere.ok, "the row does not show the like made in its thread:\n\(likedThere.screen)")
            try tmux.send("Escape")
            XCTAssertTrue(tmux.wait { $0.contains("links shared by several") && self.selected($0).contains("Reading the fediverse") }.ok, tmux.screen())
            try tmux.send("Escape")
            let again = tmux.wait { !$0.contains("links shared by several") && $0.contains("the last 24 hours · newest") }
            XCTAssertTrue(again.ok, again.screen)
            XCTAssertEqual(selected(again.screen), selected(liked.screen), "Esc comes back to the post S was pressed on")

            // The most active author: only theirs, and back.
            try tmux.send("P")
            let authors = tmux.wait { $0.contains("most active authors") && $0.contains(" posts · ☆ ") }
            XCTAssertTrue(authors.ok, authors.screen)
            let name = String(selected(authors.screen).drop { $0 == "▸" || $0 == " " }.prefix { $0 != "·" }).trimmingCharacters(in: .whitespaces)
            try tmux.send("Enter")
            let theirs = tmux.wait { $0.contains("\(name)'s posts") }
            XCTAssertTrue(theirs.ok, "Enter did not choose \(name):\n\(theirs.screen)")
            let rows = theirs.screen.split(separator: "\n").filter { $0.contains("☆ ") || $0.contains("★ ") }
            XCTAssertFalse(rows.isEmpty, theirs.screen)
            XCTAssertTrue(rows.allSatisfy { $0.contains(name.prefix(10)) }, "posts of others shown:\n\(theirs.screen)")
            try tmux.send("Escape")
            XCTAssertTrue(tmux.wait { !$0.contains("'s posts") && self.selected($0) == self.selected(liked.screen) }.ok, tmux.screen())

            // Back on Home at the post C was pressed on; down Home, the post liked shows it.
            try tmux.send("Escape")
            let back = tmux.wait { !$0.contains("Catch-up") && self.selected($0) == before }
            XCTAssertTrue(back.ok, "Esc did not come back to the post C was pressed on (\(before)):\n\(back.screen)")
            var shown = back.screen.contains("★ ") && back.screen.contains(" liked")
            for _ in 0..<30 where !shown {
                let page = tmux.screen()
                try tmux.send("Space")
                _ = tmux.wait(timeout: 3) { $0 != page }
                shown = tmux.screen().contains(" liked")
            }
            XCTAssertTrue(shown, "Home never shows the post liked from Catch-up:\n\(tmux.screen())")
        }
    }
}
