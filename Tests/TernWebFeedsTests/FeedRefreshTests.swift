import AsyncHTTPClient
import Foundation
import TernDemo
import TernHTTP
import TernModel
import TernStore
@testable import TernWebFeeds
import XCTest

/// Feeds refreshed from a real server over loopback into a real store.
final class FeedRefreshTests: XCTestCase {
    func withRig(feeds: Int = 6, _ body: (DemoFeedServer, Store, FeedRefresh) async throws -> Void) async throws {
        let server = try await DemoFeedServer.start(feeds: feeds)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tern-feeds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try Store(url: dir.appendingPathComponent("tern.sqlite"))
        let http = HTTPFetch.makeClient(followRedirects: false)
        do {
            try await body(server, store, FeedRefresh(data: store.feeds, http: http, budget: HTTPFetch.Budget(maxBytes: 20 << 20, deadline: .seconds(3))))
        } catch {
            try? await http.shutdown()
            server.stop()
            throw error
        }
        try await http.shutdown()
        server.stop()
    }

    func testASecondRefreshAsksConditionallyAndIsAnswered304() async throws {
        try await withRig { server, store, refresh in
            for url in server.feedURLs() { try await store.feeds.subscribe(url: URL(string: url)!) }
            // Before a feed was first read it has no title: its host and path name it, not its raw address.
            for (feed, url) in zip(try await store.feeds.subscriptions(), server.feedURLs()) {
                let address = try XCTUnwrap(URL(string: url))
                XCTAssertEqual(feed.name, try XCTUnwrap(address.host) + (address.port.map { ":\($0)" } ?? "") + address.path, "named by its raw address: \(feed.name)")
            }
            let first = await refresh.run(try await store.feeds.subscriptions())
            XCTAssertEqual(first.map(\.outcome), Array(repeating: .new(20), count: 6), "\(first)")
            XCTAssertEqual(server.answered, [200: 6])
            let all = try store.feeds.items.timeline("all").run(around: nil, before: 0, after: 500)
            XCTAssertEqual(all.entries.count, 120, "every item in the feeds' timeline")
            let titles = try await store.feeds.subscriptions().map(\.title)
            XCTAssertEqual(titles, (0..<6).map { "Demo feed \($0)" }, "each feed named by its own title")

            // Found by a word of the whole text, past what the list shows of it.
            let found = try store.feeds.items.search("kingfisher")
            XCTAssertEqual(found.count, 6, "the oldest item of each feed: \(found.map(\.content.plainText))")
            XCTAssertFalse(found.contains { $0.content.plainText.lowercased().contains("kingfisher") }, "the word is past the excerpt")

            let second = await refresh.run(try await store.feeds.subscriptions())
            XCTAssertEqual(second.map(\.outcome), Array(repeating: .notModified, count: 6))
            XCTAssertEqual(server.answered, [200: 6, 304: 6], "nothing but 304s the second time")

            server.publish()
            let third = await refresh.run(try await store.feeds.subscriptions())
            XCTAssertEqual(third.map(\.outcome), Array(repeating: .new(1), count: 6), "one new item each, the rest known again")
            let newest = try store.feeds.items.timeline("all").run(around: nil, before: 0, after: 6)
            XCTAssertTrue(newest.entries.allSatisfy { $0.post?.content.plainText.contains("#20") ?? false },
                          "the new items are at the top: \(newest.entries.compactMap { $0.post?.content.plainText.prefix(40) })")
        }
    }

    func testABrokenFeedFailsAloneAndSaysWhy() async throws {
        try await withRig(feeds: 2) { server, store, refresh in
            let base = server.baseURL
            for path in ["/feeds/0.xml", "/slow", "/site", "/huge", "/busy", "/moved/1", "/feeds/99.xml"] {
                try await store.feeds.subscribe(url: URL(string: base + path)!)
            }
            let reports = await refresh.run(try await store.feeds.subscriptions())
            func outcome(_ path: String) -> FeedRefresh.Report.Outcome? {
                reports.first { $0.feed.url.absoluteString == base + path || ($0.feed.url.path == "/feeds/1.xml" && path == "/moved/1") }?.outcome
            }
            XCTAssertEqual(outcome("/feeds/0.xml"), .new(20))
            XCTAssertEqual(outcome("/slow"), .failed("no complete answer within 3.0 seconds"))
            XCTAssertEqual(outcome("/site"), .failed("a web page, not a feed; its feed is at \(base)/feeds/0.xml"))
            XCTAssertEqual(outcome("/huge"), .failed("response larger than 20 MB"))
            guard case .failed(let busy)? = outcome("/busy") else { return XCTFail("\(reports)") }
            XCTAssertTrue(busy.hasPrefix("the server is busy (429), asks to wait until"), busy)
            XCTAssertEqual(outcome("/moved/1"), .new(20), "a feed that moved is read where it went")
            XCTAssertEqual(outcome("/feeds/99.xml"), .failed("not found (404)"))

            let subs = try await store.feeds.subscriptions()
            XCTAssertTrue(subs.contains { $0.url.absoluteString == base + "/feeds/1.xml" }, "the permanent move is remembered: \(subs.map(\.url))")
            XCTAssertEqual(subs.first { $0.url.path == "/huge" }?.lastError, "response larger than 20 MB", "each feed keeps its last error")
            // The busy server is not asked again before the time it gave.
            let again = await refresh.refresh(try XCTUnwrap(subs.first { $0.url.path == "/busy" }))
            guard case .waiting = again.outcome else { return XCTFail("\(again.outcome)") }
            XCTAssertEqual(server.answered[429], 1)
        }
    }

    /// A removed feed leaves no item in any list, count or search; following it again, or at a second
    /// address, brings each item back once.
    func testARemovedFeedLeavesNothingAndComingBackDoublesNothing() async throws {
        try await withRig(feeds: 2) { server, store, refresh in
            let urls = server.feedURLs().map { URL(string: $0)! }
            for url in urls { try await store.feeds.subscribe(url: url) }
            _ = await refresh.run(try await store.feeds.subscriptions())
            func shown() async throws -> (all: Int, found: Int, unread: Int?) {
                let all = try store.feeds.items.timeline("all").run(around: nil, before: 0, after: 500).entries.count
                return (all, try store.feeds.items.search("kingfisher").count, try await store.feeds.lists().first?.unread)
            }
            let before = try await shown()
            XCTAssertEqual(before.all, 40)

            let subscriptions = try await store.feeds.subscriptions()
            let first = try XCTUnwrap(subscriptions.first { $0.url == urls[0] })
            try await store.feeds.unsubscribe(first.id)
            let gone = try await shown()
            XCTAssertEqual(gone.all, 20, "the removed feed's items left the list of all feeds")
            XCTAssertEqual(gone.found, 1, "and the search")
            XCTAssertEqual(gone.unread, 20, "and the count of unread items")

            try await store.feeds.subscribe(url: urls[0])
            try await store.feeds.subscribe(url: URL(string: urls[0].absoluteString + "?again")!)
            _ = await refresh.run(try await store.feeds.subscriptions())
            let back = try await shown()
            XCTAssertEqual(back.all, 40, "each item once, though its feed came back and at two addresses")
            XCTAssertEqual(back.found, 2)
            XCTAssertEqual(back.unread, 40, "an item two subscriptions bring is one unread item")
            let titles = try store.feeds.items.timeline("all").run(around: nil, before: 0, after: 500).entries.compactMap { $0.post?.id }
            XCTAssertEqual(Set(titles).count, titles.count)
        }
    }
}
