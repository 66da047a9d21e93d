import AsyncHTTPClient
import Foundation
import TernDemo
import TernHTTP
import TernMastodon
import TernModel
import XCTest

/// Threads, profiles, follows, notifications and markers against the demo server, and notifications
/// and contexts recorded from real servers.
final class SocialClientTests: XCTestCase {
    static let allKinds: Set<NotificationKind> = [.mention, .status, .reblog, .follow, .followRequest, .favourite, .poll, .update]

    func testGroupedNotificationsCoverEveryTypeAndSayWhoDidWhat() async throws {
        try await withDemo { _, client in
            let page = try await client.notifications(limit: 40, grouped: true)
            XCTAssertTrue(page.serverGrouped)
            XCTAssertEqual(page.skipped, 0)
            XCTAssertEqual(Set(page.groups.map(\.kind)), Self.allKinds, "every type on the newest page")
            for g in page.groups {
                XCTAssertFalse(g.accounts.isEmpty, "group \(g.id) names nobody")
                XCTAssertGreaterThanOrEqual(g.count, g.accounts.count)
                if g.kind.concernsPost, let post = g.post { XCTAssertFalse(post.id.isEmpty) }
                if !g.kind.concernsPost { XCTAssertNil(g.post, "a \(g.kind) carries a post") }
            }
            // Likes of one post by several people are one row that says so.
            let many = try XCTUnwrap(page.groups.first { $0.kind == .favourite && $0.count > 2 }, "no grouped likes")
            XCTAssertTrue(many.summary.hasSuffix("and \(many.count - 1) others liked your post"), many.summary)
            XCTAssertEqual(page.groups.map(\.newestID), page.groups.map(\.newestID).sorted { ServerID.isNewer($0, than: $1) },
                           "newest first")
        }
    }

    /// A server without grouped notifications (GoToSocial, Akkoma, older Mastodon): the plain API is
    /// used and grouped here, with the same kinds and the same people.
    func testUngroupedServerIsGroupedLocally() async throws {
        var config = DemoConfig()
        config.quirks = [.ungroupedNotifications, .ulidIDs]
        try await withDemo(config) { _, client in
            let page = try await client.notifications(limit: 80, grouped: true)
            XCTAssertFalse(page.serverGrouped)
            XCTAssertEqual(Set(page.groups.map(\.kind)), Self.allKinds)
            XCTAssertTrue(page.groups.contains { $0.kind == .favourite && $0.count > 1 }, "likes of one post not put together")
            XCTAssertTrue(page.groups.allSatisfy { $0.newestID.count == 26 }, "ULID notification ids")
            // Paging down from the oldest id goes on below, never repeating.
            let older = try await client.notifications(maxID: page.groups.last!.oldestID, limit: 80, grouped: false)
            XCTAssertTrue(older.groups.allSatisfy { ServerID.isNewer(page.groups.last!.oldestID, than: $0.newestID) })
        }
    }

    func testDeletedPostOfAMentionIsMissingNotEmpty() async throws {
        try await withDemo { _, client in
            var groups: [NotificationGroup] = []
            var maxID: String?
            for _ in 0..<5 {
                let page = try await client.notifications(maxID: maxID, limit: 40, grouped: true)
                groups += page.groups
                guard let last = page.groups.last else { break }
                maxID = last.oldestID
            }
            let missing = groups.filter(\.postMissing)
            XCTAssertEqual(missing.count, 1, "the demo deletes one mentioned post")
            XCTAssertEqual(missing.first?.kind, .mention)
        }
    }

    func testMarkersRoundTripAndAreOptional() async throws {
        try await withDemo { server, client in
            let before = try await client.marker("notifications")
            let expected = await server.notificationsMarker()
            XCTAssertEqual(before, expected)
            let newestID = await server.newestNotificationID()
            let newest = try XCTUnwrap(newestID)
            try await client.saveMarker("notifications", lastReadID: newest)
            let after = try await client.marker("notifications")
            XCTAssertEqual(after, newest)
        }
        var config = DemoConfig()
        config.quirks = [.noMarkers]
        try await withDemo(config) { _, client in
            do {
                _ = try await client.marker("notifications")
                XCTFail("a server without markers answered")
            } catch MastodonError.http(let status, _) {
                XCTAssertEqual(status, 404)
            }
        }
    }

