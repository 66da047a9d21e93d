import AsyncHTTPClient
import Foundation
import Synchronization
import TernDemo
@testable import TernFeed
import TernHTTP
import TernMastodon
import TernModel
import TernStore
@testable import TernUI
import XCTest

/// One account's session as the runner holds it, on real parts: an in-process demo server, a store file in
/// a folder of its own, the account's action queue, outbox and change queue. What it proves an effect by:
/// the account's mail, its action queue's news, the store, and the demo's log of the writes it received.
final class AccountEffectsRig {
    let server: DemoServer
    let http: HTTPClient
    let folder: URL
    let store: Store
    let client: MastodonClient
    let actions: ActionQueue
    let mailbox = Mailbox()
    let session: AccountSession
    /// What the action queue said since the last `forget`.
    let actionNews = Collected<ActionQueue.Event>()
    /// The account's mail since the last `forget`, unwrapped.
    private(set) var heard: [UIEvent] = []
    /// Lines of the write log already seen.
    private var writesSeen = 0
    static let name = "ada@demo"

    init(_ config: DemoConfig) async throws {
        server = try await DemoServer.start(config)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-effects-\(UUID().uuidString)")
        store = try Store(url: folder.appendingPathComponent("tern.sqlite"))
        http = HTTPFetch.makeClient()
        let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: http, timeout: .seconds(5))
        self.client = client
        let data = store.account(Self.name)
        actions = try ActionQueue(data: data, client: client)
        let parts = AccountParts(name: Self.name, title: Self.name,
                                 sources: TimelineEngine.Sources(client: client, data: data, actions: actions),
                                 writing: Writing(outbox: Outbox(store: data, client: client, deliveries: actions.deliveries),
                                                  changes: ChangeQueue(store: data, client: client, deliveries: actions.deliveries),
                                                  ownAccountID: "", ownAcct: ""),
                                 live: nil,
                                 fetchLists: {
                                     do { return try await client.lists() } catch {
                                         XCTFail("the demo did not list the lists: \(error)")
                                         return []
                                     }
                                 })
        session = AccountSession(id: 0, parts: parts, mailbox: mailbox, timeline: .home, pageSize: 20, engineStarted: { _, _ in })
        let news = actionNews
        actions.subscribe { event in news.items.withLock { $0.append(event) } }
    }

    func close() async throws {
        actions.stop()
        try await http.shutdown()
        await server.stop()
        try FileManager.default.removeItem(at: folder)
    }

    /// Starts each proof afresh: what was heard and written before is not this effect's.
    func forget() async throws {
        _ = take()
        heard = []
        actionNews.items.withLock { $0 = [] }
        writesSeen = try await writes().count
    }

    /// The mail, unwrapped; an event of another account fails the test.
    private func take() -> [UIEvent] {
        mailbox.drain().map { event in
            guard case .account(let id, let inner) = event, id == session.id else {
                XCTFail("mail that is not the account's: \(event)")
                return event
            }
            return inner
        }
    }

    /// Waits up to `seconds` for `found` to hold, looking again every 20 ms.
    func waitFor(_ seconds: Double = 10, _ found: () async throws -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try await found() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return try await found()
    }

    /// Waits for an event in the account's mail that `matches`.
    func mail(_ matches: (UIEvent) -> Bool) async throws -> Bool {
        try await waitFor {
            heard += take()
            return heard.contains(where: matches)
        }
    }

    /// Waits for the action queue to say something that `matches`.
    func actionSaid(_ matches: (ActionQueue.Event) -> Bool) async throws -> Bool {
        try await waitFor { actionNews.items.withLock { $0.contains(where: matches) } }
    }

    /// Waits for the demo to log a write request (since `forget`) with this method and a path starting so.
    func wrote(_ method: String, _ path: String) async throws -> Bool {
        try await waitFor {
            try await writes().dropFirst(writesSeen).contains { $0.method == method && $0.path.hasPrefix(path) }
        }
    }

    /// The demo's `/demo/write-log`, read as a client reads it: a JSON line per write request received.
    func writes() async throws -> [(method: String, path: String)] {
        let response = try await http.execute(HTTPClientRequest(url: server.baseURL + "/demo/write-log"), timeout: .seconds(5))
        XCTAssertEqual(response.status, .ok)
        let body = try await response.body.collect(upTo: 1 << 24)
        return try String(decoding: body.readableBytesView, as: UTF8.self).split(separator: "\n").map { line in
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
            return (try XCTUnwrap(object["method"] as? String), try XCTUnwrap(object["path"] as? String))
        }
    }

    /// Everything hidden here, as the store file holds it.
    func hiddenInStore() throws -> [HiddenEntry] { try store.account(Self.name).hidden() }
}

/// What a listener heard, from whichever thread it was told on.
final class Collected<T: Sendable>: Sendable {
    let items = Mutex<[T]>([])
}
