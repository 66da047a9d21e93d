import Foundation
import TernDemo
import TernFeed
import TernModel
import TernStore
import XCTest

/// A vote goes through the action queue as a like does: shown at once as the user's choice, journaled,
/// kept across a restart while the server can't be reached, counted exactly once when it can; refused,
/// it is taken back with the server's words.
final class PollVoteTests: XCTestCase {
    /// The first post of the home timeline with a poll still open (the demo seeds some).
    private func openPoll(_ s: TimelineSnapshot) throws -> Post {
        try XCTUnwrap(s.posts.first { $0.boostedBy == nil && $0.poll?.open() == true }, "the demo's first page has an open poll")
    }

    func testAVoteWhileTheServerIsUnreachableIsKeptAcrossARestartAndCountedOnce() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let rig = EngineRig(store: try temp.open())
        let up = try await DemoServer.start()
        let log1 = SnapshotLog()
        try rig.engine(up.baseURL, log: log1).send(.start)
        let post = try openPoll(try await waitFor(log1) { !$0.posts.isEmpty && !$0.loadingNewer })
        await rig.stopEngines()
        // The same address, refusing connections for a while.
        let later = try await restartUnreachable(up, for: 6)
        let log2 = SnapshotLog()
        let (engine2, actions2) = try rig.engineAndActions(later.baseURL, log: log2)
        engine2.send(.start)
        _ = try await waitFor(log2) { !$0.posts.isEmpty }
        actions2.vote(post, choices: [0])
        // Shown at once as the user's choice, pending, while the server can't be reached.
        let pending = try await waitFor(log2) { s in s.offline && s.posts.first { $0.id == post.id }?.pending.contains(.vote) == true }
        XCTAssertEqual(pending.posts.first { $0.id == post.id }?.poll?.ownVotes, [0])
        await rig.stopEngines()
        XCTAssertEqual(try rig.store.account("test").pendingActions().map(\.kind), [.vote], "journaled across the restart")

        let log3 = SnapshotLog()
        try rig.engine(later.baseURL, log: log3).send(.start)
        let counted = try await waitFor(log3, timeout: 40) { s in
            s.pendingActions == 0 && s.posts.first { $0.id == post.id }.map { $0.pending.isEmpty && $0.poll?.ownVotes == [0] } == true
        }
        XCTAssertNil(counted.message.flatMap { $0.isError ? $0.text : nil })
        let before = post.poll?.options.first?.votes ?? 0
        XCTAssertEqual(counted.posts.first { $0.id == post.id }?.poll?.options.first?.votes, before + 1, "the server's count, with the vote")
        let performed = await later.actionLog()
        XCTAssertEqual(performed, ["vote \(post.statusID) 0"], "counted once")
        await rig.stopEngines()
        XCTAssertEqual(try rig.store.account("test").pendingActions(), [])
        try await rig.shutdown()
        await later.stop()
    }

    func testARefusedVoteIsTakenBackWithTheServersWords() async throws {
        try await withRig { server, rig in
            let log = SnapshotLog()
            let (engine, actions) = try rig.engineAndActions(server.baseURL, log: log)
            engine.send(.start)
            let post = try openPoll(try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer })
            await server.injectFaults([.status(422, retryAfter: nil)])
            actions.vote(post, choices: [1])
            let back = try await waitFor(log) { s in s.message?.isError == true && s.pendingActions == 0 }
            XCTAssertEqual(back.message?.text.hasPrefix("Couldn't vote: "), true, back.message?.text ?? "")
            let shown = try XCTUnwrap(back.posts.first { $0.id == post.id })
            XCTAssertEqual(shown.poll?.ownVotes, [], "the choice is taken back")
            XCTAssertTrue(shown.pending.isEmpty)
            let performed = await server.actionLog()
            XCTAssertEqual(performed, [], "nothing counted")
        }
    }
}
