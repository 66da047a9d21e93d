import Foundation
import XCTest

/// What is the user's own beyond a post, from `x` → Yours in the demo: a keyword filter made, changed
/// and deleted; the notifications held back accepted and the policy changed; a post scheduled from
/// compose, then moved away and cancelled. Each as a user does it, judged on the screen.
final class YoursEndToEndTests: XCTestCase {
    private func start() throws -> TmuxSession {
        let tern = try TmuxSession.ternBinary()
        let tmux = try TmuxSession(command: "\(tern.path) demo --new-post-every 0 --feeds 0; sleep 30")
        XCTAssertTrue(tmux.wait { $0.contains("Sol Novak @user32") && $0.contains(" 1/") }.ok, tmux.screen())
        return tmux
    }

    func testAFilterIsMadeSwitchedToHideAndDeleted() throws {
        let tmux = try start()
        defer { tmux.close() }
        try tmux.openYours("Your filters…")
        XCTAssertTrue(tmux.wait { $0.contains("No filters yet") && $0.contains("1 New filter…") }.ok, tmux.screen())
        try tmux.send("1")
        XCTAssertTrue(tmux.wait { $0.contains("New filter, a word it catches:") }.ok, tmux.screen())
        try tmux.send("-l", "lantern")
        try tmux.send("Enter")
        XCTAssertTrue(tmux.wait { $0.contains("Made the filter “lantern”") && $0.contains("1 lantern: 1 word, everywhere…") }.ok, tmux.screen())
        try tmux.send("1")
        XCTAssertTrue(tmux.wait { $0.contains("3 It puts posts behind a warning (Enter: it hides posts)") }.ok, tmux.screen())
        try tmux.send("3")
        XCTAssertTrue(tmux.wait { $0.contains("“lantern” hides posts.") }.ok, tmux.screen())
        try tmux.send("1")
        XCTAssertTrue(tmux.wait { $0.contains("3 It hides posts (Enter: it puts posts behind a warning)") }.ok, "the server's word:\n\(tmux.screen())")
        try tmux.send("6")
        try tmux.send("y")
        XCTAssertTrue(tmux.wait { $0.contains("Deleted the filter “lantern”.") && $0.contains("No filters yet") }.ok, tmux.screen())
    }

    /// Issue 45: a filter made through its menu left Home as it was until Home was read again. The first
    /// post's own word, made a filter: Home folds the post behind it at once, with no `r` and no restart.
    func testAFilterMadeAppliesToHomeAtOnce() throws {
        let tmux = try start()
        defer { tmux.close() }
        let selected = tmux.screen().split(separator: "\n").filter { $0.hasPrefix("▌") }
        // The post's text (under its author's line): its first long word, in lower case as the filter keeps it.
        let word = try XCTUnwrap(selected.dropFirst().lazy.flatMap { $0.split(whereSeparator: { !$0.isLetter }) }
            .first { $0.count >= 6 && $0.allSatisfy(\.isASCII) }.map { $0.lowercased() }, "no word in:\n\(selected.joined(separator: "\n"))")
        XCTAssertFalse(tmux.screen().contains("⊘ Filtered"), tmux.screen())
        try tmux.openYours("Your filters…")
        XCTAssertTrue(tmux.wait { $0.contains("1 New filter…") }.ok, tmux.screen())
        try tmux.send("1")
        XCTAssertTrue(tmux.wait { $0.contains("New filter, a word it catches:") }.ok, tmux.screen())
        try tmux.send("-l", word)
        try tmux.send("Enter")
        XCTAssertTrue(tmux.wait { $0.contains("Made the filter “\(word)”") }.ok, tmux.screen())
        try tmux.send("Escape")
        let folded = tmux.wait { screen in
            !screen.contains("Your filters") && screen.split(separator: "\n").contains { $0.hasPrefix("▌") && $0.contains("⊘ Filtered: \(word)") }
        }
        XCTAssertTrue(folded.ok, "Home did not apply the new filter to its first post:\n\(folded.screen)")
    }

    func testHeldBackNotificationsAreAcceptedAndThePolicyChanged() throws {
        let tmux = try start()
        defer { tmux.close() }
        try tmux.openYours("Filtered notifications…")
        XCTAssertTrue(tmux.wait { $0.contains("Held back: 4 from 2 accounts") && $0.contains("Accept @user38 (3 notifications)") }.ok,
                      tmux.screen())
        try tmux.send("1")
        XCTAssertTrue(tmux.wait { $0.contains("Accepted @user38: their notifications come through.") }.ok, tmux.screen())
        try tmux.openYours("Filtered notifications…")
        let left = tmux.wait { $0.contains("Held back: 1 from 1 account") }
        XCTAssertTrue(left.ok, left.screen)
        XCTAssertFalse(left.screen.contains("@user38 ("), left.screen)
        try tmux.send("3")
        XCTAssertTrue(tmux.wait { $0.contains("People you don't follow") && $0.contains("3   Dropped") }.ok, tmux.screen())
        try tmux.send("2")
        XCTAssertTrue(tmux.wait { $0.contains("People you don't follow: held back as requests.") }.ok, tmux.screen())
    }

    func testAPostIsScheduledThenCancelled() throws {
        let tmux = try start()
        defer { tmux.close() }
        try tmux.send("w")
        XCTAssertTrue(tmux.wait { $0.contains("New post") }.ok, tmux.screen())
        try tmux.send("-l", "at the harbour tomorrow")
        try tmux.send("C-t")
        XCTAssertTrue(tmux.wait { $0.contains("Publish at (") }.ok, tmux.screen())
        try tmux.send("-l", "+3h")
        try tmux.send("Enter")
        XCTAssertTrue(tmux.wait { $0.contains("New post · at ") }.ok, tmux.screen())
        try tmux.send("C-s")
        XCTAssertTrue(tmux.wait { $0.contains("Scheduled for ") }.ok, tmux.screen())
        try tmux.openYours("Scheduled posts…")
        XCTAssertTrue(tmux.wait { $0.contains("Scheduled posts: Enter moves or cancels one") && $0.contains("at the harbour tomorrow") }.ok,
                      tmux.screen())
        try tmux.send("1")
        try tmux.send("2")
        try tmux.send("y")
        XCTAssertTrue(tmux.wait { $0.contains("Cancelled: it won't be published.") }.ok, tmux.screen())
        try tmux.openYours("Scheduled posts…")
        XCTAssertTrue(tmux.wait { $0.contains("Nothing is scheduled") }.ok, tmux.screen())
    }
}
