import Foundation
import TernFeed
import TernModel
@testable import TernTerminal
@testable import TernUI
import XCTest

/// A key that does nothing says why on the status line: a standard key the config moved, Tab with one
/// pane, `R` with no failed picture. Each was silent.
extension LayerTests {
    private func said(_ keys: [Key], keymap: Keymap = .standard) -> [Effect] {
        var e = env(columns: 120)
        e.keymap = keymap
        var stack = LayerStack(root: .home)
        stack.show(timeline([post(0), post(1)]), e)
        _ = stack.apply(stack.settle(e))
        return press(keys, &stack, e)
    }

    func testAKeyTheConfigMovedSaysWhereItsActionIsNow() throws {
        let moved = try Keymap.standard.remapped([(action: "like", keys: ["l"], line: 3)])
        XCTAssertEqual(said([.character("f")], keymap: moved),
                       [.say("f is not bound: like is on l ([keys] in the config).", error: false)])
        // A key no keymap ever had says so too, and where the keys are listed.
        XCTAssertEqual(said([.character("§")], keymap: moved), [.say("§ does nothing here: ? lists the keys.", error: false)])
        XCTAssertEqual(said([.character("Z")]), [.say("Z does nothing here: ? lists the keys.", error: false)])
        // A key another action took: that action, not a message.
        let taken = try Keymap.standard.remapped([(action: "like", keys: ["j"], line: 3)])
        XCTAssertFalse(said([.character("j")], keymap: taken).contains { if case .say = $0 { return true } else { return false } })
    }

    func testTabWithOnePaneAndRWithNothingToRetrySayWhy() {
        XCTAssertEqual(said([.tab]), [.say(FeedLayer.onePane, error: false)])
        XCTAssertTrue(FeedLayer.onePane.contains("\(Panes.autoWidth) columns") && FeedLayer.onePane.contains("layout = \"split\""))
        XCTAssertEqual(said([.character("R")]), [.say(FeedLayer.nothingToRetry, error: false)])
    }

    /// `f` (and every key that acts on a post) on a list with no posts yet, as while an empty cache waits for
    /// a server that does not answer: it says there is nothing to act on, rather than nothing.
    func testAPostKeyOnAnEmptyListSaysThereIsNoPost() {
        let e = env(columns: 120)
        var stack = LayerStack(root: .home)
        stack.show(timeline([]), e)
        _ = stack.apply(stack.settle(e))
        XCTAssertEqual(press([.character("f")], &stack, e), [.say("Nothing to like: the list has no posts yet.", error: false)])
        XCTAssertEqual(press([.character("a")], &stack, e), [.say("Nothing to answer: the list has no posts yet.", error: false)])
    }
}
