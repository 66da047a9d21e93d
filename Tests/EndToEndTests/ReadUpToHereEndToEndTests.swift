import Foundation
import TernDemo
import XCTest

/// Coming back to Tern: what came while it was closed is above a "read up to here" line, and `u` goes
/// to the first of it. The real binary, quit and started again on the same store, in tmux.
final class ReadUpToHereEndToEndTests: XCTestCase {
    func testAfterARestartNewPostsAreAboveTheLineAndUGoesToTheFirst() async throws {
        let tern = try TmuxSession.ternBinary()
        let server = try await DemoServer.start(DemoConfig())
        let home = TernHome()
        defer { home.remove() }
        try home.addAccount("ada@one.example", server: server.baseURL)
        let command = "env \(home.env) \(tern.path); echo Tern ended; sleep 30"

        let first = try TmuxSession(command: command)
        XCTAssertTrue(first.wait { $0.contains("Sol Novak @user32") && $0.contains(" 1/") }.ok, first.screen())
        XCTAssertFalse(first.screen().contains("read up to here"), "a first start has read nothing before")
        try first.send("q")
        XCTAssertTrue(first.wait { $0.contains("Tern ended") }.ok, "Tern quit, its place saved:\n\(first.screen())")
        first.close()

        await server.addPosts(3)
        let second = try TmuxSession(command: command)
        defer { second.close() }
        // The list opens where it was, under the line; the three new posts are above it.
        let opened = second.wait { $0.contains("read up to here") && $0.contains("↑ 3 new") }
        XCTAssertTrue(opened.ok, "the line, and three new posts above it:\n\(opened.screen)")
        XCTAssertTrue(opened.screen.contains(" 4/"), "the post read up to is the fourth: the line is not counted:\n\(opened.screen)")
        let lines = opened.screen.components(separatedBy: "\n")
        let line = try XCTUnwrap(lines.firstIndex { $0.contains("read up to here") })
        XCTAssertTrue(lines[(line + 2)...].joined(separator: "\n").contains("Sol Novak @user32"),
                      "the post read up to is under the line:\n\(opened.screen)")

        try second.send("u")
        // The status line counts what is above once the move has been drawn: it may come a frame later
        // (seen under load in CI), so the screen that proves the point is the one with both.
        let moved = second.wait { s in
            let l = s.components(separatedBy: "\n")
            return l.count > 2 && l[1].hasPrefix("▌") && !l[1].contains("Sol Novak") && s.contains("read up to here")
                && s.contains("↑ 2 new")
        }
        XCTAssertTrue(moved.ok, "u: the oldest new post selected at the top, the line under it, the two newer ones above:\n\(moved.screen)")
        await server.stop()
    }
}
