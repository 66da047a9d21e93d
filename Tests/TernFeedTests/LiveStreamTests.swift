import AsyncHTTPClient
import Foundation
import Synchronization
import TernDemo
import TernFeed
import TernHTTP
import TernMastodon
import TernModel
import TernTestSupport
import XCTest

/// Collects what a live stream reports.
final class NewsLog: Sendable {
    private let all = Mutex<[LiveStream.News]>([])
    func record(_ n: LiveStream.News) { all.withLock { $0.append(n) } }
    var states: [LiveStream.State] { all.withLock { $0.compactMap { if case .state(let s) = $0 { return s } else { return nil } } } }
    var events: [StreamEvent] { all.withLock { $0.flatMap { if case .events(let e) = $0 { return e } else { return [] } } } }
    var catchUps: Int { all.withLock { $0.filter { if case .catchUp = $0 { return true } else { return false } }.count } }

    func wait(timeout: Double = 10, _ what: String, _ condition: (NewsLog) -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(self) { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        XCTFail("timed out waiting for \(what); states \(states), events \(events.count)")
        throw Timeout()
    }
}

/// The streaming connection against the demo's streaming API.
final class LiveStreamTests: XCTestCase {
    func run(_ config: DemoConfig, token: String = "t", _ body: (DemoServer, LiveStream, NewsLog) async throws -> Void) async throws {
        let server = try await DemoServer.start(config)
        let http = httpClient()
        let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: token, http: http)
        let log = NewsLog()
        let live = LiveStream(client: client, retry: RetryPolicy(attempts: .max, base: 0.05, cap: 0.2), pollInterval: .milliseconds(200)) {
            log.record($0)
        }
        let task = Task { await live.run() }
        do { try await body(server, live, log) } catch {
            task.cancel(); await task.value; try? await http.shutdown(); await server.stop(); throw error
        }
        task.cancel()
        await task.value
        try await http.shutdown()
        await server.stop()
    }

    func testEveryEventArrivesAndADroppedConnectionComesBackAndCatchesUp() async throws {
        try await run(DemoConfig()) { server, live, log in
            live.subscribe(["public:local"])
            try await log.wait("live") { $0.states.last == .live }
            try await subscribed(server)
            XCTAssertEqual(log.catchUps, 1, "connecting asks the lists to catch up once")
            await server.addPosts(1)
            let newest = await server.newestPostIDs(1)
            try await log.wait("the new post") { $0.events.contains { if case .update(_, let p) = $0 { return p.id == newest.first } else { return false } } }
            let edited = await server.editNewest()
            try await log.wait("the edit") { $0.events.contains { if case .statusUpdate(let p) = $0 { return p.statusID == edited && p.editedAt != nil } else { return false } } }
            let deleted = await server.deleteNewest()
            try await log.wait("the deletion") { $0.events.contains(.delete(deleted ?? "?")) }
            await server.notifyFollow()
            try await log.wait("the notification") { $0.events.contains(.notification) }

            await server.dropStreams()
            try await log.wait("reconnecting") { $0.states.contains(.reconnecting) }
            try await log.wait("live again") { $0.states.last == .live && $0.catchUps == 2 }
            try await subscribed(server)
            // The new connection subscribed again: a post still arrives.
            let before = log.events.count
            await server.addPosts(1)
            try await log.wait("a post after the reconnect") { $0.events.count > before }
        }
    }

