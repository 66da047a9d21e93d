import Foundation
import TernDemo
import TernMastodon
import TernModel
import XCTest

/// Lists against the demo: made, renamed, their replies policy and exclusive flag set, an account put in
/// (its posts then make the list's timeline) and taken out, and deleted.
final class ListManagementTests: XCTestCase {
    func testAListIsMadeFilledChangedAndDeleted() async throws {
        try await withDemo { _, client in
            let before = try await client.listInfos()
            XCTAssertEqual(before.map(\.title), ["Friends"])
            XCTAssertEqual(before.first?.repliesPolicy, .list)

            let made = try await client.createList(title: "Harbour folk")
            XCTAssertEqual(made.title, "Harbour folk")
            let home = try await client.timeline(.home, limit: 40)
            let author = try XCTUnwrap(home.posts.first { $0.boostedBy == nil && $0.account.id != "" }?.account)
            try await client.setMember(author.id, of: made.id, true)
            try await client.setMember(author.id, of: made.id, true)
            let containing = try await client.lists(containing: author.id)
            XCTAssertTrue(containing.contains { $0.id == made.id })
            let page = try await client.timeline(made.timeline, limit: 20)
            XCTAssertFalse(page.posts.isEmpty)
            XCTAssertTrue(page.posts.allSatisfy { ($0.boostedBy ?? $0.account).id == author.id }, "only the member's posts")

            let changed = try await client.changeList(made.id, title: "Harbour", repliesPolicy: ListInfo.RepliesPolicy.none, exclusive: true)
            XCTAssertEqual(changed, ListInfo(id: made.id, title: "Harbour", repliesPolicy: ListInfo.RepliesPolicy.none, exclusive: true))

            try await client.setMember(author.id, of: made.id, false)
            let after = try await client.lists(containing: author.id)
            XCTAssertFalse(after.contains { $0.id == made.id }, "taken out")
            try await client.deleteList(made.id)
            let left = try await client.listInfos()
            XCTAssertEqual(left.map(\.title), ["Friends"])
        }
    }
}
