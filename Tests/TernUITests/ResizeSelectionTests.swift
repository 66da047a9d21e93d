import Foundation
import TernFeed
import TernModel
@testable import TernUI
import XCTest

/// A resize changes every post's height: the selected post is in view after it, before any key (issue 45:
/// a 40-reply thread, `G`, 120×40 → 80×24 showed replies above the last while the status line said 16/16).
final class ResizeSelectionTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func reply(_ n: Int) -> Post {
        Post(id: "r\(n)", statusID: "r\(n)", account: Account(id: "a\(n % 7)", acct: "user\(n % 7)", displayName: "User \(n % 7)"),
             createdAt: now.addingTimeInterval(Double(-n * 60)),
             content: StyledText(plain: String(repeating: "A reply that wraps onto more lines on a narrow screen, \(n). ", count: 1 + n % 3)),
             inReplyToID: n == 0 ? nil : "r\(n - 1)")
    }

    private func env(_ rows: Int, _ columns: Int) -> LayerEnv {
        LayerEnv(rows: rows, columns: columns, now: now, renderer: FrameRenderer(theme: .builtIn))
    }

    /// Where the selected post is drawn, in lines from the list's top, and its height: nil when not in view.
    private func selectedPlace(_ layer: FeedLayer, _ e: LayerEnv) -> (top: Int, height: Int)? {
        let m = layer.metrics(e, layer.snapshot!)
        guard let s = layer.viewport.selectedIndex(m), let p = layer.viewport.visible(m).first(where: { $0.index == s }) else { return nil }
        return (p.top, m.height(s))
    }

    func testAfterAResizeTheSelectedPostIsInView() {
        let thread = FeedID.thread(rootID: "r0")
        let rows = (0..<41).map { FeedRow.post(reply($0), depth: min($0, 8), focused: $0 == 0) }
        for (from, to) in [((40, 120), (24, 80)), ((24, 80), (40, 120)), ((40, 200), (10, 40)), ((60, 200), (24, 80))] {
            var layer = FeedLayer(.thread(rootID: "r0", seed: reply(0)))
            let big = env(from.0, from.1), small = env(to.0, to.1)
            layer.show(FeedSnapshot(version: 1, feed: thread, rows: rows), big)
            _ = layer.settle(big)
            _ = layer.update(.character("G"), big)
            _ = layer.settle(big)
            XCTAssertEqual(layer.viewport.selectedID, "r40")
            XCTAssertNotNil(selectedPlace(layer, big))
            _ = layer.settle(small)
            let place = selectedPlace(layer, small)
            XCTAssertNotNil(place, "\(from) → \(to): the selected reply is off screen")
            if let place {
                XCTAssertTrue(place.top >= 0 || place.top + place.height >= small.listHeight,
                              "\(from) → \(to): the selected reply's top is above the view (\(place))")
                XCTAssertLessThan(place.top, small.listHeight, "\(from) → \(to)")
            }
        }
    }

    /// Issue 45: Esc from the pictures in the right pane (the list narrowed to the left pane meanwhile) left
    /// the list 4–6 rows lower than before. Back at the size it had, with no key pressed between, the list
    /// is exactly where it was; a key pressed at the other size makes that place the one kept.
    func testBackAtTheSizeBeforeTheListIsExactlyWhereItWas() {
        let timeline = FeedSnapshot(TimelineSnapshot(version: 1, timeline: .home, posts: (0..<41).map(reply)))
        let full = env(50, 175), pane = env(50, 69)
        var layer = FeedLayer(.timeline(.home))
        layer.show(timeline, full)
        _ = layer.settle(full)
        for _ in 0..<9 { _ = layer.update(.character("j"), full); _ = layer.settle(full) }
        _ = layer.update(.character(" "), full)
        _ = layer.settle(full)
        let before = layer.viewport
        _ = layer.settle(pane)
        XCTAssertNotNil(selectedPlace(layer, pane), "the selection is in view in the pane")
        _ = layer.settle(pane)
        _ = layer.settle(full)
        XCTAssertEqual(layer.viewport, before, "the list moved")

        _ = layer.settle(pane)
        _ = layer.update(.character("j"), pane)
        _ = layer.settle(pane)
        let moved = layer.viewport
        _ = layer.settle(full)
        XCTAssertEqual(layer.viewport.selectedID, moved.selectedID)
        XCTAssertNotNil(selectedPlace(layer, full))
    }

    /// A list opened where it was left (a restart) and then made smaller keeps its selected post in view at
    /// every settle, not only the first: the place kept was put back at each one until a key, with the
    /// selection below the smaller screen (a new user's find: 120×40, seven posts down, quit, start, 80×24).
    func testAPlaceKeptFromBeforeKeepsTheSelectionInViewAfterAResize() {
        let posts = (0..<30).map { n in
            Post(id: "p\(n)", statusID: "p\(n)", account: Account(id: "a", acct: "ann", displayName: "Ann"),
                 createdAt: now.addingTimeInterval(Double(-n * 60)), content: StyledText(plain: "Post \(n) with a few words."))
        }
        var t = TimelineSnapshot(version: 1, timeline: .home, posts: posts)
        t.savedPosition = SavedPosition(anchorID: "p0", offset: 0, selectedID: "p7")
        var layer = FeedLayer(.timeline(.home))
        let big = env(40, 120), small = env(24, 80)
        layer.show(FeedSnapshot(t), big)
        _ = layer.settle(big)
        XCTAssertEqual(layer.viewport.selectedID, "p7")
        XCTAssertNotNil(selectedPlace(layer, big))
        _ = layer.settle(small)
        t.version = 2
        layer.show(FeedSnapshot(t), small)
        _ = layer.settle(small)
        XCTAssertEqual(layer.viewport.selectedID, "p7")
        let place = selectedPlace(layer, small)
        XCTAssertNotNil(place, "the selected post is off screen")
        if let place { XCTAssertLessThan(place.top + place.height, small.listHeight + 1, "\(place)") }
    }
}
