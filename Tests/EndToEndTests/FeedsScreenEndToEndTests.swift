import Foundation
import XCTest

/// The demo's web feeds as a user reads them: Feeds in `t`, items newest first across feeds with their
/// pictures, Enter reads one whole, and what belongs to the fediverse says it does not apply.
final class FeedsScreenEndToEndTests: XCTestCase {
    func testFeedsAreATimelineWhoseItemsReadWhole() throws {
        let tern = try TmuxSession.ternBinary()
        let tmux = try TmuxSession(command: "\(tern.path) demo --new-post-every 0 --feeds 3; sleep 30")
        defer { tmux.close() }
        XCTAssertTrue(tmux.wait { $0.contains("Sol Novak @user32") && $0.contains(" 1/") }.ok, tmux.screen())
        try tmux.send("t")
        XCTAssertTrue(tmux.wait { $0.contains("9 Feeds") }.ok, tmux.screen())
        try tmux.send("9")
        // Read from the feeds at once: 20 items each, newest first whichever feed they are of.
        let listed = tmux.wait { $0.contains("Feeds: 60 new items") && $0.contains("Demo feed 0 @127.0.0.1") && $0.contains("1/60") }
        XCTAssertTrue(listed.ok, "the feeds' items:\n\(listed.screen)")
        let lines = listed.screen.components(separatedBy: "\n")
        let order = lines.compactMap { l -> Int? in
            guard let r = l.range(of: #"Demo feed (\d) @"#, options: .regularExpression) else { return nil }
            return Int(l[r].dropFirst(10).prefix(1))
        }
        XCTAssertEqual(Array(order.prefix(3)), [0, 1, 2], "the newest item of each feed, a minute apart, newest first:\n\(listed.screen)")
        XCTAssertTrue(lines[1].contains("● Demo feed 0"), "an item not read yet is marked:\n\(listed.screen)")
        try tmux.send("f")
        XCTAssertTrue(tmux.wait { $0.contains("A feed's item is not on the fediverse") }.ok, tmux.screen())
        try tmux.send("Enter")
        let article = tmux.wait { $0.contains("o open · v pictures · y link · esc back") && $0.contains("Item 19 of feed 0: words, a link.") }
        XCTAssertTrue(article.ok, "the item's whole text:\n\(article.screen)")
        try tmux.send("Escape")
        let back = tmux.wait { s in
            let l = s.components(separatedBy: "\n")
            return s.contains("1/60") && l.count > 2 && l[1].contains("Demo feed 0") && !l[1].contains("●") && s.contains("● Demo feed 1")
        }
        XCTAssertTrue(back.ok, "back in the list, the item read and unmarked, the next still marked:\n\(back.screen)")
        // U: the next item not read.
        try tmux.send("U")
        XCTAssertTrue(tmux.wait { $0.contains(" 2/60") }.ok, "U moved to the next unread item:\n\(tmux.screen())")
        // The picker lists the demo's tag and each feed, with what is left unread: one item was read.
        try tmux.send("t")
        let picked = tmux.wait { $0.contains("Feeds (59 unread)") && $0.contains("Feeds: demo (59 unread)") && $0.contains("Demo feed 0 (19 unread)") }
        XCTAssertTrue(picked.ok, "the feeds' lists:\n\(picked.screen)")
        try tmux.send("Escape")
        XCTAssertTrue(tmux.wait { !$0.contains("Timelines (Enter opens") }.ok, tmux.screen())
        // x: every item of the list read at once.
        try tmux.send("x")
        XCTAssertTrue(tmux.wait { $0.contains("Mark every item of Feeds read") }.ok, tmux.screen())
        try tmux.send("1")
        let allRead = tmux.wait { $0.contains("All read") && !$0.contains("●") }
        XCTAssertTrue(allRead.ok, "nothing marked unread any more:\n\(allRead.screen)")
        try tmux.send("U")
        XCTAssertTrue(tmux.wait { $0.contains("No unread items below") }.ok, tmux.screen())
        // `/` finds items by their words, from the store, in any script.
        try tmux.send("/")
        XCTAssertTrue(tmux.wait { $0.contains("Search (a link opens it; Esc cancels):") }.ok, tmux.screen())
        try tmux.send("Москвы", "Enter")
        let found = tmux.wait { $0.contains("cached posts match") && $0.contains("Привет из Москвы") && $0.contains("Demo feed") }
        XCTAssertTrue(found.ok, "feed items found:\n\(found.screen)")
    }
}
