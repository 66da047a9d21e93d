import Foundation
@testable import TernWebFeeds
import XCTest

/// Feed lists from other readers: OPML and newsboat's `urls`, and OPML out again.
final class FeedListTests: XCTestCase {
    func testOPMLFoldersBecomeTags() throws {
        let opml = """
            <?xml version="1.0"?><opml version="1.0"><head><title>mine</title></head><body>
              <outline text="Loose" xmlUrl="https://a.example/feed.xml" type="rss"/>
              <outline text="News"><outline title="Daily &amp; Weekly" text="x" xmlUrl="https://b.example/rss"/>
                <outline text="Local"><outline text="Town" xmlUrl="https://c.example/atom"/></outline></outline>
              <outline text="Broken" xmlUrl="javascript:alert(1)"/>
            </body></opml>
            """
        let read = try FeedList.read(Data(opml.utf8))
        XCTAssertEqual(read.entries, [
            FeedList.Entry(url: URL(string: "https://a.example/feed.xml")!, title: "Loose"),
            FeedList.Entry(url: URL(string: "https://b.example/rss")!, title: "Daily & Weekly", tags: ["News"]),
            FeedList.Entry(url: URL(string: "https://c.example/atom")!, title: "Town", tags: ["News", "Local"]),
        ])
        XCTAssertEqual(read.skipped, ["Broken: not a web address (javascript:alert(1))"])
    }

    func testNewsboatsURLsFileWithTagsAndQuotedTitles() {
        let urls = """
            # my feeds
            https://a.example/feed.xml tech "open source" "~A Title"
            https://b.example/rss
            query:unread:unread = "yes"
            https://c.example/atom !hidden news
            """
        let read = FeedList.newsboat(urls)
        XCTAssertEqual(read.entries, [
            FeedList.Entry(url: URL(string: "https://a.example/feed.xml")!, title: "A Title", tags: ["tech", "open source"]),
            FeedList.Entry(url: URL(string: "https://b.example/rss")!),
            FeedList.Entry(url: URL(string: "https://c.example/atom")!, tags: ["news"]),
        ])
        XCTAssertEqual(read.skipped, ["line 4: newsboat's own kind of feed: query:unread:unread"])
    }

    func testExportedOPMLReadsBackTheSame() throws {
        let entries = [FeedList.Entry(url: URL(string: "https://a.example/f?x=1&y=2")!, title: "A <b> & \"c\""),
                       FeedList.Entry(url: URL(string: "https://b.example/rss")!, title: "B", tags: ["News"])]
        XCTAssertEqual(try FeedList.read(Data(FeedList.opml(entries).utf8)).entries, entries)
    }

    func testAPageNamesItsFeeds() {
        let page = """
            <html><head><link rel="stylesheet" href="/s.css"><link rel="alternate" type="application/atom+xml" href="/atom.xml">
            <link rel="alternate" type="text/html" href="/fr/"><link rel="Alternate" type="application/rss+xml" href="https://x.example/rss"></head></html>
            """
        XCTAssertEqual(FeedList.alternates(inPage: page, base: URL(string: "https://a.example/blog/")!).map(\.absoluteString),
                       ["https://a.example/atom.xml", "https://x.example/rss"])
    }
}
