import AsyncHTTPClient
import Foundation
import TernDemo
@testable import TernMastodon
import TernModel
import XCTest

/// What a badly behaved server can do to a request, and what Tern makes of it: every request carries
/// Tern's identity, ends by its deadline however the body dribbles in, and is cut at its size budget.
final class HostileServerTests: XCTestCase {
    func withClient(_ config: DemoConfig = DemoConfig(), timeout: Duration = .seconds(15),
                    _ body: (DemoServer, MastodonClient) async throws -> Void) async throws {
        let server = try await DemoServer.start(config)
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: http, timeout: timeout)
        var failure: Error?
        do { try await body(server, client) } catch { failure = error }
        try await http.shutdown()
        await server.stop()
        if let failure { throw failure }
    }

    /// GoToSocial answers anonymous requests with 418; Tern's requests are never anonymous.
    /// An entry no client can read is not dropped without a word: the page names it, with why and the post
    /// above it. The hostile demo sends every page's third entry so.
    func testAnUnreadableEntryIsNamedWithTheReasonAndItsPlace() async throws {
        var config = DemoConfig()
        config.hostile = true
        try await withClient(config) { _, client in
            let page = try await client.timeline(.home, limit: 10)
            XCTAssertEqual(page.posts.count, 9)
            let unreadable = try XCTUnwrap(page.unreadable.first, "nothing unreadable in \(page.posts.map(\.id))")
            XCTAssertEqual(page.unreadable.count, 1)
            XCTAssertEqual(unreadable.newerID, page.posts[1].id, "below the second post")
            XCTAssertNil(unreadable.id, "it has none")
            XCTAssertEqual(unreadable.reason, #"no "id""#)
        }
        // Not an object at all: skipped, said, and the entries after it still read.
        let data = Data(#"[{"id": "1"}, 7, {"id": "2"}]"#.utf8)
        let read = try MastodonDecoder.posts(fromJSON: data)
        XCTAssertEqual(read.posts.map(\.id), ["1", "2"])
        XCTAssertEqual(read.unreadable, [UnreadablePost(id: nil, reason: "Expected to decode Dictionary<String, Any> but found number instead.",
                                                        newerID: "1")])
    }

    func testRequestsCarryTernsIdentity() async throws {
        var config = DemoConfig()
        config.quirks = [.requireUserAgent]
        try await withClient(config) { server, client in
            let page = try await client.timeline(.home)
            XCTAssertEqual(page.posts.count, 20)
            // The server really does refuse anonymous requests.
            let http = HTTPClient(eventLoopGroupProvider: .singleton)
            defer { Task { try? await http.shutdown() } }
            let anonymous = try await http.execute(HTTPClientRequest(url: server.baseURL + "/api/v1/timelines/home"), timeout: .seconds(5))
            XCTAssertEqual(anonymous.status.code, 418)
        }
    }

    func testABodyThatStallsAfterItsHeadEndsAtTheDeadline() async throws {
        var config = DemoConfig()
        config.stallSeconds = 60
        try await withClient(config, timeout: .seconds(2)) { server, client in
            await server.injectFaults([.stalledBody])
            let started = Date()
            do {
                _ = try await client.timeline(.home)
                XCTFail("a stalled body must not produce a page")
            } catch let error as MastodonError {
                XCTAssertFalse(error.serverUnreachable, "the server answered (a head came): \(error)")
                XCTAssertTrue(error.description.contains("stopped sending"), error.description)
            }
            XCTAssertLessThan(Date().timeIntervalSince(started), 30, "ended by the whole-body deadline, not the stall")
        }
    }

    func testABodyTrickledOneByteASecondEndsAtTheDeadline() async throws {
        try await withClient(timeout: .seconds(2)) { server, client in
            await server.injectFaults([.trickle])
            do {
                _ = try await client.timeline(.home)
                XCTFail("a trickled 600-byte body takes 10 minutes; the deadline is 2 s")
            } catch let error as MastodonError {
                XCTAssertTrue(error.description.contains("stopped sending"), error.description)
            }
        }
    }

    func testAnOversizedPageIsRefusedWithAClearMessage() async throws {
        try await withClient { server, client in
            await server.injectFaults([.oversized(bytes: 3 << 20)])
            do {
                _ = try await client.timeline(.home)
                XCTFail("a 3 MB page is over the page budget")
            } catch let error as MastodonError {
                XCTAssertEqual(error.description, "unexpected response: response larger than 2 MB")
            }
        }
    }

    func testARateLimitFarAwaySaysItsDate() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let now = calendar.date(from: DateComponents(year: 2026, month: 11, day: 18, hour: 9, minute: 46, second: 40))!
        XCTAssertEqual(MastodonError.moment(now.addingTimeInterval(3600), now: now, calendar: calendar), "10:46:40")
        XCTAssertEqual(MastodonError.moment(now.addingTimeInterval(11 * 86_400), now: now, calendar: calendar), "29 Nov 09:46")
        XCTAssertEqual(MastodonError.moment(now.addingTimeInterval(60 * 86_400), now: now, calendar: calendar), "17 Jan 2027 09:46")
    }
}
