import Foundation
@testable import TernUI
import XCTest

/// Every start-up notice reaches the user: shown in turn on the one status line, numbered, each for its
/// whole time (one cut short by another message comes back after it); what the user quit before seeing
/// is left to be printed.
final class StartupNoticesTests: XCTestCase {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func testEachNoticeIsShownInTurnForItsWholeTime() {
        var notices = StartupNotices(["a is no setting", "like = \"j\" takes j from next", "theme not found"], seconds: 8)
        XCTAssertEqual(notices.next(message: nil, now: start), "(1 of 3) a is no setting")
        XCTAssertNil(notices.next(message: "(1 of 3) a is no setting", now: start.addingTimeInterval(4)), "the line is taken")
        // Its time over, the line free: the second.
        XCTAssertEqual(notices.next(message: nil, now: start.addingTimeInterval(8)), "(2 of 3) like = \"j\" takes j from next")
        // "Liked" takes its place early: the second comes back after it, before the third.
        XCTAssertNil(notices.next(message: "Liked", now: start.addingTimeInterval(10)))
        XCTAssertEqual(notices.unseen(now: start.addingTimeInterval(10)), ["like = \"j\" takes j from next", "theme not found"])
        XCTAssertEqual(notices.next(message: nil, now: start.addingTimeInterval(14)), "(2 of 3) like = \"j\" takes j from next")
        XCTAssertEqual(notices.next(message: nil, now: start.addingTimeInterval(22)), "(3 of 3) theme not found")
        XCTAssertEqual(notices.unseen(now: start.addingTimeInterval(25)), ["theme not found"], "quit while it is up: printed after")
        XCTAssertEqual(notices.unseen(now: start.addingTimeInterval(30)), [])
        XCTAssertNil(notices.next(message: nil, now: start.addingTimeInterval(30)), "none left")
    }

    func testOneNoticeIsNotNumbered() {
        var notices = StartupNotices(["themee is no setting; did you mean theme?"], seconds: 8)
        XCTAssertEqual(notices.next(message: nil, now: start), "themee is no setting; did you mean theme?")
        var none = StartupNotices([], seconds: 8)
        XCTAssertNil(none.next(message: nil, now: start))
        XCTAssertEqual(none.unseen(now: start), [])
    }
}
