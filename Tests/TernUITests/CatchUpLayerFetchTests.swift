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

    func frame(_ layer: CatchUpLayer, _ e: LayerEnv) throws -> [String] {
        let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (e.rows, e.columns))
        defer { screen.close() }
        screen.erase()
        layer.render(e, on: screen)
        return (0..<e.rows).map { screen.frame.text(row: $0) }
    }

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
        var lines = try frame(layer, e)
        XCTAssertTrue(lines[23].hasPrefix("Fetching since the read mark: 80 posts in 2 pages · Esc stops"), lines[23])
        XCTAssertTrue(lines.contains { $0.contains("Fetching what the cache lacks for since the read mark") }, lines.joined(separator: "\n"))

        XCTAssertEqual(layer.update(.escape, e), [.stopCatchUpFetch], "Esc stops the fetch, the screen stays")
        lines = try frame(layer, e)
        XCTAssertTrue(lines[23].hasPrefix("Stopping: ranking what is held after 80 posts in 2 pages"), lines[23])

        XCTAssertEqual(layer.receive(.catchUp(.sinceReadMark, load(), failure: nil), e), [])
        XCTAssertNil(layer.fetching)
        XCTAssertEqual(layer.rows.count, 3, "what was held is ranked")
        lines = try frame(layer, e)
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
}
