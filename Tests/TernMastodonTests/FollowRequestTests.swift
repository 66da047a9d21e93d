import Foundation
import TernDemo
import TernMastodon
import TernModel
import XCTest

/// Follow requests against the demo: listed, accepted (the account follows the user then) or rejected,
/// and an answer made twice is the same as once.
final class FollowRequestTests: XCTestCase {
    func testRequestsAreAcceptedOrRejectedOnce() async throws {
        try await withDemo { _, client in
            let asking = try await client.followRequests()
            XCTAssertEqual(asking.map { $0.acct.split(separator: "@")[0] }, ["user34", "user35", "user37"])
            let before = try await client.relationship(accountID: asking[0].id)
            XCTAssertFalse(before.followedBy, "not a follower before")
            try await client.answerFollowRequest(accountID: asking[0].id, accept: true)
            try await client.answerFollowRequest(accountID: asking[0].id, accept: true)
            try await client.answerFollowRequest(accountID: asking[1].id, accept: false)
            let left = try await client.followRequests()
            XCTAssertEqual(left.map(\.id), [asking[2].id])
            let accepted = try await client.relationship(accountID: asking[0].id)
            XCTAssertTrue(accepted.followedBy, "an accepted request follows the user")
            let rejected = try await client.relationship(accountID: asking[1].id)
            XCTAssertFalse(rejected.followedBy)
        }
    }
}
