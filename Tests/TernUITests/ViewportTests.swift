@testable import TernUI
import XCTest

final class ViewportTests: XCTestCase {
    /// Ten posts of the given heights in a 20-line view.
    func metrics(_ heights: [Int], view: Int = 20) -> Viewport.Metrics {
        Viewport.Metrics(ids: heights.indices.map { "p\($0)" }, viewHeight: view) { heights[$0] }
    }

    func testVisibleStartsAtTheAnchorAndStopsBelowTheView() {
        let m = metrics([5, 5, 5, 5, 5, 5])
        var v = Viewport()
        v.normalize(m)
        XCTAssertEqual(v.visible(m).map(\.index), [0, 1, 2, 3])
        v.scroll(by: 7, m)
        XCTAssertEqual(v.anchorID, "p1")
        XCTAssertEqual(v.anchorOffset, 2)
        XCTAssertEqual(v.visible(m).map(\.top), [-2, 3, 8, 13, 18])
    }

    func testScrollingStopsAtBothEnds() {
        let m = metrics([5, 5, 5, 5, 5, 5])
        var v = Viewport()
        v.normalize(m)
        v.scroll(by: -3, m)
        XCTAssertEqual(v.anchorID, "p0"); XCTAssertEqual(v.anchorOffset, 0)
        v.scroll(by: 1000, m)
        // 30 lines of posts in a 20-line view: the last post ends at the bottom.
        XCTAssertEqual(v.anchorID, "p2"); XCTAssertEqual(v.anchorOffset, 0)
    }

    func testNextSelectsAndScrollsOnlyAsMuchAsNeeded() {
        let m = metrics([8, 8, 8, 8, 8])
        var v = Viewport()
        v.normalize(m)
        v.selectNext(m)
        XCTAssertEqual(v.selectedID, "p1")
        XCTAssertEqual(v.anchorID, "p0")
        v.selectNext(m)
        // p2 spans lines 16–23: scroll 4 lines so it ends at the bottom.
        XCTAssertEqual(v.selectedID, "p2")
        XCTAssertEqual(v.anchorID, "p0"); XCTAssertEqual(v.anchorOffset, 4)
        v.selectPrevious(m); v.selectPrevious(m)
        XCTAssertEqual(v.selectedID, "p0")
        XCTAssertEqual(v.anchorOffset, 0)
    }

    func testATallPostIsReadByScrollingBeforeMovingOn() {
        let m = metrics([50, 5, 5])
        var v = Viewport()
        v.normalize(m)
        v.selectNext(m)
        XCTAssertEqual(v.selectedID, "p0", "the rest of the tall post comes first")
        XCTAssertEqual(v.anchorOffset, 10)
    }

    func testTheAnchorHoldsWhenPostsArriveAbove() {
        var v = Viewport()
        let before = metrics([5, 5, 5, 5, 5, 5, 5, 5])
        v.normalize(before)
        v.scroll(by: 6, before)
        XCTAssertEqual(v.anchorID, "p1")
        // Three new posts above: same ids shift down in the list, the view stays on p1.
        let after = Viewport.Metrics(ids: ["n0", "n1", "n2"] + before.ids, viewHeight: 20) { _ in 5 }
        v.normalize(after)
        XCTAssertEqual(v.anchorID, "p1")
        XCTAssertEqual(v.anchorOffset, 1)
        XCTAssertEqual(v.visible(after).first?.index, 4)
    }

    func testPagingAndJumps() {
        let m = metrics(Array(repeating: 6, count: 20))
        var v = Viewport()
        v.normalize(m)
        v.page(1, m)
        XCTAssertEqual(v.anchorID, "p3"); XCTAssertEqual(v.anchorOffset, 0)
        XCTAssertEqual(v.selectedID, "p3")
        v.page(-1, m)
        XCTAssertEqual(v.anchorID, "p0")
        v.toBottom(m)
        XCTAssertEqual(v.selectedID, "p19")
        XCTAssertEqual(v.visible(m).last?.index, 19)
        v.toTop(m)
        XCTAssertEqual(v.selectedID, "p0"); XCTAssertEqual(v.anchorID, "p0")
    }
}

