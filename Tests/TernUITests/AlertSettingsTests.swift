import Foundation
import TernModel
@testable import TernUI
import XCTest

/// Which notifications are announced while the user looks elsewhere, and as what kind.
final class AlertSettingsTests: XCTestCase {
    func group(_ kind: NotificationKind, visibility: String? = nil) -> NotificationGroup {
        let ada = Account(id: "1", acct: "ada", displayName: "Ada")
        let post = Post(id: "9", statusID: "9", account: ada, createdAt: Date(), content: StyledText(plain: "hi"), visibility: visibility)
        return NotificationGroup(id: "g", kind: kind, accounts: [ada], count: 1, newestID: "5", oldestID: "5", latestAt: Date(),
                                 post: kind == .follow ? nil : post)
    }

    func testAMentionOnlyTheNamedCanSeeIsADirectMessageAndLikesWait() {
        XCTAssertEqual(AlertSettings.kind(of: group(.mention)), .mention)
        XCTAssertEqual(AlertSettings.kind(of: group(.mention, visibility: "direct")), .direct)
        XCTAssertEqual(AlertSettings.kind(of: group(.follow)), .follow)
        XCTAssertEqual(AlertSettings.kind(of: group(.followRequest)), .follow)
        XCTAssertNil(AlertSettings.kind(of: group(.favourite)))
        XCTAssertNil(AlertSettings.kind(of: group(.reblog)))
        var settings = AlertSettings(.off)
        XCTAssertFalse(settings.any)
        settings[.direct] = .bell
        XCTAssertTrue(settings.any)
    }
}
