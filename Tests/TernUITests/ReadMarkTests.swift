import Foundation
import TernFeed
import TernModel
import TernTerminal
@testable import TernUI
import XCTest

/// "Read up to here" as a list shows it, and `u`, with no terminal and no engine.
final class ReadMarkTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func post(_ n: Int) -> Post {
        Post(id: "p\(n)", statusID: "p\(n)", account: Account(id: "a", acct: "ada", displayName: "Ada"),
             createdAt: now.addingTimeInterval(Double(-n * 60)), content: StyledText(plain: "Post number \(n)."))
    }

    func snapshot(posts: Range<Int>, readUpTo: String?, moreNewer: Bool = false, version: Int = 1) -> FeedSnapshot {
        var t = TimelineSnapshot(version: version, timeline: .home, posts: posts.map(post))
        t.readUpTo = readUpTo
        t.moreNewer = moreNewer
        return FeedSnapshot(t)
    }

    func testTheLineSitsAboveThePostReadUpToWhenSomethingIsNewerThanIt() {
        XCTAssertEqual(snapshot(posts: 0..<10, readUpTo: "p4").rows.map(\.id).prefix(6),
                       ["p0", "p1", "p2", "p3", FeedSnapshot.readMarkID, "p4"])
        XCTAssertFalse(snapshot(posts: 0..<10, readUpTo: "p0").rows.contains { $0.id == FeedSnapshot.readMarkID },
                       "nothing above the newest post: no line")
        XCTAssertEqual(snapshot(posts: 0..<10, readUpTo: "p0", moreNewer: true).rows.first?.id, FeedSnapshot.readMarkID,
                       "newer posts in the store above the window: the line")
        XCTAssertFalse(snapshot(posts: 0..<10, readUpTo: "p99").rows.contains { $0.id == FeedSnapshot.readMarkID },
                       "a post not in the list: no line")
        let l = RowLayout(row: snapshot(posts: 0..<10, readUpTo: "p4").rows[4], width: 60, revealed: false, now: now)
        XCTAssertTrue(l.lines[0].first?.text.string.contains("─ read up to here ─") ?? false, "\(l.lines)")
    }

    func testUGoesToTheOldestPostAboveTheLine() {
        let e = LayerEnv(rows: 24, columns: 80, now: now, renderer: FrameRenderer(theme: .builtIn))
        var layer = FeedLayer(.timeline(.home))
        layer.show(snapshot(posts: 0..<40, readUpTo: "p12"), e)
        _ = layer.settle(e)
        XCTAssertEqual(layer.viewport.selectedID, "p0")
        XCTAssertEqual(layer.update(.character("u"), e), [])
        _ = layer.settle(e)
        XCTAssertEqual(layer.viewport.selectedID, "p11")
        XCTAssertEqual(layer.viewport.anchorID, "p11", "at the top of the view, the line under it")

        // Nothing newer than what was read: said, and the view stays.
        layer.show(snapshot(posts: 0..<40, readUpTo: "p0", version: 2), e)
        _ = layer.settle(e)
        XCTAssertEqual(layer.update(.character("u"), e), [.say("Nothing new above what you had read", error: false)])

        // The post read up to is outside the window: the engine is asked for the posts around it, and the
        // view goes there when they come.
        layer.show(snapshot(posts: 0..<40, readUpTo: "p70", version: 3).with { $0.moreOlder = true }, e)
        _ = layer.settle(e)
        XCTAssertEqual(layer.update(.character("u"), e), [.feed(.timeline(.home), .jumpToUnread)])
        layer.show(snapshot(posts: 40..<100, readUpTo: "p70", moreNewer: true, version: 4), e)
        _ = layer.settle(e)
        XCTAssertEqual(layer.viewport.selectedID, "p69")
    }

    /// The line is a mark between posts, not an item: j and k step over it, never selecting it.
    func testJAndKStepOverTheLine() {
        let e = LayerEnv(rows: 24, columns: 80, now: now, renderer: FrameRenderer(theme: .builtIn))
        var layer = FeedLayer(.timeline(.home))
        layer.show(snapshot(posts: 0..<40, readUpTo: "p2"), e)
        _ = layer.settle(e)
        for expected in ["p1", "p2", "p3"] {
            _ = layer.update(.character("j"), e)
            _ = layer.settle(e)
            XCTAssertEqual(layer.viewport.selectedID, expected)
        }
        for expected in ["p2", "p1"] {
            _ = layer.update(.character("k"), e)
            _ = layer.settle(e)
            XCTAssertEqual(layer.viewport.selectedID, expected)
        }
    }

    /// A link's words keep their link on every line they are wrapped onto, the spaces between them too,
    /// and text beside it has none.
    func testALinkWrappedOverLinesKeepsItsTargetOnEach() {
        let lines = TextWrap.wrap(linked: [("read ", .text, nil), ("the whole long article", .link, "https://a.example/x"), (" now", .text, nil)],
                                  width: 16)
        let linked = lines.flatMap { $0 }.filter { $0.link != nil }
        XCTAssertEqual(linked.map(\.text.string).joined(separator: "|"), "the whole|long article")
        XCTAssertTrue(linked.allSatisfy { $0.link == "https://a.example/x" && $0.role == .link })
        XCTAssertTrue(lines.flatMap { $0 }.filter { $0.text.string.contains("read") || $0.text.string.contains("now") }.allSatisfy { $0.link == nil })
    }
}

private extension FeedSnapshot {
    func with(_ change: (inout FeedSnapshot) -> Void) -> FeedSnapshot {
        var s = self
        change(&s)
        return s
    }
}
