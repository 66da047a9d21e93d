import Foundation
import TernFeed
import TernImages
import TernModel
import TernTerminal
@testable import TernUI
import XCTest

/// The grid of pictures (`m`) as a pure layer: which posts it shows, how keys move, what it asks for.
final class GridLayerTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func post(_ n: Int, pictures: Int) -> Post {
        Post(id: "p\(n)", statusID: "p\(n)", account: Account(id: "a", acct: "ann", displayName: "Ann"), createdAt: now,
             content: StyledText(plain: "post \(n)"),
             media: (0..<pictures).map { MediaAttachment(id: "m\(n)-\($0)", kind: .image, url: "https://x/\(n)-\($0).jpg",
                                                         previewURL: "https://x/\(n)-\($0)s.jpg", previewWidth: 400, previewHeight: 400) })
    }

    /// 120×40: 8-row thumbnails, 16 columns wide; six to a row, four rows in view.
    func env(_ posts: [Post]) -> LayerEnv {
        LayerEnv(rows: 40, columns: 120, now: now, renderer: FrameRenderer(theme: .builtIn))
    }

    func home(_ posts: [Post]) -> FeedSnapshot {
        FeedSnapshot(TimelineSnapshot(version: 1, timeline: .home, posts: posts))
    }

    func demand(_ effects: [Effect]) -> ThumbnailDemand? {
        for case .thumbnails(let d) in effects { return d }
        return nil
    }

    /// With pictures off (`--images off`), `m` says so rather than drawing every picture in a grid.
    func testNoGridWithPicturesOff() {
        let posts = (0..<10).map { post($0, pictures: 1) }
        let e = env(posts)
        e.renderer.pictures.off = true
        var stack = LayerStack(root: .home)
        stack.show(home(posts), e)
        _ = stack.apply(stack.settle(e))
        let effects = stack.apply(stack.key(.character("m"), e))
        XCTAssertFalse(stack.top is GridLayer)
        XCTAssertTrue(effects.contains { if case .say(let text, _) = $0 { return text.contains("pictures are off") } else { return false } }, "\(effects)")
    }

    /// `m`, then Esc without moving: the list as it was, the selected post on the same line (it came back at
    /// the top of the view).
    func testEscFromTheGridWithoutAMoveLeavesTheListAsItWas() {
        let posts = (0..<60).map { post($0, pictures: 1) }
        let e = env(posts)
        var stack = LayerStack(root: .home)
        stack.show(home(posts), e)
        _ = stack.apply(stack.settle(e))
        for _ in 0..<3 { _ = stack.apply(stack.key(.character("j"), e)); _ = stack.apply(stack.settle(e)) }
        let before = try? XCTUnwrap(stack.top as? FeedLayer).viewport
        XCTAssertNotEqual(before?.anchorID, before?.selectedID, "the selected post is below the top of the view")
        _ = stack.apply(stack.key(.character("m"), e))
        XCTAssertTrue(stack.top is GridLayer)
        _ = stack.apply(stack.key(.escape, e))
        _ = stack.apply(stack.settle(e))
        XCTAssertEqual((stack.top as? FeedLayer)?.viewport, before)
    }

    /// `m` on a post without pictures, then Esc without moving: back at that post, not at the first post
    /// with pictures, which the grid selects for want of the one it was opened on (a new user's find).
    func testEscFromTheGridOpenedOnAPostWithoutPicturesComesBackToThatPost() {
        let posts = (0..<60).map { post($0, pictures: $0 % 3 == 2 ? 0 : 1) }
        let e = env(posts)
        var stack = LayerStack(root: .home)
        stack.show(home(posts), e)
        _ = stack.apply(stack.settle(e))
        for _ in 0..<5 { _ = stack.apply(stack.key(.character("j"), e)); _ = stack.apply(stack.settle(e)) }
        XCTAssertEqual((stack.top as? FeedLayer)?.viewport.selectedID, "p5", "a post without pictures")
        _ = stack.apply(stack.key(.character("m"), e))
        _ = stack.apply(stack.settle(e))
        XCTAssertTrue(stack.top is GridLayer)
        XCTAssertEqual((stack.top as? GridLayer)?.selectedID, "p6", "the grid starts at the nearest post below with a picture, not its first cell")
        _ = stack.apply(stack.key(.escape, e))
        _ = stack.apply(stack.settle(e))
        XCTAssertEqual((stack.top as? FeedLayer)?.viewport.selectedID, "p5")
    }

    func testMOpensTheGridAtTheSelectedPostAndComesBackToWhereItMoved() {
        let posts = (0..<60).map { post($0, pictures: $0 % 3 == 2 ? 0 : 1) }
        let e = env(posts)
        var stack = LayerStack(root: .home)
        stack.show(home(posts), e)
        _ = stack.apply(stack.settle(e))
        _ = stack.apply(stack.key(.character("j"), e))
        _ = stack.apply(stack.key(.character("m"), e))
        guard let grid = stack.top as? GridLayer else { return XCTFail("no grid: \(stack.top)") }
        XCTAssertEqual(grid.selectedID, "p1")
        XCTAssertEqual(GridLayer.posts(home(posts)).count, 40, "posts without pictures are left out")

        // Right one, down one row of six: the 8th picture post (p1 is the 2nd, +1, +6).
        for k: Key in [.right, .character("j")] { _ = stack.apply(stack.key(k, e)) }
        XCTAssertEqual((stack.top as? GridLayer)?.selectedID, GridLayer.posts(home(posts))[8].id)
        let selected = GridLayer.posts(home(posts))[8]
        XCTAssertEqual(stack.key(.enter, e), [.push(.feed(FeedLayer.thread(of: selected)))])

        // m again: back to the list, at the post chosen in the grid.
        _ = stack.apply(stack.key(.character("m"), e))
        let list = stack.top as? FeedLayer
        XCTAssertNotNil(list)
        XCTAssertEqual(list?.viewport.selectedID, selected.id)
    }

    func testTheGridAsksOnlyForCellsInViewAndAheadAndPagesTheList() {
        let posts = (0..<100).map { post($0, pictures: 2) }
        let e = env(posts)
        var grid = GridLayer(.timeline(.home))
        grid.show(home(posts), e)
        let effects = grid.settle(e)
        let d = demand(effects)
        XCTAssertEqual(d?.visible.count, 24, "four rows of six in view")
        XCTAssertEqual(d?.ahead.count, 48, "two screens ahead")
        XCTAssertTrue(d?.visible.allSatisfy { $0.boxes.count == 1 && $0.boxes[0].columns == 16 && $0.boxes[0].rows == 8 } == true,
                      "one square picture per post")
        XCTAssertTrue(effects.contains(.feed(.timeline(.home), .viewed(firstID: "p0", lastID: "p23", anchorID: nil, offset: 0))))
        XCTAssertNil(demand(grid.settle(e)), "nothing changed, nothing asked")
        // Paging down a screen moves the view by four rows.
        _ = grid.update(.pageDown, e)
        let next = demand(grid.settle(e))
        XCTAssertEqual(next?.visible.first?.id, "grid:p24")
        XCTAssertEqual(grid.topRow, 4)
    }

    func testSensitivePicturesShowOnlyTheirBlurhashInTheGrid() {
        var p = post(0, pictures: 1)
        p.sensitive = true
        p.media[0].blurhash = "LEHV6nWB2yk8pyo0adR*.7kCMdnj"
        var grid = GridLayer(.timeline(.home))
        grid.show(home([p]), env([p]))
        let d = demand(grid.settle(env([p])))
        XCTAssertNil(d?.visible.first?.boxes.first?.request)
        XCTAssertEqual(d?.visible.first?.boxes.first?.blurKey?.url.hasPrefix("blurhash:"), true)
    }

    /// A post a filter of the user's folds behind a warning shows in the grid as its blurhash, as a sensitive
    /// one does: its picture was drawn whole there while the list kept it folded (a new user's find).
    func testAPostAFilterWarnsOfShowsOnlyItsBlurhashInTheGrid() {
        var p = post(0, pictures: 1)
        p.filters = [PostFilter(title: "garden", action: .warn)]
        p.media[0].blurhash = "LEHV6nWB2yk8pyo0adR*.7kCMdnj"
        var grid = GridLayer(.timeline(.home))
        grid.show(home([p]), env([p]))
        let d = demand(grid.settle(env([p])))
        XCTAssertNil(d?.visible.first?.boxes.first?.request, "its picture is not fetched")
        XCTAssertEqual(d?.visible.first?.boxes.first?.blurKey?.url.hasPrefix("blurhash:"), true)
    }
}
