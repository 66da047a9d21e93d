import Foundation
import TernDemo
import TernModel
import TernStore
import XCTest

/// `tern sync` fetches the custom emoji of the posts it reads, and sends what waits in the journal besides
/// likes and posts: a change to a list, journaled as a run of Tern journals it when the server can't be
/// reached, is made by the sync, said, and leaves the journal.
final class SyncChangesEndToEndTests: XCTestCase {
    func testSyncMakesAChangeThatWaitedInTheJournal() async throws {
        let tern = try TmuxSession.ternBinary()
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let home = TernHome()
        defer { home.remove() }
        try home.addAccount("me", server: server.baseURL)
        let first = try home.run(tern, ["sync"])
        XCTAssertEqual(first.status, 0, first.out)
        // The custom emoji of the posts it fetched, for reading offline, as their pictures and avatars are.
        let emoji = await server.mediaRequestCount(path: "/emoji/tern.png")
        XCTAssertEqual(emoji, 1, "the demo's first page has a post with :tern:")

        // The demo's list, and someone not in it (one of those asking to follow).
        func get(_ path: String) throws -> Any {
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(string: server.baseURL + path)!))
        }
        let list = try XCTUnwrap((try get("/api/v1/lists") as? [[String: Any]])?.first)
        let listID = try XCTUnwrap(list["id"] as? String), title = try XCTUnwrap(list["title"] as? String)
        let someone = try XCTUnwrap((try get("/api/v1/follow_requests") as? [[String: Any]])?.first)
        let accountID = try XCTUnwrap(someone["id"] as? String), acct = try XCTUnwrap(someone["acct"] as? String)
        let change = ServerChange.listMember(list: .init(id: listID, name: title), account: .init(id: accountID, name: acct), member: true)
        do {
            let store = try Store(url: TernPaths(environment: home.environment).store)
            try await store.account("me").enqueueChange(PendingChange(change: change))
        }

        let synced = try home.run(tern, ["sync"])
        XCTAssertEqual(synced.status, 0, synced.out)
        XCTAssertTrue(synced.out.contains("me: changes: 1 settled"), synced.out)
        let lists = try XCTUnwrap(try get("/api/v1/accounts/\(accountID)/lists") as? [[String: Any]])
        XCTAssertEqual(lists.compactMap { $0["id"] as? String }, [listID], "the server has it")
        let left = try await Store(url: TernPaths(environment: home.environment).store).account("me").pendingChanges()
        XCTAssertEqual(left.changes, [], "out of the journal")
    }

    /// A like that was on its way when the last run ended is asked about only once a request's timeout has
    /// passed (it may still land): `tern sync` says it waits, how long and why, instead of sitting silent.
    func testSyncSaysWhatItWaitsFor() async throws {
        let tern = try TmuxSession.ternBinary()
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let home = TernHome()
        defer { home.remove() }
        try home.addAccount("me", server: server.baseURL)
        let home1 = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(string: server.baseURL + "/api/v1/timelines/home?limit=1")!))
            as? [[String: Any]])
        let statusID = try XCTUnwrap(home1.first?["id"] as? String)
        do {
            let store = try Store(url: TernPaths(environment: home.environment).store)
            let journal = try store.account("me")
            try journal.enqueue(PendingAction(statusID: statusID, kind: .favourite, wanted: true, confirmed: false))
            try journal.markSent(statusID: statusID, kind: .favourite)
        }
        let synced = try home.run(tern, ["sync", "--no-images"])
        XCTAssertEqual(synced.status, 0, synced.out)
        XCTAssertNotNil(synced.out.range(of: #"me: waiting \d+ seconds?: a like or save sent as Tern last ended"#, options: .regularExpression),
                        synced.out)
        XCTAssertTrue(synced.out.contains("me: likes and saves: 1 settled"), synced.out)
    }
}
