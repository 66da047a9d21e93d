import Foundation
import TernModel
@testable import TernTerminal
@testable import TernUI
import XCTest

/// A scheduled post's time, written the way it is typed (`2026-12-01 09:00`) wherever it is shown. Before,
/// the compose screen's title read "New post · at Dec 1, 2026 at 9:00 AM".
final class ScheduledTimeWordingTests: XCTestCase {
    func testTheComposeTitleTheScheduledListAndMovesSayTheTimeOnce() throws {
        let now = Date(timeIntervalSince1970: 1_795_777_200)
        let at = try XCTUnwrap(ScheduleTime.parse("2026-12-01 09:00", now: now))
        var draft = Draft(id: "new", text: "later")
        draft.scheduledAt = at
        let e = LayerEnv(rows: 24, columns: 80, now: now, renderer: FrameRenderer(theme: .builtIn))
        let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (e.rows, e.columns))
        defer { screen.close() }
        screen.erase()
        ComposeLayer(draft: draft, context: nil).render(e, on: screen)
        let title = screen.frame.text(row: 0)
        XCTAssertTrue(title.hasPrefix(" New post · at 2026-12-01 09:00 "), title)
        XCTAssertEqual(title.components(separatedBy: " at ").count, 2, "\"at\" once: \(title)")
        XCTAssertEqual(ScheduleTime.written(at), "2026-12-01 09:00")
        guard case .push(.choice(let heading, let items))? = ScheduledMenu.menu([ScheduledPost(id: "1", scheduledAt: at, text: "later")]).first
        else { return XCTFail("no list") }
        XCTAssertEqual(heading, "Scheduled posts: Enter moves or cancels one")
        XCTAssertEqual(items.map(\.label), ["2026-12-01 09:00: later…"])
    }
}
