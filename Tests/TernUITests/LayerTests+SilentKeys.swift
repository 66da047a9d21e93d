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
        // A key no keymap ever had stays quiet: it is not a key Tern promised.
        XCTAssertEqual(said([.character("§")], keymap: moved), [])
        // A key another action took: that action, not a message.
        let taken = try Keymap.standard.remapped([(action: "like", keys: ["j"], line: 3)])
        XCTAssertFalse(said([.character("j")], keymap: taken).contains { if case .say = $0 { return true } else { return false } })
    }

    func testTabWithOnePaneAndRWithNothingToRetrySayWhy() {
        XCTAssertEqual(said([.tab]), [.say(FeedLayer.onePane, error: false)])
        XCTAssertTrue(FeedLayer.onePane.contains("\(Panes.autoWidth) columns") && FeedLayer.onePane.contains("layout = \"split\""))
        XCTAssertEqual(said([.character("R")]), [.say(FeedLayer.nothingToRetry, error: false)])
    }
}
