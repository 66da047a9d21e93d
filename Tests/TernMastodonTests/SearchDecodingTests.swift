import Foundation
import TernMastodon
import TernModel
import XCTest

/// `/api/v2/search` answers as servers send them: mastodon.social's (../shared/corpus), hashtags as bare
/// names (older Pleroma), and an unreadable entry that costs only itself and is counted.
final class SearchDecodingTests: XCTestCase {
    func testMastodonSocialsAnswerDecodesEveryPersonHashtagAndPost() throws {
        let data = try CorpusTests.file("mastodon.social_mastodonpy/search_v2.json")
        let found = try MastodonDecoder.searchResults(fromJSON: data)
        XCTAssertEqual(found.accounts.count, 18)
        XCTAssertEqual(found.accounts.first?.acct, "halcy@icosahedron.website")
        XCTAssertEqual(found.posts.map(\.statusID).count, 2)
        XCTAssertEqual(found.hashtags, [Hashtag(name: "Halcy", weeklyUses: 0, following: false)])
        XCTAssertEqual(found.unreadable, [])
    }

    func testHashtagsAsBareNamesAndAWeeksUsesAsStringsOrNumbers() throws {
        let json = """
        {"accounts": [], "statuses": [], "hashtags": ["#fediverse", "linux",
          {"name": "tea", "history": [{"day": "1", "uses": "3"}, {"day": "2", "uses": 4}, {"day": "3"}]}]}
        """
        let found = try MastodonDecoder.searchResults(fromJSON: Data(json.utf8))
        XCTAssertEqual(found.hashtags, [Hashtag(name: "fediverse"), Hashtag(name: "linux"), Hashtag(name: "tea", weeklyUses: 7)])
    }

    func testAnUnreadableEntryCostsOnlyItselfAndIsSaid() throws {
        let json = """
        {"accounts": [{"id": "1", "acct": "ann", "username": "ann"}, {"acct": "no id"}], "hashtags": [{"no": "name"}],
         "statuses": [{"content": "no id", "account": {"id": "9", "acct": "bo"}}]}
        """
        let found = try MastodonDecoder.searchResults(fromJSON: Data(json.utf8))
        XCTAssertEqual(found.accounts.map(\.acct), ["ann"])
        XCTAssertEqual(found.hashtags, [])
        XCTAssertEqual(found.unreadable.count, 3, "\(found.unreadable)")
        XCTAssertTrue(found.unreadable.contains { $0.hasPrefix("a post") }, "\(found.unreadable)")
    }

    func testAnAnswerThatIsNotASearchSaysSo() {
        XCTAssertThrowsError(try MastodonDecoder.searchResults(fromJSON: Data("<html>gateway</html>".utf8))) { error in
            XCTAssertEqual((error as? MastodonError)?.description, "unexpected response: an HTML page instead of JSON")
        }
    }
}
