import TernModel
@testable import TernUI
import XCTest

/// Enter on someone's follow-request notification answers their request, not another's: the notification
/// stays after the answer, and Enter on it again opened every request with someone else's Accept first.
final class FollowRequestChoiceTests: XCTestCase {
    private let ada = Account(id: "1", acct: "ada", displayName: "Ada")
    private let bo = Account(id: "2", acct: "bo", displayName: "Bo")

    func testANotificationsRequestOffersOnlyThatPersonsAnswers() throws {
        let effects = FollowRequestsMenu.menu([bo, ada], about: [ada])
        guard case .push(.choice(_, let items))? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(items.first?.label, "Accept @ada")
        XCTAssertFalse(items.contains { $0.label.contains("@bo") }, "\(items.map(\.label))")
    }

    func testARequestAnsweredAlreadySaysSoAndCountsTheOthers() {
        XCTAssertEqual(FollowRequestsMenu.menu([bo], about: [ada]),
                       [.say("@ada asks no more: answered already. 1 other asks (x, Yours, Follow requests).", error: false)])
        XCTAssertEqual(FollowRequestsMenu.menu([], about: [ada]), [.say("@ada asks no more: answered already.", error: false)])
    }

    func testTheMenuOfAllListsEveryone() throws {
        guard case .push(.choice(_, let items))? = FollowRequestsMenu.menu([bo, ada]).first else { return XCTFail() }
        XCTAssertEqual(items.filter { $0.label.hasPrefix("Accept") }.map(\.label), ["Accept @bo", "Accept @ada"])
    }
}
