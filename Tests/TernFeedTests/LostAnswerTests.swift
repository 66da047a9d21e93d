import Foundation
import TernDemo
import TernFeed
import TernModel
import TernStore
import XCTest

/// A like whose answer is lost (the server made it, then its answer stalled past the deadline) is not
/// rolled back: the server's state is in doubt, so the next try asks it first and settles, sending the
/// like once. Before, the broken-off answer counted as a refusal: the screen undid a like the server had.
final class LostAnswerTests: XCTestCase {
    func testALikeWhoseAnswerIsLostIsLookedUpAndSettledNotRolledBack() async throws {
        var config = DemoConfig()
        config.stallSeconds = 30
        let server = try await DemoServer.start(config)
        defer { Task { await server.stop() } }
        let temp = TemporaryStore()
        defer { temp.remove() }
        let rig = EngineRig(store: try temp.open())
        defer { Task { [rig] in try? await rig.shutdown() } }
        let log = SnapshotLog()
        let engine = try rig.engine(server.baseURL, log: log, timeout: .seconds(2))
        engine.send(.start)
        let loaded = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
        let post = try XCTUnwrap(loaded.posts.first { !$0.favourited && $0.boostedBy == nil })

        await server.injectFaults([.madeThenStalled])
        engine.mark(.favourite, postID: post.id)
        // Settled (nothing pending) after the look that follows the lost answer: liked, and no error said.
        let settled = try await waitFor(log, timeout: 30) { s in
            s.pendingActions == 0 && s.posts.first { $0.id == post.id }.map { $0.favourited && $0.pending.isEmpty } == true
                || s.message?.isError == true
        }
        XCTAssertNotEqual(settled.message?.isError, true, settled.message?.text ?? "")
        XCTAssertEqual(settled.posts.first { $0.id == post.id }?.favourited, true)
        let performed = await server.actionLog()
        XCTAssertEqual(performed, ["favourite \(post.statusID)"], "made once, never again")
    }
}
