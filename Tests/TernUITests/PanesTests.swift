import Foundation
import TernFeed
import TernModel
import TernTerminal
@testable import TernUI
import XCTest

/// When the screen splits, and where keys go in two panes.
final class PanesTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func post(_ id: String) -> Post {
        Post(id: id, statusID: id, account: Account(id: "1", acct: "ada", displayName: "Ada"), createdAt: now, content: StyledText(plain: "words \(id)"))
    }

    func env(columns: Int) -> LayerEnv {
        LayerEnv(rows: 40, columns: columns, now: now, renderer: FrameRenderer(theme: .builtIn))
    }

    var home: FeedSnapshot { FeedSnapshot(version: 1, feed: .timeline(.home), rows: (1...5).map { .post(post("\($0)")) }) }

    func testSplitsOnlyWideAndOnlyOverAList() {
        var stack = LayerStack(root: .home)
        XCTAssertNil(Panes.of(stack, columns: 200, layout: .auto), "a list alone is one pane")
        _ = stack.apply([.push(.feed(.thread(rootID: "1", seed: nil)))])
        XCTAssertNotNil(Panes.of(stack, columns: 160, layout: .auto))
        XCTAssertNil(Panes.of(stack, columns: 159, layout: .auto))
        XCTAssertNil(Panes.of(stack, columns: 300, layout: .single))
        XCTAssertNotNil(Panes.of(stack, columns: 100, layout: .split))
        XCTAssertNil(Panes.of(stack, columns: 40, layout: .split), "too narrow for two")
        let p = Panes.of(stack, columns: 201, layout: .auto)!
        XCTAssertEqual(p.leftColumns + 1 + p.rightColumns, 201)
        XCTAssertLessThan(p.leftColumns, p.rightColumns)
        _ = stack.apply([.push(.help)])
        XCTAssertNotNil(Panes.of(stack, columns: 200, layout: .auto), "an overlay goes over both panes")
    }

    func testTheListsKeysMoveItAndWhatItOpensReplacesTheRightPane() {
        let e = env(columns: 200)
        var stack = LayerStack(root: .home)
        stack.show(home, e)
        _ = stack.apply(stack.settle(e))
        _ = stack.apply([.push(.feed(.thread(rootID: "1", seed: nil)))])
        XCTAssertEqual(stack.layers.count, 2)
        _ = stack.apply(stack.keyToList(.character("j"), e))
        let effects = stack.apply(stack.keyToList(.enter, e))
        XCTAssertEqual(stack.layers.count, 2, "the thread was replaced, not piled on")
        XCTAssertEqual((stack.top as? FeedLayer)?.feed, .thread(rootID: "2"))
        XCTAssertTrue(effects.contains(.feed(.thread(rootID: "2", seed: post("2")), .start)), "\(effects)")
    }

    func testTwoPanesPicturesAreAskedForTogether() {
        let box = MediaBox(line: 0, column: 0, columns: 4, rows: 2,
                           attachment: MediaAttachment(id: "m", kind: .image, url: "http://x/a.png", previewURL: "http://x/a.png", blurhash: nil,
                                                       description: nil, previewWidth: 1, previewHeight: 1))
        let a = ThumbnailDemand(visible: [RowMedia(id: "1", boxes: [box])]), b = ThumbnailDemand(visible: [RowMedia(id: "2", boxes: [box])])
        XCTAssertEqual(ThumbnailDemand.merged([a, b]).visible.map(\.id), ["1", "2"])
        XCTAssertEqual(ThumbnailDemand.merged([a, a]).visible.map(\.id), ["1"])
    }
}
