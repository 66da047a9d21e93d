import Foundation
import TernDemo
import TernMastodon
import TernModel
import XCTest

/// Filtered notifications against the demo: the policy read and changed, the requests accepted or
/// dismissed; a server without them answers 404, which the client passes on as such.
final class NotificationRequestTests: XCTestCase {
    func testThePolicyChangesAndRequestsAreAnswered() async throws {
        try await withDemo { server, client in
            let policy = try await client.notificationPolicy()
            XCTAssertEqual(policy.rules[.newAccounts], .filter)
            XCTAssertEqual(policy.rules.count, NotificationPolicy.Sender.allCases.count)
            XCTAssertEqual(policy.pendingRequests, 2)
            XCTAssertEqual(policy.pendingNotifications, 4)
            let changed = try await client.setNotificationPolicy(.notFollowing, to: .filter)
            XCTAssertEqual(changed.rules[.notFollowing], .filter)
            let kept = try await client.notificationPolicy()
            XCTAssertEqual(kept.rules[.notFollowing], .filter, "kept by the server")

            let requests = try await client.notificationRequests()
            XCTAssertEqual(requests.map(\.count), [3, 1])
            try await client.answerNotificationRequest(id: requests[0].id, accept: true)
            try await client.answerNotificationRequest(id: requests[1].id, accept: false)
            let left = try await client.notificationRequests()
            XCTAssertEqual(left, [])
            let log = await server.writeLog()
            XCTAssertTrue(log.contains("accept request \(requests[0].id)") && log.contains("dismiss request \(requests[1].id)"), "\(log)")
        }
    }

    func testAServerWithoutThemAnswers404() async throws {
        var config = DemoConfig()
        config.quirks = [.noNotificationRequests]
        try await withDemo(config) { _, client in
            do {
                _ = try await client.notificationPolicy()
                XCTFail("a policy from a server without one")
            } catch let error as MastodonError {
                guard case .http(status: 404, _) = error else { return XCTFail("\(error)") }
            }
        }
    }
}
