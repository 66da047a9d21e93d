import Foundation
import TernFeed
import TernHTTP
import TernMastodon
import TernStore
import TernTestSupport
@testable import TernUI
import XCTest

/// The session hears its action queue, outbox and change queue the same way, and only while it is open:
/// when it closes, none of the three keeps its listener (nor the mailbox it posts to).
final class SessionListenersTests: XCTestCase {
    func testAClosedSessionNoLongerListensToItsQueues() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-listeners-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Store(url: folder.appendingPathComponent("tern.sqlite"))
        let http = httpClient()
        // Offline: nothing is sent, and nothing needs a server.
        let client = MastodonClient(baseURL: URL(string: "http://127.0.0.1:9")!, token: "t", http: http, timeout: .seconds(1))
        let data = store.account("ada")
        let actions = try ActionQueue(data: data, client: client, offline: true)
        let writing = Writing(outbox: Outbox(store: data, client: client, offline: true, deliveries: actions.deliveries),
                              changes: ChangeQueue(store: data, client: client, offline: true, deliveries: actions.deliveries),
                              ownAccountID: "", ownAcct: "")
        let parts = AccountParts(name: "ada", title: "ada", sources: TimelineEngine.Sources(client: client, data: data, actions: actions, offline: true),
                                 writing: writing, live: nil, fetchLists: { [] })
        // The session's posts hear the action queue for as long as the queue lives; the session itself is counted here.
        let posts = actions.listenerCount
        var session: AccountSession? = AccountSession(id: 0, parts: parts, mailbox: Mailbox(), timeline: .home, pageSize: 20, engineStarted: { _, _ in })
        session?.startWriting()
        XCTAssertEqual([actions.listenerCount - posts, writing.outbox.listenerCount, writing.changes.listenerCount], [1, 1, 1],
                       "the open session hears all three")
        session = nil
        XCTAssertEqual([actions.listenerCount - posts, writing.outbox.listenerCount, writing.changes.listenerCount], [0, 0, 0],
                       "the closed one none")
        actions.stop()
        try await http.shutdown()
    }
}
