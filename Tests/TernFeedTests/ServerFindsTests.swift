import Foundation
import TernMastodon
import TernModel
@testable import TernFeed
import XCTest

/// A search's list: people, hashtags, then posts (cached, then the server's), each under its heading, the
/// server's progress first while it is asked; a server without search, or out of reach, says so in words.
final class ServerFindsTests: XCTestCase {
    private func post(_ id: String) -> FeedRow {
        .post(Post(id: id, statusID: id, account: Account(id: "a", acct: "ann", displayName: "Ann"), createdAt: Date(),
                   content: StyledText(plain: id)))
    }

    func testSectionsComeInOrderWithTheServersPostsAfterTheCachedOnes() {
        var finds = ServerFinds(progress: .done)
        finds.accounts = [Account(id: "7", acct: "bo", displayName: "Bo")]
        finds.hashtags = [Hashtag(name: "tea", weeklyUses: 3)]
        finds.firstServerPost = "s1"
        let ids = finds.rows(posts: [post("c1"), post("c2"), post("s1")]).map(\.id)
        XCTAssertEqual(ids, ["found:h:People", "found:a:7", "found:h:Hashtags", "found:t:tea",
                             "found:h:Cached posts", "c1", "c2", "found:h:Posts on the server", "s1"])
    }

    func testWhileAskingTheSpinnerLineComesFirstAndEmptySectionsAreLeftOut() {
        let finds = ServerFinds(progress: .searching(host: "example.social"))
        let rows = finds.rows(posts: [post("c1")])
        XCTAssertEqual(rows.first, .found(.progress("Searching example.social…", busy: true)))
        XCTAssertEqual(rows.map(\.id), ["found:progress", "found:h:Cached posts", "c1"])
        XCTAssertEqual(ServerFinds(progress: .offline).rows(posts: []).map(\.id), ["found:progress"])
    }

    func testAServerWithoutSearchOrOutOfReachIsSaidSo() {
        XCTAssertEqual(ServerFinds.failure(MastodonError.http(status: 404, message: nil)),
                       "This server has no search (it answered 404); only the cached posts were searched")
        XCTAssertTrue(ServerFinds.failure(MastodonError.notConnected("connection refused")).hasPrefix("The server can't be reached"))
        XCTAssertEqual(ServerFinds.failure(MastodonError.http(status: 500, message: "boom")),
                       "The server's search failed: " + MastodonError.http(status: 500, message: "boom").description)
    }
}
