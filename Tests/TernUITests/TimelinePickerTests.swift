import TernModel
import TernTerminal
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
}