final class PrefetchWindowTests: XCTestCase {
    func testTheWindowFollowsTheDirectionAndStopsAtTheEnds() {
        let shown = [Viewport.Placement(index: 10, top: 0), Viewport.Placement(index: 11, top: 8), Viewport.Placement(index: 12, top: 16)]
        XCTAssertEqual(Viewport.ahead(of: shown, direction: 1, count: 10, total: 100), 13..<23)
        XCTAssertEqual(Viewport.ahead(of: shown, direction: -1, count: 10, total: 100), 0..<10)
        XCTAssertEqual(Viewport.ahead(of: shown, direction: 1, count: 10, total: 15), 13..<15)
        XCTAssertEqual(Viewport.ahead(of: shown, direction: 1, count: 0, total: 100), 0..<0)
        XCTAssertEqual(Viewport.ahead(of: [], direction: 1, count: 10, total: 100), 0..<0)
    }
}

final class NewPostsTrackerTests: XCTestCase {
    func testCountsArrivalsUntilScrolledToOrCleared() {
        var t = NewPostsTracker()
        t.arrived([])
        XCTAssertEqual(t.count, 0, "posts from the cache or the first page are not news")
        t.arrived(["x", "y"])
        XCTAssertEqual(t.count, 2)
        t.arrived(["x", "y", "z"])
        XCTAssertEqual(t.count, 3, "each arrival counts once however many snapshots name it")
        t.seen(["y", "a"])
        XCTAssertEqual(t.count, 2)
        t.arrived(["x", "y", "z"])
        XCTAssertEqual(t.count, 2, "a post scrolled to stays seen")
        t.clear()
        t.arrived(["x", "y", "z"])
        XCTAssertEqual(t.count, 0)

        // Catch-up's done reading: the engine stops naming what it marked read, and it is not new here either
        // (Home said "↑ 9 new" after x).
        var read = NewPostsTracker()
        read.arrived(["a", "b", "c"])
        read.arrived(["c"])
        XCTAssertEqual(read.count, 1)
    }

    /// Hours of streaming: what the engine no longer names as an arrival is forgotten here too, and what it
    /// still names keeps its state (seen stays seen, unseen stays counted).
    func testForgetsWhatTheEngineLetGo() {
        var t = NewPostsTracker()
        let old = Set((0..<3_000).map { "old\($0)" })
        t.arrived(old)
        t.seen(old.prefix(2_000))
        XCTAssertEqual(t.count, 1_000)
        let recent = Set((0..<50).map { "new\($0)" })
        t.arrived(recent.union(["old-kept"]))
        XCTAssertEqual(t.count, 51, "the old unseen ones are gone with the engine's arrivals")
        t.seen(["new0"])
        t.arrived(recent.union(["old-kept"]))
        XCTAssertEqual(t.count, 50, "a post seen stays seen after the pruning")
    }

    /// `c` inside a post taller than the screen: the warning opens or closes and the reader stays where
    /// they were in the post (it once jumped back to the post's top).
    func testRevealingInsideATallPostKeepsThePlace() {
        var heights = [5, 80, 5, 5]
        let before = Viewport.Metrics(ids: heights.indices.map { "p\($0)" }, viewHeight: 20) { heights[$0] }
        var v = Viewport()
        v.normalize(before)
        v.selectNext(before)
        for _ in 0..<3 { v.selectNext(before) }
        XCTAssertEqual(v.selectedID, "p1")
        XCTAssertEqual(v.anchorID, "p1")
        let offset = v.anchorOffset
        XCTAssertGreaterThan(offset, 0, "reading inside the post")
        heights[1] = 95  // the warning opened: the post grew below
        let after = Viewport.Metrics(ids: heights.indices.map { "p\($0)" }, viewHeight: 20) { heights[$0] }
        v.keepSelectionVisible(after)
        XCTAssertEqual(v.anchorID, "p1")
        XCTAssertEqual(v.anchorOffset, offset)
        // A post wholly out of view is still brought into it.
        var far = v
        far.selectedID = "p3"
        far.keepSelectionVisible(after)
        XCTAssertTrue(far.visible(after).contains { $0.index == 3 })
    }
}
