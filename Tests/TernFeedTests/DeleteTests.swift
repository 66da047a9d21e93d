import Foundation
import TernDemo
import TernFeed
import TernHTTP
import TernMastodon
import TernModel
import TernStore
import TernTestSupport
import XCTest

/// Deleting one's own post goes the way a like does: gone from the list at once, journaled, carried out
/// once when the server can be reached, and a post already gone (a try whose answer was lost) is settled,
/// not refused.
final class DeleteTests: XCTestCase {
    func testADeleteMadeOfflineIsCarriedOutAfterARestartAndOneAlreadyGoneIsSettled() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let http = httpClient()
        defer { Task { try? await http.shutdown() } }
        let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: http)
        let first = try await client.publish(Draft(id: "d1", text: "first, to delete"), mediaIDs: [], idempotencyKey: "del-1")
        let second = try await client.publish(Draft(id: "d2", text: "second, to delete"), mediaIDs: [], idempotencyKey: "del-2")
        let temp = TemporaryStore()
        defer { temp.remove() }
        let rig = EngineRig(store: try temp.open())
        defer { Task { [rig] in try? await rig.shutdown() } }

        // Offline: the post leaves the list at once, and the wish is on the journal; nothing is sent.
        let log1 = SnapshotLog()
        let (engine1, actions1) = try rig.engineAndActions(server.baseURL, log: log1)
        engine1.send(.start)
        _ = try await waitFor(log1) { s in s.posts.contains { $0.statusID == first.statusID } && !s.loadingNewer }
        await rig.stopEngines()
        _ = actions1
        let log2 = SnapshotLog()
        let (engine2, actions2) = try rig.engineAndActions(server.baseURL, log: log2, offline: true)
        engine2.send(.start)
        let shown = try await waitFor(log2) { s in s.posts.contains { $0.statusID == first.statusID } }
        let post = try XCTUnwrap(shown.posts.first { $0.statusID == first.statusID })
        actions2.delete(post)
        engine2.send(.refresh)
        _ = try await waitFor(log2) { s in !s.posts.contains { $0.statusID == first.statusID } && s.pendingActions == 1 }
        await actions2.journaled()
        XCTAssertEqual(try rig.store.account("test").pendingActions().map(\.kind), [.delete])
        let stillThere = await server.writtenPosts().map(\.id)
        XCTAssertTrue(stillThere.contains(first.statusID), "sent while offline")
        await rig.stopEngines()

        // Online again: replayed once, confirmed, out of the store; the list says the post was deleted.
        let log3 = SnapshotLog()
        let (engine3, actions3) = try rig.engineAndActions(server.baseURL, log: log3)
        engine3.send(.start)
        let settled = try await waitFor(log3) { $0.pendingActions == 0 && !$0.loadingNewer && $0.message?.text == "Deleted." }
        XCTAssertFalse(settled.posts.contains { $0.statusID == first.statusID && !settled.deleted.contains($0.statusID) })
        let afterReplay = await server.writtenPosts().map(\.id)
        XCTAssertFalse(afterReplay.contains(first.statusID), "the server still has it")
        await actions3.journaled()
        XCTAssertEqual(try rig.store.account("test").pendingActions(), [])

        // Gone already (deleted by a try whose answer never came back): the 404 settles the wish, no refusal.
        try await client.delete(statusID: second.statusID)
        actions3.delete(second)
        let before = settled.message?.id ?? 0
        let gone = try await waitFor(log3) { s in (s.message?.id ?? 0) > before && s.pendingActions == 0 }
        XCTAssertEqual(gone.message?.text, "Deleted.")
        await actions3.journaled()
        XCTAssertEqual(try rig.store.account("test").pendingActions(), [])
    }
}
