import Foundation
import TernDemo
import TernFeed
import TernModel
import TernStore
import XCTest

/// Boosting follows the like/save rules: shown at once as pending, the server's answer decides, a refusal
/// rolls back with a reason, and an unreachable server keeps it queued for exactly one send later.
final class BoostTests: XCTestCase {
    func testABoostIsPendingThenConfirmedAndARefusalRollsBack() async throws {
        var config = DemoConfig()
        config.latencyMilliseconds = 150
        try await withEngine(config) { server, engine, log in
            engine.send(.start)
            let loaded = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
            let candidates = loaded.posts.filter { !$0.boosted && $0.boostedBy == nil }
            let post = try XCTUnwrap(candidates.first), other = try XCTUnwrap(candidates.dropFirst().first)
            engine.mark(.reblog, postID: post.id)
            let pending = try await waitFor(log) { s in s.posts.first { $0.id == post.id }?.pending.contains(.boost) == true }
            let shown = try XCTUnwrap(pending.posts.first { $0.id == post.id })
            XCTAssertTrue(shown.boosted)
            XCTAssertEqual(shown.boostsCount, post.boostsCount + 1)
            let confirmed = try await waitFor(log) { s in
                s.pendingActions == 0 && s.posts.first { $0.id == post.id }.map { $0.boosted && $0.pending.isEmpty } == true
            }
            XCTAssertEqual(confirmed.posts.first { $0.id == post.id }?.boostsCount, post.boostsCount + 1, "the server's count")
            let performed = await server.actionLog()
            XCTAssertEqual(performed, ["reblog \(post.statusID)"])

            await server.injectFaults([.status(422, retryAfter: nil)])
            engine.mark(.reblog, postID: other.id)
            let refused = try await waitFor(log) { $0.message?.isError == true }
            XCTAssertEqual(refused.posts.first { $0.id == other.id }?.boosted, false, "rolled back")
            XCTAssertTrue(refused.message?.text.hasPrefix("Couldn't boost: request refused 422") == true, refused.message?.text ?? "")
            XCTAssertEqual(refused.message?.failure?.subject, .post(author: other.account.shownName, text: ActionRulesTests.opening(of: other)))
        }
    }

    func testABoostWhileTheServerIsGoneIsSentOnceWhenItIsBack() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let rig = EngineRig(store: try temp.open())
        defer { Task { [rig] in try? await rig.shutdown() } }
        let first = try await DemoServer.start()
        let url = first.baseURL
        let log1 = SnapshotLog()
        let engine1 = try rig.engine(url, log: log1)
        engine1.send(.start)
        let online = try await waitFor(log1) { !$0.posts.isEmpty && !$0.loadingNewer }
        let post = try XCTUnwrap(online.posts.first { !$0.boosted })
        await rig.stopEngines()
        await first.stop()

        // Gone: the boost is journaled and shown pending.
        let log2 = SnapshotLog()
        let engine2 = try rig.engine(url, log: log2, timeout: .seconds(1))
        engine2.send(.start)
        _ = try await waitFor(log2) { $0.offline && !$0.posts.isEmpty }
        engine2.mark(.reblog, postID: post.id)
        _ = try await waitFor(log2) { $0.pendingActions == 1 }
        await rig.stopEngines()

        // Back, on the same address: sent once, confirmed.
        var config = DemoConfig()
        config.port = URLComponents(string: url)!.port!
        let second = try await DemoServer.start(config)
        defer { Task { await second.stop() } }
        let log3 = SnapshotLog()
        let engine3 = try rig.engine(url, log: log3)
        engine3.send(.start)
        let done = try await waitFor(log3) { s in s.pendingActions == 0 && s.posts.first { $0.id == post.id }?.boosted == true }
        XCTAssertTrue(done.posts.first { $0.id == post.id }?.pending.isEmpty ?? false)
        // Settled means answered: the server's log holds every reblog it was sent.
        let performed = await second.actionLog()
        XCTAssertEqual(performed, ["reblog \(post.statusID)"])
    }

    /// `--fail-rate 1`: the boost ends rolled back with the server's reason, within the bounded retry.
    func testAFailingServerRollsTheBoostBackWithAReason() async throws {
        var config = DemoConfig()
        config.failRate = 1
        config.failureKinds = [.serverError]
        try await withEngine(config) { _, engine, log in
            engine.send(.start)
            let loaded = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
            let post = try XCTUnwrap(loaded.posts.first { !$0.boosted })
            let started = Date()
            engine.mark(.reblog, postID: post.id)
            let refused = try await waitFor(log, timeout: 25) { $0.message?.isError == true && $0.pendingActions == 0 }
            XCTAssertLessThan(Date().timeIntervalSince(started), 20)
            XCTAssertEqual(refused.posts.first { $0.id == post.id }?.boosted, false, "rolled back")
            XCTAssertTrue(refused.message?.text.hasPrefix("Couldn't boost: server error 500") == true, refused.message?.text ?? "")
            XCTAssertEqual(refused.message?.failure?.subject, .post(author: post.account.shownName, text: ActionRulesTests.opening(of: post)))
        }
    }
}