    func testProfileRelationshipAndFollow() async throws {
        try await withDemo { _, client in
            let page = try await client.timeline(.home, limit: 20)
            let author = try XCTUnwrap(page.posts.first { $0.boostedBy == nil }?.account)
            let profile = try await client.profile(accountID: author.id)
            XCTAssertEqual(profile.account.acct, author.acct)
            XCTAssertFalse(profile.note.plainText.isEmpty)
            XCTAssertEqual(profile.fields.count, 2)
            XCTAssertNotNil(profile.createdAt)
            var r = try await client.relationship(accountID: author.id)
            let wasFollowing = r.following || r.requested
            r = try await client.perform(wasFollowing ? .unfollow : .follow, accountID: author.id)
            XCTAssertEqual(r.following || r.requested, !wasFollowing)
            let again = try await client.relationship(accountID: author.id)
            XCTAssertEqual(again, r, "the server kept the change")
            let pinned = try await client.pinned(accountID: author.id)
            XCTAssertTrue(pinned.allSatisfy { $0.account.id == author.id })
        }
    }

    /// The server lists whom the user mutes and blocks, and stops listing them once lifted.
    func testMutesAndBlocksAreListedUntilLifted() async throws {
        try await withDemo { _, client in
            let authors = try await client.timeline(.home, limit: 40).posts.filter { $0.boostedBy == nil }.map(\.account)
            let a = try XCTUnwrap(authors.first), b = try XCTUnwrap(authors.first { $0.id != a.id })
            let noneMuted = try await client.silenced(.mute)
            XCTAssertEqual(noneMuted, [])
            _ = try await client.perform(.mute, accountID: a.id, muteSeconds: 3_600)
            _ = try await client.perform(.block, accountID: b.id)
            let muted = try await client.silenced(.mute), blocked = try await client.silenced(.block)
            XCTAssertEqual(muted.map(\.id), [a.id])
            XCTAssertEqual(blocked.map(\.id), [b.id])
            _ = try await client.perform(.unmute, accountID: a.id)
            let lifted = try await client.silenced(.mute)
            XCTAssertEqual(lifted, [])
        }
    }

    // MARK: Recorded servers

    func testRecordedNotificationsAndContextsDecode() throws {
        let corpus = CorpusTests.corpus
        guard FileManager.default.fileExists(atPath: corpus.path) else {
            throw XCTSkip("../shared/corpus is absent; corpus conformance tests skipped")
        }
        let files = ["mastodon.social_mastodonpy/notifications.json", "mastodon-production_rtoot/fosstodon_notifications.json"]
        for name in files {
            let data = try Data(contentsOf: corpus.appendingPathComponent(name))
            let raw = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
            let (groups, skipped) = try MastodonDecoder.notifications(fromJSON: data)
            XCTAssertEqual(skipped, 0, name)
            XCTAssertEqual(groups.map(\.count).reduce(0, +), raw.count, "\(name): every notification in some group")
            for g in groups {
                XCTAssertFalse(g.accounts.isEmpty, name)
                XCTAssertNotEqual(g.latestAt, Date(timeIntervalSince1970: 0), name)
                if case .other(let t) = g.kind { XCTFail("\(name): unknown type \(t)") }
            }
            // Mentions whose status is null (deleted) are missing, not empty posts.
            let nulls = raw.filter { ($0["status"] as? [String: Any]) == nil && ($0["type"] as? String) == "mention" }.count
            XCTAssertEqual(groups.filter(\.postMissing).count, nulls, name)
            // And a notifications body read as a timeline yields no posts at all.
            XCTAssertEqual(try MastodonDecoder.posts(fromJSON: data).posts.count, 0, "\(name) read as posts")
        }
        for name in ["mastodon.social_mastodonpy/status_context.json", "mastodon-production_rtoot/fosstodon_context.json"] {
            let data = try Data(contentsOf: corpus.appendingPathComponent(name))
            let raw = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: [Any]])
            let context = try MastodonDecoder.context(fromJSON: data)
            XCTAssertEqual(context.ancestors.count, raw["ancestors"]?.count, name)
            XCTAssertEqual(context.descendants.count, raw["descendants"]?.count, name)
        }
        let relationship = try MastodonDecoder.relationship(fromJSON: Data(contentsOf: corpus.appendingPathComponent("other-servers_tootsdk/relationship_sharkey.json")))
        XCTAssertFalse(relationship.following)
        let pixelfed = try MastodonDecoder.profile(fromJSON: Data(contentsOf: corpus.appendingPathComponent("other-servers_tootsdk/account_pixelfed.json")))
        XCTAssertFalse(pixelfed.account.acct.isEmpty)
    }
}

extension SocialClientTests {
    /// A mention's link finds its account: by handle where the server looks handles up.
    func testMentionLinksFindTheirAccounts() async throws {
        try await withDemo { _, client in
            let account = try await client.account(mentionURL: "https://tern-demo.example/@user5")
            XCTAssertEqual(account.acct, "user5")
            do {
                _ = try await client.account(mentionURL: "https://tern-demo.example/@nobody")
                XCTFail("found an account that doesn't exist")
            } catch MastodonError.http(let status, _) {
                XCTAssertEqual(status, 404)
            }
        }
    }
}
