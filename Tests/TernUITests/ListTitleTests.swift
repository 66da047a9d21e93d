import Foundation
import TernFeed
import TernModel
@testable import TernTerminal
@testable import TernUI
import XCTest

/// A list renamed (from its menu, or on another screen) is named anew in the title bar of the open list:
/// the title is read from the lists as the server last listed them, not kept from when the list was opened.
final class ListTitleTests: XCTestCase {
    func testARenamedListIsNamedAnewInItsTitleBar() throws {
        var env = LayerEnv(rows: 24, columns: 100, now: Date(timeIntervalSince1970: 1_800_000_000), renderer: FrameRenderer(theme: .builtIn))
        let friends = TimelineID.list(id: "7", title: "Friends")
        var stack = LayerStack(root: friends)
        stack.show(FeedSnapshot(TimelineSnapshot(version: 1, timeline: friends, posts: [])), env)
        let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (24, 100))
        defer { screen.close() }

        env.lists = [.list(id: "3", title: "Work"), friends]
        stack.render(env, on: screen)
        XCTAssertTrue(screen.frame.text(row: 0).contains("List: Friends"), screen.frame.text(row: 0))

        env.lists = [.list(id: "3", title: "Work"), .list(id: "7", title: "Close friends")]
        stack.render(env, on: screen)
        XCTAssertTrue(screen.frame.text(row: 0).contains("List: Close friends"), "still the old name: \(screen.frame.text(row: 0))")
    }
}
