import Foundation
import TernModel
import XCTest

/// Times typed for a scheduled post.
final class ScheduleTimeTests: XCTestCase {
    var calendar: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return c
    }()
    // 2026-11-27 12:00 in Berlin.
    let now = Date(timeIntervalSince1970: 1_795_777_200)

    func testRelativeClockAndDateTimesAreRead() throws {
        XCTAssertEqual(ScheduleTime.parse("+30m", now: now, calendar: calendar), now.addingTimeInterval(1_800))
        XCTAssertEqual(ScheduleTime.parse("+2h", now: now, calendar: calendar), now.addingTimeInterval(7_200))
        XCTAssertEqual(ScheduleTime.parse(" +1d ", now: now, calendar: calendar), now.addingTimeInterval(86_400))
        XCTAssertEqual(ScheduleTime.parse("18:00", now: now, calendar: calendar), now.addingTimeInterval(6 * 3_600), "later today")
        XCTAssertEqual(ScheduleTime.parse("09:15", now: now, calendar: calendar), now.addingTimeInterval(21 * 3_600 + 900), "past: tomorrow")
        let day = try XCTUnwrap(ScheduleTime.parse("2026-12-01 09:00", now: now, calendar: calendar))
        XCTAssertEqual(calendar.dateComponents([.year, .month, .day, .hour, .minute], from: day),
                       DateComponents(year: 2026, month: 12, day: 1, hour: 9, minute: 0))
        for nonsense in ["", "soon", "+", "+5x", "+-3h", "25:00", "12:60", "2026-12 09:00", "tomorrow 9"] {
            XCTAssertNil(ScheduleTime.parse(nonsense, now: now, calendar: calendar), nonsense)
        }
    }
}