    /// The connection is open when the client hears so; its subscriptions reach the server just after.
    func subscribed(_ server: DemoServer) async throws {
        let deadline = Date().addingTimeInterval(5)
        while await server.streamSubscriptions() == 0 {
            guard Date() < deadline else { XCTFail("the stream never subscribed"); throw Timeout() }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    func testAServerWithoutStreamingIsPolled() async throws {
        var config = DemoConfig()
        config.streaming = false
        try await run(config) { _, _, log in
            try await log.wait("polling") { $0.states.contains(.polling) }
            try await log.wait("a poll") { $0.catchUps >= 2 }
            XCTAssertFalse(log.states.contains(.live))
        }
    }

    /// GoToSocial streams with no `/api/v1/streaming/health` (404 there): Tern connects all the same, with
    /// the token in `Sec-WebSocket-Protocol` rather than the address, and a new post arrives by stream.
    func testGoToSocialStreamsWithoutAHealthCheckAndTheTokenStaysOutOfTheAddress() async throws {
        var config = DemoConfig()
        config.quirks = try XCTUnwrap(ServerQuirks.sets.first { $0.name == "gotosocial" }?.quirks)
        config.acceptAnyToken = false
        try await run(config, token: "demo-token") { server, _, log in
            try await log.wait("live") { $0.states.last == .live }
            XCTAssertFalse(log.states.contains(.polling))
            let places = await server.streamTokenPlaces()
            XCTAssertEqual(places, ["protocol"])
            try await subscribed(server)
            await server.addPosts(1)
            let newest = await server.newestPostIDs(1)
            try await log.wait("the new post, streamed") {
                $0.events.contains { if case .update(_, let p) = $0 { return p.id == newest.first } else { return false } }
            }
        }
    }

    /// A server that is down when Tern starts is waited for, not given up on: once it answers, the stream
    /// connects and the lists catch up, without a key (it used to poll for the rest of the run).
    func testAServerDownAtTheStartStreamsOnceItIsBack() async throws {
        var config = DemoConfig()
        config.unreachableSeconds = 1.5
        try await run(config) { _, _, log in
            try await log.wait("reconnecting") { $0.states.contains(.reconnecting) }
            try await log.wait(timeout: 20, "live once the server is back") { $0.states.last == .live && $0.catchUps >= 1 }
            XCTAssertFalse(log.states.contains(.polling))
        }
    }

    /// A server that takes the token only in the address is asked again that way, and streams.
    func testATokenRefusedInHeadersGoesInTheAddress() async throws {
        var config = DemoConfig()
        config.streamingTokenInQueryOnly = true
        try await run(config) { server, _, log in
            try await log.wait("live") { $0.states.last == .live }
            let places = await server.streamTokenPlaces()
            XCTAssertEqual(places, ["protocol", "query"])
        }
    }

    /// A proxy advertises a streaming address nothing serves: the account's own origin is tried next.
    func testABadAdvertisedAddressFallsBackToTheOrigin() async throws {
        var config = DemoConfig()
        config.advertisedStreamingURL = "ws://127.0.0.1:9"
        try await run(config) { _, _, log in
            try await log.wait("live") { $0.states.contains(.live) }
        }
    }

    func testStreamMessagesDecode() throws {
        let update = #"{"stream":["hashtag","Cats"],"event":"update","payload":"{\"id\":\"7\",\"content\":\"<p>hi</p>\",\"account\":{\"id\":\"1\",\"acct\":\"a\"}}"}"#
        guard case .update(let streams, let post)? = try StreamEvent.decode(update) else { return XCTFail("no update") }
        XCTAssertEqual(StreamName.names(streams), ["hashtag:cats"])
        XCTAssertEqual(post.content.plainText, "hi")
        XCTAssertEqual(try StreamEvent.decode(#"{"stream":["user"],"event":"delete","payload":"7"}"#), .delete("7"))
        XCTAssertNil(try StreamEvent.decode(#"{"stream":["user"],"event":"announcement","payload":"{}"}"#), "an event Tern does not use")
        XCTAssertThrowsError(try StreamEvent.decode(#"{"event":"update","payload":"not json"}"#)) { error in
            XCTAssertTrue("\(error)".contains("update whose post can't be read"), "\(error)")
        }
        XCTAssertThrowsError(try StreamEvent.decode("garbage"))
        XCTAssertEqual(StreamName.message("subscribe", "hashtag:cats"), #"{"stream":"hashtag","tag":"cats","type":"subscribe"}"#)
        XCTAssertEqual(StreamName.of(.local), "public:local")
        XCTAssertNil(StreamName.of(.bookmarks))
    }
}

/// The home timeline's read position through the server's markers, between two Terns on two stores.
final class HomeMarkerTests: XCTestCase {
    func testAPositionLeftInOneTernOpensInAnother() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let first = TemporaryStore(), second = TemporaryStore()
        defer { first.remove(); second.remove() }

        let rigA = EngineRig(store: try first.open())
        let logA = SnapshotLog()
        let a = try rigA.engine(server.baseURL, log: logA)
        a.send(.start)
        let loaded = try await waitFor(logA) { $0.posts.count >= 10 && !$0.loadingNewer }
        let read = loaded.posts[6]
        a.send(.viewed(first: 6, last: 9, anchorID: read.id, offset: 0))
        try await rigA.shutdown()
        let marker = await server.homeMarker()
        XCTAssertEqual(marker, read.id, "quitting wrote the position to the server")

        let rigB = EngineRig(store: try second.open())
        defer { Task { [rigB] in try? await rigB.shutdown() } }
        let logB = SnapshotLog()
        let b = try rigB.engine(server.baseURL, log: logB)
        b.send(.start)
        let opened = try await waitFor(logB) { $0.savedPosition?.anchorID == read.id }
        XCTAssertTrue(opened.posts.contains { $0.id == read.id })
    }
}

/// Counts of posts in view follow the server, which streams no likes or boosts.
final class LiveCountsTests: XCTestCase {
    func testCountsInViewAreAskedForAgain() async throws {
        try await withEngine { server, engine, log in
            engine.send(.start)
            let loaded = try await waitFor(log) { $0.posts.count >= 5 && !$0.loadingNewer }
            let target = try XCTUnwrap(loaded.posts.prefix(4).first { !$0.favourited })
            // Someone (here another client of the same account) likes it on the server.
            let http = httpClient()
            let other = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: http)
            _ = try await other.perform(.favourite, statusID: target.statusID)
            try await http.shutdown()
            engine.send(.viewed(first: 0, last: 3, anchorID: loaded.posts[0].id, offset: 0))
            engine.send(.refreshCounts)
            let fresh = try await waitFor(log) { s in s.posts.first { $0.id == target.id }?.favouritesCount == target.favouritesCount + 1 }
            XCTAssertTrue(fresh.posts.first { $0.id == target.id }?.favourited ?? false)
        }
    }
}

extension LiveStreamTests {
    /// A flood of events for one post is one change: its last edit, or its deletion once deleted.
    func testABatchBecomesOneChangePerPost() {
        let a = Account(id: "1", acct: "a", displayName: "A")
        func post(_ id: String, _ text: String) -> Post {
            Post(id: id, statusID: id, account: a, createdAt: Date(timeIntervalSince1970: 0), content: StyledText(plain: text))
        }
        let events: [StreamEvent] = (0..<500).map { .statusUpdate(post("7", "v\($0)")) }
            + [.delete("8"), .statusUpdate(post("8", "late")), .statusUpdate(post("9", "x")), .notification]
        XCTAssertEqual(StreamChange.changes(in: events), [.edited(post("7", "v499")), .deleted("8"), .edited(post("9", "x"))])
    }
}
