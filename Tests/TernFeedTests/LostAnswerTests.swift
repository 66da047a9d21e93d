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
        try await withRig(config) { server, rig in
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

    /// A like held on its way (a proxy's queue, a slow server) when Tern stopped, and unliked before the
    /// stop: it lands after the next run began. A look before it landed saw "not liked", settled on it, and
    /// the late like stood on the server while the screen said not liked. The next run now looks only once
    /// a request's timeout has passed, sees the like, and sends the unlike: the last word is the user's.
    func testALikeThatLandsAfterARestartIsOverruledByTheUnlikeThatFollowedIt() async throws {
        var config = DemoConfig()
        config.stallSeconds = 30
        try await withRig(config) { server, rig in
            let log = SnapshotLog()
            let engine = try rig.engine(server.baseURL, log: log, timeout: .seconds(3))
            engine.send(.start)
            let loaded = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
            let post = try XCTUnwrap(loaded.posts.first { !$0.favourited && $0.boostedBy == nil })
            let journal = try rig.store.account("test")

            await server.injectFaults([.madeLater(seconds: 1.5)])
            engine.mark(.favourite, postID: post.id)
            // On its way: the journal marks the server's state in doubt before the request goes.
            try await until("the like is on its way") { try journal.pendingActions().contains { $0.wanted && $0.confirmed == nil } }
            engine.mark(.favourite, postID: post.id)
            try await until("the unlike is journaled") { try journal.pendingActions().contains { !$0.wanted && $0.confirmed == nil } }
            await rig.stopEngines()

            let next = SnapshotLog()
            try rig.engine(server.baseURL, log: next, timeout: .seconds(3)).send(.start)
            let settled = try await waitFor(next, timeout: 30) { s in
                s.pendingActions == 0 && s.posts.first { $0.id == post.id }.map { !$0.favourited && $0.pending.isEmpty } == true
            }
            XCTAssertNil(settled.message.flatMap { $0.isError ? $0.text : nil })
            let performed = await server.actionLog()
            XCTAssertEqual(performed, ["favourite \(post.statusID)", "unfavourite \(post.statusID)"], "the late like, then the unlike")
        }
    }

    private func until(_ what: String, timeout: Double = 10, _ condition: () throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        XCTFail("timed out waiting until \(what)")
        throw Timeout()
    }
}
