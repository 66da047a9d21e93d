import Foundation
import TernDemo
import TernFeed
import TernModel
import TernStore
import XCTest

/// `F` on a hashtag's timeline goes through the action queue as a like does: shown at once (pending),
/// journaled, kept across a restart while the server can't be reached, and sent exactly once when it can.
final class HashtagFollowTests: XCTestCase {
    func testAFollowWhileTheServerIsUnreachableIsKeptAcrossARestartAndSentOnce() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let rig = EngineRig(store: try temp.open())
        let up = try await DemoServer.start()
        let log1 = SnapshotLog()
        try rig.engine(up.baseURL, timeline: .hashtag("linux"), log: log1).send(.start)
        let known = try await waitFor(log1) { $0.hashtag?.tag.following != nil && !$0.loadingNewer }
        XCTAssertEqual(known.hashtag, HashtagHeader(tag: Hashtag(name: "linux", weeklyUses: known.hashtag?.tag.weeklyUses, following: false), pending: false))
        await rig.stopEngines()
        // The same address, refusing connections for a while.
        let later = try await restartUnreachable(up, for: 6)
        let log2 = SnapshotLog()
        let (engine2, actions2) = try rig.engineAndActions(later.baseURL, timeline: .hashtag("linux"), log: log2)
        engine2.send(.start)
        // Unreachable: the hashtag's state is not known in this run, so the wish is made on what the last run saw.
        actions2.follow(hashtag: "linux", true, current: false)
        let pending = try await waitFor(log2) { $0.hashtag?.pending == true }
        XCTAssertEqual(pending.hashtag?.tag.following, true, "shown as wished at once")
        await rig.stopEngines()
        XCTAssertEqual(try rig.store.account("test").pendingActions().map(\.kind), [.followTag], "journaled across the restart")

        let log3 = SnapshotLog()
        try rig.engine(later.baseURL, timeline: .hashtag("linux"), log: log3).send(.start)
        let followed = try await waitFor(log3, timeout: 40) { $0.pendingActions == 0 && $0.hashtag == HashtagHeader(
            tag: Hashtag(name: "linux", weeklyUses: $0.hashtag?.tag.weeklyUses, following: true), pending: false) }
        XCTAssertNil(followed.message.flatMap { $0.isError ? $0.text : nil })
        let performed = await later.actionLog()
        XCTAssertEqual(performed, ["follow #linux"], "sent once")
        await rig.stopEngines()
        XCTAssertEqual(try rig.store.account("test").pendingActions(), [])
        try await rig.shutdown()
        await later.stop()
    }

    func testTheEnginesFollowTakesTheShownStateAndARefusalTakesItBack() async throws {
        try await withRig { server, rig in
            let log = SnapshotLog()
            let engine = try rig.engine(server.baseURL, timeline: .hashtag("gardening"), log: log)
            engine.send(.start)
            _ = try await waitFor(log) { $0.hashtag?.tag.following == false && !$0.loadingNewer && !$0.posts.isEmpty }
            await server.injectFaults([.status(422, retryAfter: nil)])
            engine.send(.follow(true))
            let back = try await waitFor(log) { s in s.message?.isError == true && s.pendingActions == 0 }
            XCTAssertEqual(back.message?.text.hasPrefix("Couldn't follow the hashtag"), true, back.message?.text ?? "")
            XCTAssertEqual(back.hashtag?.tag.following, false, "taken back")
            engine.send(.follow(true))
            let followed = try await waitFor(log) { s in s.pendingActions == 0 && s.hashtag?.tag.following == true && s.hashtag?.pending == false }
            XCTAssertEqual(followed.message?.text, "Following #gardening.")
            let performed = await server.actionLog()
            XCTAssertEqual(performed, ["follow #gardening"])
        }
    }
}
