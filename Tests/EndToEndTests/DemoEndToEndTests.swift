import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// The real `tern demo` binary in tmux at 120×40, as a user runs it.
final class DemoEndToEndTests: XCTestCase {
    func testBrowseScrollLikeAndQuit() throws {
        let ternBinary = try TmuxSession.ternBinary()
        let exitFile = FileManager.default.temporaryDirectory.appendingPathComponent("tern-e2e-exit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: exitFile) }
        let tmux = try TmuxSession(command: "\(ternBinary.path) demo --new-post-every 0; echo $? > \(exitFile.path)")
        defer { tmux.close() }

        // The newest demo posts appear: the title bar, a post header with a handle, and the footer counts.
        let first = tmux.wait { s in s.contains("tern · Home") && s.contains("@user") && s.contains("☆") }
        XCTAssertTrue(first.ok, "no posts on screen:\n\(first.screen)")
        // Seed 42's newest post is by Sol Novak (@user32): the same world on every machine.
        XCTAssertTrue(first.screen.contains("Sol Novak @user32"), first.screen)
        XCTAssertTrue(first.screen.contains("Path corner keyboard paper lake."), first.screen)
        // Thumbnails arrive as chafa block symbols.
        let pictures = tmux.wait { s in s.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) } }
        XCTAssertTrue(pictures.ok, "no thumbnail drawn:\n\(pictures.screen)")

        // j moves the selection and, after a few presses, the list itself.
        let before = tmux.screen()
        for _ in 0..<6 { try tmux.send("j"); usleep(80_000) }
        let moved = tmux.wait { s in listArea(s) != listArea(before) && s.contains("7/") }
        XCTAssertTrue(moved.ok, "j did not move the list:\n\(moved.screen)")

        // f likes the selected post: its footer, marked by the gutter, shows the liked mark.
        try tmux.send("f")
        let liked = tmux.wait { s in s.split(separator: "\n").contains { $0.hasPrefix("▌") && $0.contains("★") && $0.contains("liked") } }
        XCTAssertTrue(liked.ok, "no liked mark on the selected post:\n\(liked.screen)")

        try tmux.send("q")
        let deadline = Date().addingTimeInterval(10)
        // The shell writes the status after creating the file: wait for the line itself.
        while (try? String(contentsOf: exitFile, encoding: .utf8))?.contains(where: \.isNumber) != true, Date() < deadline { usleep(50_000) }
        let status = try String(contentsOf: exitFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(status, "0", "tern exited with status \(status)")
    }

