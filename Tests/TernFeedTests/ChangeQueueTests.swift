import AsyncHTTPClient
import Foundation
import Synchronization
import TernDemo
import TernFeed
import TernHTTP
import TernMastodon
import TernModel
import TernStore
import TernTestSupport
import XCTest

/// A change to a list (or a filter, a request, a scheduled post) goes as a like does: journaled before
/// anything is said, kept across a restart while the server can't be reached, made exactly once when it
/// can; a try whose answer was lost looks before it makes anything again.
final class ChangeQueueTests: XCTestCase {
    /// What a queue says, as it says it.
    final class Heard: Sendable {
        private let events = Mutex<[ChangeQueue.Event]>([])
        func record(_ e: ChangeQueue.Event) { events.withLock { $0.append(e) } }
        var all: [ChangeQueue.Event] { events.withLock { $0 } }

        func wait(timeout: Double = 15, _ what: String, _ condition: ([ChangeQueue.Event]) -> Bool) async throws {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if condition(all) { return }
                try await Task.sleep(for: .milliseconds(20))
            }
            XCTFail("timed out waiting for \(what); heard \(all)")
            throw Timeout()
        }
    }

    private func queue(_ store: Store, _ server: DemoServer, _ http: HTTPClient, timeout: Duration = .seconds(5)) async -> (ChangeQueue, Heard) {
        let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: http, timeout: timeout)
        let queue = ChangeQueue(store: store.account("test"), client: client)
        let heard = Heard()
        queue.subscribe { heard.record($0) }
        await queue.start()
        return (queue, heard)
    }

    private func client(_ server: DemoServer, _ http: HTTPClient) -> MastodonClient {
        MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: http, timeout: .seconds(5))
    }

    func testAListChangeWhileTheServerIsUnreachableIsKeptAcrossARestartAndMadeOnce() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let store = try temp.open()
        let http = httpClient()
        let up = try await DemoServer.start()
        let lists = try await client(up, http).listInfos()
        let friends = try XCTUnwrap(lists.first, "the demo seeds a list")
        let requests = try await client(up, http).followRequests()
        let someone = try XCTUnwrap(requests.first, "the demo seeds follow requests")
        let change = ServerChange.listMember(list: .init(id: friends.id, name: friends.title), account: .init(id: someone.id, name: someone.acct),
                                             member: true)
        let later = try await restartUnreachable(up, for: 6)

        let (first, heard1) = await queue(store, later, http)
        await first.submit(change)
        try await heard1.wait("the change to wait for the server") { $0.contains(.waiting(1)) }
        first.stop()
        let journaled = try await store.account("test").pendingChanges()
        XCTAssertEqual(journaled.changes.map(\.change), [change], "journaled across the restart")
        XCTAssertEqual(journaled.changes.first?.inDoubt, false, "refused connections: it never left, so nothing is looked for")

        let (second, heard2) = await queue(store, later, http)
        try await heard2.wait(timeout: 40, "the change made by the next run") { $0.contains(.made(change, atOnce: false)) }
        second.stop()
        let now = try await client(later, http).lists(containing: someone.id)
        XCTAssertEqual(now.map(\.id), [friends.id], "the server has it")
        let writes = await later.writeLog()
        XCTAssertEqual(writes.filter { $0.hasPrefix("list \(friends.id) + ") }.count, 1, "made once: \(writes)")
        let left = try await store.account("test").pendingChanges()
        XCTAssertEqual(left.changes, [])
        try await http.shutdown()
        await later.stop()
    }

    func testALostAnswerIsLookedForBeforeAListIsMadeAgain() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let store = try temp.open()
        let http = httpClient()
        var config = DemoConfig()
        config.stallSeconds = 5
        let server = try await DemoServer.start(config)
        let requests = try await client(server, http).followRequests()
        let someone = try XCTUnwrap(requests.first, "the demo seeds follow requests")
        // The server makes the list, and its answer never comes.
        await server.injectFaults([.madeThenStalled])
        let (queue, heard) = await queue(store, server, http, timeout: .seconds(1))
        let change = ServerChange.createList(title: "Harbour", member: .init(id: someone.id, name: someone.acct))
        await queue.submit(change)
        try await heard.wait(timeout: 40, "the list made") { $0.contains(.made(change, atOnce: false)) }
        queue.stop()
        let lists = try await client(server, http).listInfos().filter { $0.title == "Harbour" }
        XCTAssertEqual(lists.count, 1, "one list, though its first answer was lost")
        let containing = try await client(server, http).lists(containing: someone.id)
        XCTAssertEqual(containing.map(\.title), ["Harbour"], "and the account in it")
        let writes = await server.writeLog()
        XCTAssertEqual(writes.filter { $0.hasPrefix("list made ") && $0.hasSuffix(" Harbour") }.count, 1, "made once: \(writes)")
        try await http.shutdown()
        await server.stop()
    }

    func testARefusedChangeLeavesTheJournalAndSaysWhy() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let store = try temp.open()
        let http = httpClient()
        let server = try await DemoServer.start()
        let (queue, heard) = await queue(store, server, http)
        let change = ServerChange.changeList(.init(id: "no-such-list", name: "Gone"), .title("Still gone"))
        await queue.submit(change)
        try await heard.wait("the refusal") { events in
            events.contains { if case .refused(change?, let why) = $0 { return why.hasPrefix("Couldn't change “Gone”: ") } else { return false } }
        }
        queue.stop()
        let left = try await store.account("test").pendingChanges()
        XCTAssertEqual(left.changes, [])
        try await http.shutdown()
        await server.stop()
    }

    /// An answer to a follow request and a new filter, asked while the server can't be reached: kept, in
    /// order, and made once each by the next run.
    func testAnAnswerAndANewFilterWaitForTheServerAndAreMadeOnce() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let store = try temp.open()
        let http = httpClient()
        let up = try await DemoServer.start()
        let requests = try await client(up, http).followRequests()
        let someone = try XCTUnwrap(requests.first, "the demo seeds follow requests")
        let later = try await restartUnreachable(up, for: 6)
        let answer = ServerChange.answerFollowRequest(.init(id: someone.id, name: someone.acct), accept: true)
        let filter = ServerChange.createFilter(word: "lantern")

        let (first, heard1) = await queue(store, later, http)
        await first.submit(answer)
        await first.submit(filter)
        try await heard1.wait("both to wait for the server") { $0.contains(.waiting(2)) }
        first.stop()
        let journaled = try await store.account("test").pendingChanges()
        XCTAssertEqual(journaled.changes.map(\.change), [answer, filter], "journaled in the order asked")

        let (second, heard2) = await queue(store, later, http)
        try await heard2.wait(timeout: 40, "both made") { $0.contains(.made(answer, atOnce: false)) && $0.contains(.made(filter, atOnce: false)) }
        second.stop()
        let stillAsking = try await client(later, http).followRequests()
        XCTAssertFalse(stillAsking.contains { $0.id == someone.id }, "the request is answered")
        let filters = try await client(later, http).filters()
        XCTAssertEqual(filters.filter { $0.title == "lantern" }.count, 1, "one filter")
        let left = try await store.account("test").pendingChanges()
        XCTAssertEqual(left.changes, [])
        try await http.shutdown()
        await later.stop()
    }
}
