import Foundation
import TernDemo
import TernMastodon
import TernModel
import XCTest

/// Keyword filters against the demo: made with a word (the posts holding it then say so), a word added
/// and removed, the action, places and end changed, and deleted.
final class FilterManagementTests: XCTestCase {
    func testAFilterIsMadeChangedAndDeleted() async throws {
        try await withDemo { _, client in
            let none = try await client.filters()
            XCTAssertEqual(none, [])
            let made = try await client.createFilter(title: "Gardens", word: "garden")
            XCTAssertEqual(made.words.map(\.word), ["garden"])
            XCTAssertEqual(made.contexts, Set(FilterInfo.Context.allCases))
            XCTAssertEqual(made.action, .warn)
            let page = try await client.timeline(.home, limit: 40)
            let matching = page.posts.filter { $0.content.plainText.lowercased().contains("garden") }
            XCTAssertFalse(matching.isEmpty, "the demo's posts talk of gardens")
            XCTAssertTrue(matching.allSatisfy { $0.filters?.contains(PostFilter(title: "Gardens", action: .warn)) == true },
                          "a post holding the word says the filter")

            try await client.addFilterWord("lantern", to: made.id)
            let listed = try await client.filters()
            var now = try XCTUnwrap(listed.first)
            XCTAssertEqual(now.words.map(\.word), ["garden", "lantern"])
            try await client.removeFilterWord(now.words[0].id)
            now = try await client.changeFilter(made.id, title: "Lanterns", contexts: [.home, .thread], action: .hide, expiresIn: 3_600)
            XCTAssertEqual(now.title, "Lanterns")
            XCTAssertEqual(now.words.map(\.word), ["lantern"])
            XCTAssertEqual(now.contexts, [.home, .thread])
            XCTAssertEqual(now.action, .hide)
            let end = try XCTUnwrap(now.expiresAt)
            XCTAssertEqual(end.timeIntervalSinceNow, 3_600, accuracy: 60)
            now = try await client.changeFilter(made.id, expiresIn: 0)
            XCTAssertNil(now.expiresAt, "never ends again")

            try await client.deleteFilter(made.id)
            let left = try await client.filters()
            XCTAssertEqual(left, [])
        }
    }
}
