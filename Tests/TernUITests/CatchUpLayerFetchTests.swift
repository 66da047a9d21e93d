import Foundation
import TernFeed
import TernModel
@testable import TernTerminal
@testable import TernUI
import XCTest

/// Catch-up's screen while what the store lacks for its window is fetched: the progress on the status line,
/// Esc stopping the fetch (not leaving), and the screen's keys alive once the window comes.
final class CatchUpLayerFetchTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func env() -> LayerEnv { LayerEnv(rows: 24, columns: 110, now: now, renderer: FrameRenderer(theme: .builtIn)) }

    func load() -> CatchUpLoad {
        let ann = Account(id: "ann", acct: "ann", displayName: "Ann Lee")
        let posts = (0..<3).map { i in
            Post(id: "00\(i)", statusID: "00\(i)", account: ann, createdAt: now.addingTimeInterval(-Double(i) * 60),
                 content: StyledText(plain: "post \(i)"), favouritesCount: i)
        }
        let pool = CatchUpPool(entries: posts, usual: AuthorUsual(posts), sieve: CatchUpSieve(hidden: [], filters: nil, now: now), followedTags: [])
        return CatchUpLoad(window: .sinceReadMark, pool: pool, notes: ["Fetching was stopped after 80 posts in 2 pages: the older posts down to the window's start are not in it."])
    }

    func testProgressOnTheStatusLineAndEscStopsTheFetch() throws {
        let e = env()
        var layer = CatchUpLayer()
        XCTAssertEqual(layer.receive(.catchUpFetching(.lastHours(4), CatchUpFetch.Progress(posts: 9, pages: 9)), e), [])
        XCTAssertNil(layer.fetching, "progress for another window is not this one's")
        XCTAssertEqual(layer.receive(.catchUpFetching(.sinceReadMark, CatchUpFetch.Progress(posts: 80, pages: 2)), e), [])
        var lines = try renderedLines(layer, e)
        XCTAssertTrue(lines[23].hasPrefix("Fetching since the read mark: 80 posts in 2 pages · Esc stops"), lines[23])
        XCTAssertTrue(lines.contains { $0.contains("Fetching the posts since the read mark that the cache lacks…") }, lines.joined(separator: "\n"))

        XCTAssertEqual(layer.update(.escape, e), [.stopCatchUpFetch], "Esc stops the fetch, the screen stays")
        lines = try renderedLines(layer, e)
        XCTAssertTrue(lines[23].hasPrefix("Stopping: ranking what is held after 80 posts in 2 pages"), lines[23])

        XCTAssertEqual(layer.receive(.catchUp(.sinceReadMark, load(), failure: nil), e), [])
        XCTAssertNil(layer.fetching)
        XCTAssertEqual(layer.rows.count, 3, "what was held is ranked")
        lines = try renderedLines(layer, e)
        XCTAssertTrue(lines.contains { $0.contains("Fetching was stopped after 80 posts") }, lines.joined(separator: "\n"))
        XCTAssertEqual(layer.update(.character("j"), e), [], "keys work again")
        XCTAssertEqual(layer.selected, 1)
        XCTAssertEqual(layer.update(.escape, e), [.pop], "and the next Esc goes back")
    }

    func testQuitWhileFetchingStopsTheFetchAndLeaves() {
        let e = env()
        var layer = CatchUpLayer()
        _ = layer.receive(.catchUpFetching(.sinceReadMark, CatchUpFetch.Progress(posts: 0, pages: 0)), e)
        XCTAssertEqual(layer.update(.character("q"), e), [.stopCatchUpFetch, .pop])
    }

    /// With a slow server the screen was blank while the fetch ran: the cache's window shows at once
    /// (`provisional`), the fetch's progress on the status line, and the window read after it replaces it
    /// with the post selected kept; an empty cache's window does not give way to the last day before the fetch
    /// has said what came.
    func testTheCachesWindowShowsWhileTheFetchRunsAndTheReadAfterKeepsTheSelection() throws {
        let e = env()
        var layer = CatchUpLayer()
        _ = layer.receive(.catchUpFetching(.sinceReadMark, CatchUpFetch.Progress()), e)
        var cached = load()
        cached.provisional = true
        XCTAssertEqual(layer.receive(.catchUp(.sinceReadMark, cached, failure: nil), e), [])
        XCTAssertEqual(layer.rows.count, 3, "the cache's posts, at once")
        XCTAssertNotNil(layer.fetching, "the fetch goes on")
        _ = layer.receive(.catchUpFetching(.sinceReadMark, CatchUpFetch.Progress(posts: 40, pages: 1)), e)
        let lines = try renderedLines(layer, e)
        XCTAssertTrue(lines[23].hasPrefix("Fetching since the read mark: 40 posts in 1 page · the cache's posts meanwhile"), lines[23])
        XCTAssertTrue(lines.contains { $0.contains("post 0") }, lines.joined(separator: "\n"))
        var leaving = layer
        XCTAssertEqual(leaving.update(.escape, e), [.stopCatchUpFetch, .pop], "Esc leaves as ever, the fetch stopped")
        _ = layer.update(.character("j"), e)
        let chosen = try XCTUnwrap(layer.selectedRow?.id)
        _ = layer.receive(.catchUp(.sinceReadMark, load(), failure: nil), e)
        XCTAssertNil(layer.fetching, "the read after the fetch ends it")
        XCTAssertEqual(layer.selectedRow?.id, chosen, "on the same post")

        var empty = CatchUpLayer()
        var none = CatchUpLoad(window: .sinceReadMark, pool: CatchUpPool(entries: [], usual: AuthorUsual([]),
                                                                         sieve: CatchUpSieve(hidden: [], filters: nil, now: now), followedTags: []))
        none.provisional = true
        XCTAssertEqual(empty.receive(.catchUp(.sinceReadMark, none, failure: nil), e), [], "the fetch may bring posts since the read mark")
        none.provisional = false
        none.unfetched = true
        XCTAssertEqual(empty.receive(.catchUp(.sinceReadMark, none, failure: nil), e), [.loadCatchUp(.lastHours(24))])
        XCTAssertTrue(try renderedLines(empty, e).joined().contains("Nothing since the read mark in the cache, and nothing newer could be fetched"))
    }
}
