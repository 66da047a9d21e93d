import AsyncHTTPClient
import Foundation
import TernDemo
import TernFeed
import TernHTTP
import TernMastodon
import TernModel
import TernStore
import TernTestSupport
import XCTest

/// A post with a time goes through the outbox like any post, and the server holds it: said scheduled, not
/// posted, made once however often it is tried; then moved and cancelled.
final class ScheduledPostTests: XCTestCase {
    func testAScheduledPostIsHeldOnceMovedAndCancelled() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let store = try temp.open()
        let server = try await DemoServer.start()
        let http = httpClient()
        let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: http)
        let box = Outbox(store: store.account("test"), client: client)
        let heard = Heard()
        box.subscribe { heard.add($0) }
        var draft = Draft(id: "new", text: "Tomorrow at the harbour")
        let at = Date().addingTimeInterval(3_600).rounded()
        draft.scheduledAt = at
        try await box.send(draft)
        let left = await box.sendPending()
        XCTAssertEqual(left, 0)
        let written = await server.writtenPosts()
        XCTAssertEqual(written.count, 0, "held, not posted")
        let scheduled = heard.all.compactMap { if case .scheduled(let s) = $0 { s } else { nil } }
        XCTAssertEqual(scheduled.map(\.text), ["Tomorrow at the harbour"])
        XCTAssertEqual(scheduled.first?.scheduledAt, at)
        let outboxAfter = try await store.account("test").outbox()
        XCTAssertTrue(outboxAfter.isEmpty)

        // The same key again (a try whose answer was lost): still one.
        let again = try await client.schedule(draft, at: at, mediaIDs: [], idempotencyKey: "k1")
        let twice = try await client.schedule(draft, at: at, mediaIDs: [], idempotencyKey: "k1")
        XCTAssertEqual(again.id, twice.id)
        var held = try await client.scheduledPosts()
        XCTAssertEqual(held.count, 2)
        let later = at.addingTimeInterval(86_400)
        let moved = try await client.reschedule(again.id, to: later)
        XCTAssertEqual(moved.scheduledAt, later)
        try await client.cancelScheduled(again.id)
        held = try await client.scheduledPosts()
        XCTAssertEqual(held.map(\.id), [scheduled.first?.id].compactMap { $0 })
        do {
            _ = try await client.schedule(draft, at: Date().addingTimeInterval(60), mediaIDs: [], idempotencyKey: "k2")
            XCTFail("a time less than five minutes ahead was taken")
        } catch let error as MastodonError {
            guard case .http(status: 422, _) = error else { return XCTFail("\(error)") }
        }
        await box.stop()
        try await http.shutdown()
        await server.stop()
    }

    private final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [Outbox.Event] = []
        func add(_ e: Outbox.Event) { lock.withLock { list.append(e) } }
        var all: [Outbox.Event] { lock.withLock { list } }
    }
}

private extension Date {
    /// To the second: what goes over the wire.
    func rounded() -> Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}
