import TernModel
@testable import TernUI
import XCTest

/// The filtered notifications' menu: each request to accept or dismiss, then each rule the server said,
/// each opening its three choices with the current one marked.
final class NotificationRequestsChoiceTests: XCTestCase {
    func testEachRequestAndEachRuleTheServerSaidIsOffered() throws {
        let ada = Account(id: "1", acct: "ada", displayName: "Ada")
        let request = NotificationRequest(id: "r1", account: ada, count: 3)
        let policy = NotificationPolicy(rules: [.notFollowing: .accept, .newAccounts: .filter], pendingRequests: 1, pendingNotifications: 3)
        guard case .push(.choice(let title, let items))? = NotificationRequestsMenu.menu(policy, [request]).first else {
            return XCTFail("no menu")
        }
        XCTAssertEqual(title, "Held back: 3 from 1 account")
        XCTAssertEqual(items.map(\.label), ["Accept @ada (3 notifications)", "Dismiss @ada",
                                            "People you don't follow: shown…", "New accounts: held back as requests…"],
                       "a rule the server did not say is not offered")
        XCTAssertEqual(items[0].effects, [.answerNotificationRequest(request, accept: true)])
        guard case .push(.choice(_, let options))? = items[3].effects.first else { return XCTFail("no rule menu") }
        XCTAssertEqual(options.map(\.label), ["  Shown", "● Held back as requests", "  Dropped"])
        XCTAssertEqual(options[2].effects, [.setNotificationPolicy(.newAccounts, .drop)])
    }
}
