import AsyncHTTPClient
import Foundation
import TernDemo
@testable import TernMastodon
import TernModel
import TernTestSupport
import XCTest

/// Lenient decoding reads a field of the wrong type as missing, so one odd field never costs a post; the
/// loss is counted and logged once per field and server, so a server's API change shows. A field that is
/// missing or null is no loss, and one in another form the wire types accept (a numeric id, a count as a
/// string) is none either.
final class UnreadableFieldsTests: XCTestCase {
    func origin(_ host: String, _ fields: UnreadableFields) -> WireOrigin { WireOrigin(host: host, unreadable: fields) }

    func testAWronglyTypedFieldIsCountedEachTimeAndLoggedOncePerFieldAndServer() throws {
        let log = CollectedLog()
        let fields = UnreadableFields(logger: log.logger())
        let body = Data(#"""
            [{"id": "1", "content": 42, "favourites_count": "lots", "account": {"id": "9", "username": "ann"}},
             {"id": "2", "content": ["not", "text"], "favourites_count": 3}]
            """#.utf8)
        let read = try MastodonDecoder.posts(fromJSON: body, origin: origin("a.example", fields))
        XCTAssertEqual(read.posts.map(\.id), ["1", "2"], "the posts are kept")
        XCTAssertEqual(fields.counts["a.example content"], 2)
        XCTAssertEqual(fields.counts["a.example favourites_count"], 1)
        XCTAssertEqual(log.lines(mentioning: "field=content").count, 1, "logged once: \(log.lines)")
        let line = try XCTUnwrap(log.lines(mentioning: "field=content").first)
        XCTAssertEqual(line.level, .warning)
        XCTAssertEqual(line.metadata["server"], "a.example")
        XCTAssertEqual(line.metadata["wanted"], "String")
        XCTAssertEqual(log.lines(mentioning: "field=favourites_count").count, 1, "\(log.lines)")

        // The same field from another server is that server's news.
        _ = try MastodonDecoder.posts(fromJSON: body, origin: origin("b.example", fields))
        XCTAssertEqual(log.lines(mentioning: "field=content").count, 2, "\(log.lines)")
        XCTAssertEqual(fields.counts["a.example content"], 2)
        XCTAssertEqual(fields.counts["b.example content"], 2)
    }

    func testAMissingOrNullFieldOrAnotherAcceptedFormIsNoLoss() throws {
        let log = CollectedLog()
        let fields = UnreadableFields(logger: log.logger())
        let body = Data(#"""
            [{"id": 5, "content": null, "replies_count": "4", "in_reply_to_id": 3, "account": {"id": 9, "username": "ann"}},
             {"id": "6"}]
            """#.utf8)
        let read = try MastodonDecoder.posts(fromJSON: body, origin: origin("a.example", fields))
        XCTAssertEqual(read.posts.map(\.id), ["5", "6"])
        XCTAssertEqual(read.posts.first?.repliesCount, 4)
        XCTAssertEqual(fields.counts, [:])
        XCTAssertTrue(log.lines.isEmpty, "\(log.lines)")
    }

    func testANestedFieldIsNamedByItsPathAndAnIdOfNeitherFormIsALoss() throws {
        let log = CollectedLog()
        let fields = UnreadableFields(logger: log.logger())
        let body = Data(#"""
            {"id": "1", "in_reply_to_id": {"id": "7"}, "account": {"id": "9", "display_name": 12}, "poll": {"id": "3", "votes_count": 2.5}}
            """#.utf8)
        _ = try MastodonDecoder.post(fromJSON: body, origin: origin("a.example", fields))
        XCTAssertEqual(fields.counts, ["a.example in_reply_to_id": 1, "a.example account.display_name": 1, "a.example poll.votes_count": 1])
        XCTAssertEqual(log.lines.count, 3, "\(log.lines)")
    }

    /// Through the client: the hostile demo sends one post of each page with a number for its language.
    func testTheClientReportsWhatItsServerSentUnreadable() async throws {
        var config = DemoConfig()
        config.hostile = true
        let server = try await DemoServer.start(config)
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        let log = CollectedLog()
        let fields = UnreadableFields(logger: log.logger())
        let base = try XCTUnwrap(URL(string: server.baseURL))
        let client = MastodonClient(baseURL: base, token: "t", http: http, unreadable: fields)
        var failure: Error?
        do {
            _ = try await client.timeline(.home, limit: 10)
            _ = try await client.timeline(.home, limit: 10)
        } catch { failure = error }
        try await http.shutdown()
        await server.stop()
        if let failure { throw failure }
        let host = "\(base.host ?? "?"):\(base.port ?? 0)"
        XCTAssertEqual(fields.counts["\(host) language"], 2, "\(fields.counts)")
        let lines = log.lines(mentioning: "field=language")
        XCTAssertEqual(lines.count, 1, "\(log.lines)")
        XCTAssertEqual(lines.first?.metadata["server"], host)
    }
}

/// A grouped notifications body that can't be read says what is wrong with it, not that it is no plain list.
final class GroupedNotificationsErrorTests: XCTestCase {
    func testAnUnreadableGroupedBodySaysWhatIsWrongWithIt() throws {
        let log = CollectedLog()
        let fields = UnreadableFields(logger: log.logger())
        let body = Data(#"{"notification_groups": {"oops": 1}, "accounts": [], "statuses": []}"#.utf8)
        XCTAssertThrowsError(try MastodonDecoder.notifications(fromJSON: body, origin: WireOrigin(host: "a.example", unreadable: fields))) {
            let said = "\($0)"
            XCTAssertTrue(said.contains("notification_groups"), said)
            XCTAssertFalse(said.contains("malformed JSON"), "well-formed JSON of another shape: \(said)")
        }
        XCTAssertEqual(fields.counts["a.example notification_groups"], 1, "the field that was there but unreadable is counted")
        // A plain list still reads as the v1 API's.
        let plain = Data(#"[{"id": "1", "type": "follow", "account": {"id": "2", "username": "bo"}}]"#.utf8)
        XCTAssertEqual(try MastodonDecoder.notifications(fromJSON: plain).groups.count, 1)
    }
}
