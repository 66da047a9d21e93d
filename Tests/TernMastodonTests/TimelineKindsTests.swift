import AsyncHTTPClient
import Foundation
import TernDemo
import TernHTTP
import TernMastodon
import TernModel
import TernTestSupport
import XCTest

/// Every kind of timeline, read from the demo server and checked against what it should hold.
final class TimelineKindsTests: XCTestCase {
    func testEveryTimelineKind() async throws {
        let server = try await DemoServer.start()
        let http = httpClient()
        let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: http)
        do {
            func twoPages(_ t: TimelineID) async throws -> [Post] {
                let first = try await client.timeline(t, limit: 20)
                guard let next = first.links.next else { return first.posts }
                let second = try await client.page(at: next)
                return first.posts + second.posts
            }
            let federated = try await twoPages(.federated)
            XCTAssertEqual(federated.count, 40)
            XCTAssertTrue(federated.contains { $0.boostedBy == nil && $0.account.acct.contains("@") }, "remote authors federate")
            let local = try await twoPages(.local)
            XCTAssertEqual(local.count, 40)
            XCTAssertTrue(local.allSatisfy { ($0.boostedBy ?? $0.account).acct.contains("@") == false }, "local means local authors")

            let tagged = try await twoPages(.hashtag("caturday"))
            XCTAssertFalse(tagged.isEmpty)
            XCTAssertTrue(tagged.allSatisfy { $0.content.plainText.lowercased().contains("#caturday") })

            let lists = try await client.lists()
            XCTAssertEqual(lists, [.list(id: "1", title: "Friends")])
            let listed = try await twoPages(lists[0])
            XCTAssertFalse(listed.isEmpty)
            let members = Set(listed.map { ($0.boostedBy ?? $0.account).acct })
            XCTAssertTrue(members.isSubset(of: Set((1...10).map { i in i % 5 == 4 ? "user\(i)@fedi.example" : "user\(i)" })), "\(members)")

            let author = federated.first { $0.boostedBy == nil }!.account
            let byAuthor = try await twoPages(.account(id: author.id, acct: author.acct))
            XCTAssertFalse(byAuthor.isEmpty)
            XCTAssertTrue(byAuthor.allSatisfy { ($0.boostedBy ?? $0.account).id == author.id })

            // Saved and liked list what was saved and liked, newest first.
            let picks = Array(federated.filter { $0.boostedBy == nil }.prefix(3))
            for p in picks {
                _ = try await client.perform(.bookmark, statusID: p.statusID)
                _ = try await client.perform(.favourite, statusID: p.statusID)
            }
            let saved = try await client.timeline(.bookmarks).posts.map(\.statusID)
            XCTAssertEqual(saved, picks.reversed().map(\.statusID))
            let liked = Set(try await client.timeline(.favourites).posts.map(\.statusID))
            XCTAssertEqual(liked, Set(picks.map(\.statusID)))
        } catch {
            try await http.shutdown(); await server.stop(); throw error
        }
        try await http.shutdown()
        await server.stop()
    }
}