    /// `tern demo --fail-rate 1`: a like shows as pending, then, once the server has answered with errors a
    /// bounded number of times, goes back with the reason on the status line, and the log says so too.
    func testALikeOnAFailingServerShowsPendingThenRollsBackWithAReason() throws {
        let ternBinary = try TmuxSession.ternBinary()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("tern-e2e-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let tmux = try TmuxSession(command: "env XDG_STATE_HOME=\(state.path) \(ternBinary.path) demo --fail-rate 1 --new-post-every 0; sleep 30")
        defer { tmux.close() }
        let first = tmux.wait { $0.contains("Sol Novak @user32") && $0.contains("☆") }
        XCTAssertTrue(first.ok, first.screen)
        try tmux.send("f")
        let pending = tmux.wait { s in s.contains("liking") && s.contains("1 pending") }
        XCTAssertTrue(pending.ok, "no pending mark:\n\(pending.screen)")
        // The message names the post: with several likes pending, "Couldn't like" alone read as all failed.
        let rolledBack = tmux.wait(timeout: 45) { $0.contains("Couldn't like Sol Novak's post “") }
        XCTAssertTrue(rolledBack.ok, "no rollback naming the post:\n\(rolledBack.screen)")
        // Said once, as itself: every list used to say it too, the one in the background with its name
        // before it ("Notifications: Couldn't like: …" on Home).
        let said = tmux.waitSettled(quiet: 1.0) { $0.contains("Couldn't like Sol Novak's post") }.screen
        let bottom = said.split(separator: "\n").suffix(2).joined(separator: " ")
        XCTAssertTrue(bottom.contains("”: server error 500") && !said.contains("Notifications: Couldn't"), said)
        let selected = rolledBack.screen.split(separator: "\n").filter { $0.hasPrefix("▌") }
        XCTAssertFalse(selected.contains { $0.contains("★") }, "the post still looks liked:\n\(rolledBack.screen)")
        XCTAssertFalse(rolledBack.screen.contains("pending"), rolledBack.screen)
        let log = try String(contentsOf: state.appendingPathComponent("tern/tern.log"), encoding: .utf8)
        XCTAssertTrue(log.contains("action rolled back"), log)
        XCTAssertFalse(log.contains("demo-token"), "no token in the log")
        try tmux.send("q")
    }

    /// New posts arrive while the user reads further down: the view stays put, the status line counts
    /// them, and `g` goes up to them.
    func testNewPostsIndicatorKeepsTheViewAndGoesThereOnG() async throws {
        let ternBinary = try TmuxSession.ternBinary()
        let tmux = try TmuxSession(command: "\(ternBinary.path) demo --new-post-every 0; sleep 30")
        defer { tmux.close() }
        let first = tmux.wait { $0.contains("Sol Novak @user32") }
        XCTAssertTrue(first.ok, first.screen)
        let address = try XCTUnwrap(first.screen.range(of: #"127\.0\.0\.1:\d+"#, options: .regularExpression)
            .map { "http://" + first.screen[$0] })
        for _ in 0..<4 { try tmux.send("j"); usleep(80_000) }
        let reading = tmux.wait { $0.contains("5/") }
        XCTAssertTrue(reading.ok, reading.screen)
        var add = URLRequest(url: try XCTUnwrap(URL(string: address + "/demo/posts?count=5")))
        add.httpMethod = "POST"
        _ = try await URLSession.shared.data(for: add)
        try tmux.send("r")
        let counted = tmux.wait { $0.contains("↑ 5 new") }
        XCTAssertTrue(counted.ok, "no new-posts count:\n\(counted.screen)")
        XCTAssertEqual(handles(onScreen: counted.screen), handles(onScreen: reading.screen), "the view moved when posts arrived above it")
        try tmux.send("g")
        let top = tmux.wait { !$0.contains("↑ 5 new") && $0.contains(" 1/") }
        XCTAssertTrue(top.ok, top.screen)
        XCTAssertFalse(listArea(top.screen).prefix(2).joined().contains("Sol Novak @user32"), "the newest post is a new one")
        try tmux.send("q")
    }

    /// Past the 240 posts a timeline keeps in memory, the ones above go back to the store; the status line
    /// still says where the selection is in the whole timeline, and `g` comes back to the first of them.
    func testThePositionCountsTheWholeTimelinePastTheWindow() throws {
        let ternBinary = try TmuxSession.ternBinary()
        let tmux = try TmuxSession(command: "\(ternBinary.path) demo --new-post-every 0; sleep 30")
        defer { tmux.close() }
        XCTAssertTrue(tmux.wait { position($0) != nil }.ok, tmux.screen())
        var seen: [Int] = []
        let deadline = Date().addingTimeInterval(60)
        // j stops at the last row while older posts load (as at the end of any list): press again until it moves.
        while (seen.last ?? 0) < 320, Date() < deadline {
            try tmux.send("-N", "40", "j")
            let before = seen.last ?? 0
            let moved = tmux.wait(timeout: 2) { (position($0)?.selected ?? 0) > before }
            guard moved.ok, let now = position(moved.screen) else { continue }
            XCTAssertGreaterThanOrEqual(now.total, now.selected, moved.screen)
            seen.append(now.selected)
        }
        XCTAssertGreaterThanOrEqual(seen.last ?? 0, 320, "positions seen: \(seen)\n\(tmux.screen())")
        let total = position(tmux.screen())?.total ?? 0
        try tmux.send("g")
        let top = tmux.wait { position($0)?.selected == 1 }
        XCTAssertTrue(top.ok, top.screen)
        XCTAssertGreaterThanOrEqual(position(top.screen)?.total ?? 0, total, "the total counts the posts below the window too")
        XCTAssertTrue(top.screen.contains("Sol Novak @user32"), top.screen)
        try tmux.send("q")
    }

    /// The status line's "selected/total" (a "+" after it while the server has more).
    func position(_ screen: String) -> (selected: Int, total: Int)? {
        guard let status = screen.split(separator: "\n").last(where: { !$0.allSatisfy(\.isWhitespace) }),
              let match = status.firstMatch(of: /(\d+)\/(\d+)\+?\s*$/), let s = Int(match.1), let t = Int(match.2) else { return nil }
        return (s, t)
    }

    /// The rows between the title bar and the status line.
    func listArea(_ screen: String) -> [Substring] {
        Array(screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast(2))
    }
}
