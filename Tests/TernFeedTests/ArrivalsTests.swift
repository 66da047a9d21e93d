import Foundation
import TernDemo
import TernMastodon
import TernModel
@testable import TernFeed
import XCTest

/// What counts as come in ("↑ N new"): others' posts that arrived above the top, never the user's own (what
/// they wrote they have read; Catch-up, since the read mark goes up over them, said nothing came in while the
/// status line said "↑ 1 new").
final class ArrivalsTests: XCTestCase {
    func testTheUsersOwnPostIsNoArrivalAndOthersAre() async throws {
        var config = DemoConfig()
        config.newPostInterval = nil
        try await withRig(config) { server, rig in
            let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: rig.http)
            let me = try await client.verifyCredentials()
            let log = SnapshotLog()
            let engine = try rig.engine(server.baseURL, log: log, ownAccountID: me.id)
            engine.send(.start)
            let loaded = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
            engine.send(.viewed(first: 0, last: 2, anchorID: loaded.posts[0].id, offset: 0))

            let draft = Draft(id: "arrivals-own", text: "my own words")
            let mine = try await client.publish(draft, mediaIDs: [], idempotencyKey: "arrivals-own")
            await server.addPosts(2)
            engine.send(.refresh)
            let after = try await waitFor(log) { s in s.posts.contains { $0.statusID == mine.statusID } && s.arrivals.count >= 2 && !s.loadingNewer }
            let own = try XCTUnwrap(after.posts.first { $0.statusID == mine.statusID })
            XCTAssertFalse(after.arrivals.contains(own.id), "the user's own post counted as come in: \(after.arrivals)")
            let others = after.posts.filter { $0.account.id != me.id && after.arrivals.contains($0.id) }
            XCTAssertEqual(others.count, 2, "the two others' posts are new: \(after.arrivals)")
        }
    }

    /// Posts that came in and were not read before Tern ended still count as come in after the restart:
    /// those newer than the newest seen, but the user's own (a new user's "↑ 2 new" was gone after `q`).
    func testWhatCameInUnreadStillCountsAfterARestart() async throws {
        typealias F = CatchUpFixtures
        let temp = TemporaryStore()
        defer { temp.remove() }
        let store = try temp.open()
        let (ann, me) = (F.person("ann"), F.person("me"))
        let posts = (0..<20).map { i in F.post("\(1020 - i)", by: i == 1 ? me : ann, minutesAgo: 5 * (i + 1), likes: i) }
        let home = store.account("test").timeline(TimelineID.home.storageKey)
        try home.insert(posts, at: .top)
        try home.saveSeen("1016")
        let rig = EngineRig(store: store)
        let log = SnapshotLog()
        try rig.engine("http://127.0.0.1:9", log: log, offline: true, ownAccountID: me.id).send(.start)
        let first = try await waitFor(log) { !$0.posts.isEmpty }
        XCTAssertEqual(first.arrivals, ["1020", "1018", "1017"], "newer than the newest seen, but the user's own 1019")
        try await rig.shutdown()
    }
}

/// A list whose last word was that it was offline says the server answers again once it does, rather than
/// leaving "Offline: …" beside `live` (a new user saw both in one frame).
final class BackOnlineTests: XCTestCase {
    func testAListThatSaidOfflineSaysTheServerAnswersAgain() async throws {
        var config = DemoConfig()
        config.newPostInterval = nil
        let first = try await DemoServer.start(config)
        let server = try await restartUnreachable(first, for: 3, config)
        let temp = TemporaryStore()
        defer { temp.remove() }
        let rig = EngineRig(store: try temp.open())
        let log = SnapshotLog()
        do {
            try rig.engine(server.baseURL, log: log).send(.start)
            let away = try await waitFor(log) { $0.offline && $0.message?.text.hasPrefix("Offline") == true }
            XCTAssertTrue(away.offline)
            let back = try await waitFor(log, timeout: 30) { !$0.offline && !$0.posts.isEmpty }
            XCTAssertEqual(back.message?.text, "The server answers again.", "still: \(back.message?.text ?? "nothing")")
        } catch {
            try await rig.shutdown()
            await server.stop()
            throw error
        }
        try await rig.shutdown()
        await server.stop()
    }
}
