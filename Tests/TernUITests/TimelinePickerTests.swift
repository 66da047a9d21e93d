import Foundation
import TernModel
@testable import TernTerminal
@testable import TernUI
import XCTest

final class TimelinePickerTests: XCTestCase {
    let author = Account(id: "42", acct: "ann@ex.social", displayName: "Ann")

    func testMovesAndChooses() {
        var p = TimelinePicker(current: .home, author: author, lists: [])
        XCTAssertEqual(p.lines.first?.selected, true)
        XCTAssertEqual(p.handle(.character("j")), .stay)
        XCTAssertEqual(p.handle(.down), .stay)
        XCTAssertEqual(p.handle(.enter), .choose(.federated))
        XCTAssertEqual(p.handle(.character("7")), .notifications)
        XCTAssertEqual(p.handle(.character("8")), .choose(.conversations), "direct messages")
        XCTAssertEqual(p.handle(.character("9")), .choose(.allWebFeeds), "the web feeds")
        XCTAssertTrue(p.lines.contains { $0.text.hasSuffix("@ann@ex.social") }, "the author's posts, past the numbers")
        XCTAssertEqual(p.handle(.escape), .close)
    }

    func testTypingAHashtag() {
        var p = TimelinePicker(current: .home, author: nil, lists: [])
        XCTAssertEqual(p.handle(.character("6")), .stay, "the hashtag line asks for a tag")
        for c in "#swiftx" { _ = p.handle(.character(c)) }
        _ = p.handle(.backspace)
        XCTAssertTrue(p.lines[5].text.contains("#swift▏"))
        XCTAssertEqual(p.handle(.enter), .choose(.hashtag("swift")))
        _ = p.handle(.character("6"))
        XCTAssertEqual(p.handle(.enter), .stay, "an empty tag opens nothing")
        _ = p.handle(.escape)
        XCTAssertEqual(p.handle(.escape), .close)
    }

    func testListsArriveLaterAndTheCurrentTimelineIsSelected() {
        let list = TimelineID.list(id: "1", title: "Friends")
        var p = TimelinePicker(current: .bookmarks, author: nil, lists: [])
        XCTAssertEqual(p.lines.firstIndex { $0.selected }, 3)
        p.add(lists: [list, list])
        XCTAssertEqual(p.lines.filter { $0.text.contains("List: Friends") }.count, 1)
        for _ in 0..<6 { _ = p.handle(.down) }
        XCTAssertEqual(p.handle(.enter), .choose(list), "past the numbered lines, chosen by moving")
    }

    /// The web feeds' lists go under Feeds (each tag's, each feed's), with their unread items; the
    /// selection stays on the line it was on.
    func testWebFeedListsGoUnderFeedsWithTheirUnreadItems() {
        var p = TimelinePicker(current: .federated, author: nil, lists: [])
        let tag = TimelineID.webFeeds(name: "tag:news", title: "Feeds: news"), feed = TimelineID.webFeeds(name: "feed:1", title: "A blog")
        p.add(webFeeds: [WebFeedList(timeline: .allWebFeeds, unread: 5), WebFeedList(timeline: tag, unread: 3),
                         WebFeedList(timeline: feed, unread: 0)])
        p.add(webFeeds: [WebFeedList(timeline: tag, unread: 2)])
        XCTAssertEqual(p.lines.map(\.text).suffix(3), ["9 Feeds (5 unread)", "    Feeds: news (2 unread)", "    A blog"])
        XCTAssertEqual(p.lines.firstIndex { $0.selected }, 2, "still on Federated")
        for _ in 0..<7 { _ = p.handle(.down) }
        XCTAssertEqual(p.handle(.enter), .choose(tag))
        // A feed's item's "author" is its feed: no account's posts to offer.
        let item = TimelinePicker(current: .allWebFeeds, author: Account(id: "feed:1", acct: "a.example", displayName: "A blog"), lists: [])
        XCTAssertFalse(item.lines.contains { $0.text.contains("@a.example") })
    }

    /// A server with trends: its trending posts and hashtags at the end, a hashtag opening its timeline.
    func testTrendsComeLastAndOpenTheirHashtag() {
        var p = TimelinePicker(current: .home, author: nil, lists: [])
        let count = p.lines.count
        p.add(trends: [Hashtag(name: "gardening", weeklyUses: 38), Hashtag(name: "caturday")])
        p.add(trends: [Hashtag(name: "gardening", weeklyUses: 40)])
        XCTAssertEqual(p.lines.map(\.text).suffix(4), ["  Trending posts", "  Trending links…", "    Trending: #gardening (38 posts this week)",
                                                        "    Trending: #caturday"])
        XCTAssertEqual(p.lines.count, count + 4, "added once")
        for _ in 0..<(count + 1) { _ = p.handle(.down) }
        var links = p
        XCTAssertEqual(links.handle(.enter), .trendingLinks)
        _ = p.handle(.down)
        XCTAssertEqual(p.handle(.enter), .choose(.hashtag("gardening")))
    }

    /// Issue 45: the picker's selected line was the one not reversed in a reversed box, and a list taller
    /// than the screen ran off it with no word of more. The selected line is highlighted and marked; the
    /// list scrolls with it and says how many more are above and below.
    func testTheSelectedLineIsHighlightedAndALongListSaysThereIsMore() throws {
        let lists = (1...20).map { TimelineID.list(id: "\($0)", title: "List \($0)") }
        var env = LayerEnv(rows: 16, columns: 80, now: Date(), renderer: FrameRenderer(theme: .builtIn))
        env.lists = lists
        let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (16, 80))
        defer { screen.close() }
        var stack = LayerStack(root: .home)
        _ = stack.apply([.push(.picker(TimelinePicker(current: .home, author: author, lists: lists)))])
        func shown() -> [String] {
            stack.render(env, on: screen)
            return (0..<16).map { screen.frame.text(row: $0) }
        }
        var rows = shown()
        XCTAssertTrue(rows.contains { $0.contains("↓") && $0.contains("more") }, "no word of more below:\n\(rows.joined(separator: "\n"))")
        XCTAssertFalse(rows.contains { $0.contains("↑") }, rows.joined(separator: "\n"))
        let home = try XCTUnwrap(rows.firstIndex { $0.contains("1 Home") })
        let local = try XCTUnwrap(rows.firstIndex { $0.contains("2 Local") })
        XCTAssertTrue(rows[home].contains("▸"), "the selected line is not marked: \(rows[home])")
        let column = try XCTUnwrap(rows[home].range(of: "Home").map { rows[home].distance(from: rows[home].startIndex, to: $0.lowerBound) })
        let selectedLook = screen.frame[home, column].look, otherLook = screen.frame[local, column].look
        XCTAssertNotEqual(selectedLook, otherLook)
        XCTAssertNotEqual(selectedLook.attributes & CellLook.reverse, 0, "the selected line is not the highlighted (reversed) one")
        // (Its colour, the selection's, is not seen here: this screen draws no colours.)
        XCTAssertNotEqual(selectedLook.attributes & CellLook.bold, 0, "the selected line is not bold")

        for _ in 0..<40 { _ = stack.apply(stack.key(.character("j"), env)) }
        rows = shown()
        XCTAssertTrue(rows.contains { $0.contains("↑") && $0.contains("more") }, "no word of more above:\n\(rows.joined(separator: "\n"))")
        XCTAssertTrue(rows.contains { $0.contains("▸") && $0.contains("List 20") }, "the last line is not in view:\n\(rows.joined(separator: "\n"))")
    }
}
