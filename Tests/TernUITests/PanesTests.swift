import Foundation
import TernFeed
import TernModel
@testable import TernTerminal
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

    /// The list's header in the left pane offers the keys the list's header offers in one pane (`f like`
    /// went, crowded out by the account's name, which the right pane's header says too).
    func testTheLeftPanesHeaderOffersTheListsKeys() throws {
        var e = env(columns: 200)
        e.sessionTitle = "demo at 127.0.0.1:40231"
        let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (40, 200))
        defer { screen.close() }
        var stack = LayerStack(root: .home)
        stack.show(home, e)
        _ = stack.apply(stack.settle(e))
        stack.render(e, on: screen)
        let alone = screen.frame.text(row: 0)
        XCTAssertTrue(alone.contains("f like"), alone)
        _ = stack.apply([.push(.feed(.thread(rootID: "1", seed: nil)))])
        let panes = try XCTUnwrap(Panes.of(stack, columns: 200, layout: .auto))
        _ = stack.apply(stack.settle(e, panes: panes))
        stack.render(e, panes: panes, on: screen)
        // The thread has the keys: the list's header says so in words, not by colour alone.
        let unfocused = String(screen.frame.text(row: 0).prefix(panes.leftColumns))
        XCTAssertTrue(unfocused.contains("keys in the other pane · tab brings them here"), unfocused)
        XCTAssertTrue(screen.frame.text(row: 0).dropFirst(panes.leftColumns).contains("? help"))
        stack.focusLeft = true
        stack.render(e, panes: panes, on: screen)
        let left = String(screen.frame.text(row: 0).prefix(panes.leftColumns))
        for hint in ["enter open", "f like", "? help", "q quit"] {
            XCTAssertTrue(alone.contains(hint), "one pane: \(alone)")
            XCTAssertTrue(left.contains(hint), "the left pane lacks \(hint): \(left)")
        }
        XCTAssertTrue(screen.frame.text(row: 0).dropFirst(panes.leftColumns).contains("keys in the other pane"))
        XCTAssertTrue(screen.frame.text(row: 0).contains("demo at 127.0.0.1:40231"), "the account is named in a header")
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

    /// `v` on a wide screen: the post's pictures take the right pane, made for its size; the list keeps
    /// the left, Tab's keys, and what it opens next replaces them. On one pane a resize remakes the picture.
    func testPicturesOpenInTheRightPaneAtItsSize() {
        func pictured(_ id: String) -> Post {
            var p = post(id)
            p.media = [MediaAttachment(id: "m\(id)", kind: .image, url: "https://x/\(id).png", previewURL: "https://x/\(id)s.png",
                                       previewWidth: 400, previewHeight: 300)]
            return p
        }
        let wide = env(columns: 200)
        var stack = LayerStack(root: .home)
        stack.show(FeedSnapshot(version: 1, feed: .timeline(.home), rows: ["1", "2"].map { .post(pictured($0)) }), wide)
        _ = stack.apply(stack.settle(wide))
        let opened = stack.apply(stack.key(.character("v"), wide))
        XCTAssertTrue(stack.top is LargeImageLayer)
        XCTAssertTrue(stack.pictureInPane)
        let panes = try! XCTUnwrap(Panes.of(stack, columns: 200, layout: .auto), "the pictures share the screen with the list")
        XCTAssertEqual(stack.listIndex, 0)
        XCTAssertEqual(stack.rightIndex, 1)
        var right = wide
        right.columns = panes.rightColumns
        let resized = stack.settleRight(right)
        guard case .loadLarge(let request, _, _)? = resized.first else { return XCTFail("\(opened) then \(resized)") }
        XCTAssertEqual(request.url, "https://x/1.png")
        XCTAssertEqual(request.columns, panes.rightColumns - 4, "made for the right pane, not the whole width")
        XCTAssertEqual(stack.settleRight(right), [], "made once")

        // The list's next `v` replaces the pictures beside it.
        var left = wide
        left.columns = panes.leftColumns
        _ = stack.apply(stack.keyToList(.character("j"), left))
        _ = stack.apply(stack.keyToList(.character("v"), left))
        XCTAssertEqual(stack.layers.count, 2, "replaced, not piled on")
        XCTAssertEqual((stack.top as? LargeImageLayer)?.image.request.url, "https://x/2.png")

        // One pane: a smaller terminal makes the picture again for it.
        let narrow = env(columns: 100)
        XCTAssertNil(Panes.of(stack, columns: 100, layout: .auto))
        let again = stack.settle(narrow)
        XCTAssertTrue(again.contains { if case .loadLarge(let r, _, _) = $0 { return r.columns == 96 } else { return false } }, "\(again)")
    }
}
