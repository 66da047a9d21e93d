import Foundation
import TernModel
@testable import TernWebFeeds
import XCTest

/// What feeds do in practice that the suite does not cover: declared encodings, almost-XML, dates,
/// items without ids, relative links.
final class FeedParserTests: XCTestCase {
    func rss(_ items: String, encoding: String = "UTF-8") -> String {
        "<?xml version=\"1.0\" encoding=\"\(encoding)\"?><rss version=\"2.0\"><channel><title>T</title><link>https://a.example/</link>\(items)</channel></rss>"
    }

    func testDeclaredEncodingsAreRead() throws {
        let latin = rss("<item><title>Café crème</title></item>", encoding: "ISO-8859-1")
        let latinBytes = try XCTUnwrap(latin.data(using: .isoLatin1))
        XCTAssertEqual(try FeedParser.parse(latinBytes).items.first?.title, "Café crème")
        let cyrillic = rss("<item><title>Привет, мир</title></item>", encoding: "windows-1251")
        let cyrillicBytes = try XCTUnwrap(cyrillic.data(using: .windowsCP1251))
        XCTAssertEqual(try FeedParser.parse(cyrillicBytes).items.first?.title, "Привет, мир")
        let bom = Data([0xEF, 0xBB, 0xBF]) + Data(rss("<item><title>日本語</title></item>").utf8)
        XCTAssertEqual(try FeedParser.parse(bom).items.first?.title, "日本語")
    }

    func testAlmostXMLReadsAsTheAuthorMeantAndCDATAIsLeftAlone() throws {
        let feed = try FeedParser.parse(Data(rss("""
            <item><title>Fish &amp; Chips & more <3 &nbsp;&copy; 2024 &#8212; ok</title>
            <description><![CDATA[<p>a & b <b>bold</b></p>]]></description></item>
            """).utf8))
        let item = try XCTUnwrap(feed.items.first)
        XCTAssertEqual(item.title, "Fish & Chips & more <3 \u{A0}© 2024 — ok".split(whereSeparator: \.isWhitespace).joined(separator: " "))
        XCTAssertEqual(item.content, "<p>a & b <b>bold</b></p>")
    }

    func testDatesInTheFormsFeedsUse() {
        let dates = FeedDates()
        let want = Date(timeIntervalSince1970: 1_072_986_501) // 2004-01-01T19:48:21Z
        for text in ["Thu, 01 Jan 2004 19:48:21 GMT", "Thu, 1 Jan 2004 14:48:21 EST", "01 Jan 2004 19:48:21 +0000",
                     "Thursday, 01 Jan 2004 11:48:21 PST", "2004-01-01T19:48:21Z", "2004-01-01T20:48:21+01:00",
                     "2004-01-01T19:48:21.000Z", "2004-01-01 19:48:21", "2004-01-01T19:48:21"] {
            XCTAssertEqual(dates.parse(text), want, text)
        }
        XCTAssertEqual(dates.parse("2004-01-01"), Date(timeIntervalSince1970: 1_072_915_200))
        XCTAssertNil(dates.parse("sometime last week"))
    }

    func testAnItemWithoutAnIdIsKnownAgainByItsLinkOrText() throws {
        let text = rss("<item><title>One</title><link>https://a.example/1</link></item><item><title>Two</title><description>x</description></item>")
        let first = try FeedParser.parse(Data(text.utf8)), second = try FeedParser.parse(Data(text.utf8))
        XCTAssertEqual(first.items.map(\.id), second.items.map(\.id))
        XCTAssertEqual(first.items[0].id, "https://a.example/1")
        XCTAssertNotEqual(first.items[1].id, first.items[0].id)
    }

    func testRelativeLinksAreMadeAbsoluteAgainstWhereTheFeedCameFrom() throws {
        let feed = try FeedParser.parse(Data(rss("<item><title>R</title><link>/posts/1</link><description>&lt;img src=\"pic.png\"&gt;</description></item>").utf8),
                                        base: URL(string: "https://a.example/blog/feed.xml"))
        XCTAssertEqual(feed.items.first?.link, "https://a.example/posts/1")
        XCTAssertEqual(feed.items.first?.image, "https://a.example/blog/pic.png")
    }

    /// Words of two paragraphs, or either side of a line break, stay apart when the HTML becomes words.
    func testBlocksStayApartAsWords() {
        XCTAssertEqual(HTMLScan.text("<p>One.</p><p>Two<br>three</p><ul><li>a</li><li>b</li></ul>"), "One. Two three a b")
        XCTAssertEqual(HTMLScan.text("a &amp; <b>b</b>"), "a & b")
    }

    /// A feed item's post id sorts as its date whatever its key: every key is as long as every other.
    func testItemIdsSortAsTheirDates() {
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        // Keys of one feed's items share their high digits (they differ only at the end): many feeds, so
        // that one whose keys begin with a zero is among them.
        let ids = (0..<640).map { k in
            FeedPost.id(date: start.addingTimeInterval(Double(k) * 60),
                        key: FeedPost.key(feed: Int64(k % 64), item: WebFeedItem(id: "http://127.0.0.1:41645/feeds/\(k % 64)/items/\(k / 64)")))
        }
        XCTAssertEqual(Set(ids.map(\.count)).count, 1, "one length: \(Set(ids.map(\.count)))")
        XCTAssertEqual(ids.sorted { ServerID.isNewer($0, than: $1) }, ids.reversed(), "newest first is latest date first")
    }

    func testAWebPageIsNoFeedAndSaysSo() {
        XCTAssertThrowsError(try FeedParser.parse(Data("<!doctype html><html><head><title>x</title></head></html>".utf8))) {
            XCTAssertEqual(($0 as? WebFeedError)?.description, "a web page, not a feed")
        }
    }
}
