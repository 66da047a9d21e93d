import Foundation
@testable import TernFeed
@testable import TernUI
import XCTest

/// The status line's rules, on the value alone: how long each kind of message stays, and what takes its place.
final class StatusLineTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_000_000)

    func testAnErrorStaysTwiceAsLongAsNews() {
        var line = StatusLine(notices: [], now: now)
        line.say("Posted.", error: false, now: now)
        XCTAssertFalse(line.tick(now: now.addingTimeInterval(StatusLine.errorSeconds / 2 - 0.1), shownFeed: nil))
        XCTAssertTrue(line.tick(now: now.addingTimeInterval(StatusLine.errorSeconds / 2), shownFeed: nil))
        XCTAssertNil(line.message)
        line.say("Couldn't like", error: true, now: now)
        XCTAssertFalse(line.tick(now: now.addingTimeInterval(StatusLine.errorSeconds - 0.1), shownFeed: nil))
        XCTAssertEqual(line.message?.text, "Couldn't like")
    }

    /// A key's answer goes with the layer that said it, or once a later key changes something; a key that
    /// changes nothing leaves it.
    func testAKeysAnswerGoesWhenItsLayerClosesOrALaterKeyChangesSomething() {
        var line = StatusLine(notices: [], now: now)
        var mark = line.mark(depth: 2)
        line.say("Nothing to send yet.", error: false, now: now)
        XCTAssertFalse(line.keyAnswered(mark, depth: 2))
        mark = line.mark(depth: 2)
        XCTAssertFalse(line.keyAnswered(mark, depth: 2), "a key that changed nothing")
        XCTAssertEqual(line.message?.text, "Nothing to send yet.")
        mark = line.mark(depth: 2)
        line.performed(1)
        XCTAssertTrue(line.keyAnswered(mark, depth: 2), "a key that changed something")
        XCTAssertNil(line.message)

        mark = line.mark(depth: 3)
        line.say("Asking the server for your lists…", error: false, now: now)
        _ = line.keyAnswered(mark, depth: 3)
        mark = line.mark(depth: 3)
        XCTAssertTrue(line.keyAnswered(mark, depth: 2), "its layer closed")
    }

    /// News from work done meanwhile is no key's answer: a later key leaves it its time.
    func testWorksNewsStaysItsTimeWhateverTheKeysDo() {
        var line = StatusLine(notices: [], now: now)
        line.say("Posted.", error: false, now: now)
        let mark = line.mark(depth: 1)
        line.performed(3)
        XCTAssertFalse(line.keyAnswered(mark, depth: 1))
        XCTAssertEqual(line.message?.text, "Posted.")
    }

    /// A list's news waits while the line answers a key, and is said when it comes free if that list is
    /// still shown; a list in the background says only what went wrong, under its name.
    func testAListsNewsWaitsForAKeysAnswerAndABackgroundListSaysOnlyErrors() {
        var line = StatusLine(notices: [], now: now)
        let home = FeedID.timeline(.home)
        let mark = line.mark(depth: 1)
        line.say(FeedLayer.nothingToRetry, error: false, now: now)
        _ = line.keyAnswered(mark, depth: 1)
        XCTAssertNil(line.news(StatusMessage(id: 1, text: "Nothing new", isError: false), of: home, shown: true))
        XCTAssertEqual(line.message?.text, FeedLayer.nothingToRetry)
        XCTAssertTrue(line.tick(now: now.addingTimeInterval(StatusLine.errorSeconds), shownFeed: home))
        XCTAssertEqual(line.message?.text, "Nothing new")

        XCTAssertNil(line.news(StatusMessage(id: 2, text: "3 new", isError: false), of: .notifications, shown: false))
        let said = line.news(StatusMessage(id: 3, text: "Couldn't reach the server", isError: true), of: .notifications, shown: false)
        XCTAssertEqual(said?.text, "\(FeedID.notifications): Couldn't reach the server")
    }

    /// What the server made of something the user did is said once, however many lists report it.
    func testAnActionsFateIsSaidOnce() {
        var line = StatusLine(notices: [], now: now)
        let refused = StatusMessage(id: 1, text: "Couldn't like: server error 500", isError: true, aboutAction: true)
        let first = line.news(refused, of: .timeline(.home), shown: true)
        XCTAssertEqual(first?.text, "Couldn't like: server error 500")
        line.say(first!.text, error: true, now: now)
        XCTAssertNil(line.news(refused, of: .thread(rootID: "1"), shown: false))
    }

    /// Start-up notices take the line in turn as it comes free; one cut short comes back.
    func testStartupNoticesTakeTurnsAndOneCutShortComesBack() {
        var line = StatusLine(notices: ["Unknown setting x", "Unknown key y"], now: now)
        XCTAssertEqual(line.message?.text, "(1 of 2) Unknown setting x")
        line.say("Posted.", error: false, now: now.addingTimeInterval(1))
        _ = line.tick(now: now.addingTimeInterval(1 + StatusLine.errorSeconds / 2), shownFeed: nil)
        XCTAssertEqual(line.message?.text, "(1 of 2) Unknown setting x", "cut short: it comes back")
        _ = line.tick(now: now.addingTimeInterval(20), shownFeed: nil)
        XCTAssertEqual(line.message?.text, "(2 of 2) Unknown key y")
        XCTAssertEqual(line.unseenNotices(now: now.addingTimeInterval(21)), ["Unknown key y"])
    }
}
