import Foundation
import TernDemo
import TernFeed
import TernModel
import TernStore
import XCTest

/// An emoji reaction goes through the action queue as a like does: shown at once (pending), journaled,
/// kept across a restart while the server can't be reached, made exactly once when it can, through the API
/// the server's posts carry reactions in; refused, it is taken back with the server's words.
final class ReactionTests: XCTestCase {
    private var akkoma: DemoConfig {
        var config = DemoConfig()
        config.quirks = ServerQuirks.sets.first { $0.name == "akkoma" }!.quirks
        return config
    }

    private func reactable(_ s: TimelineSnapshot, without emoji: String) throws -> Post {
        try XCTUnwrap(s.posts.first { $0.boostedBy == nil && $0.reactions != nil && !($0.reactions ?? []).contains { $0.name == emoji } },
                      "the imitated Akkoma's posts carry reactions")
    }

    private func reaction(_ emoji: String, on post: Post?) -> Reaction? {
        post?.reactions?.first { $0.name == emoji }
    }

    func testAReactionWhileTheServerIsUnreachableIsKeptAcrossARestartAndMadeOnce() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let rig = EngineRig(store: try temp.open())
        let up = try await DemoServer.start(akkoma)
        let log1 = SnapshotLog()
        try rig.engine(up.baseURL, log: log1).send(.start)
        let post = try reactable(try await waitFor(log1) { !$0.posts.isEmpty && !$0.loadingNewer }, without: "🔥")
        XCTAssertEqual(post.reactionAPI, .pleroma)
        await rig.stopEngines()
        let later = try await restartUnreachable(up, for: 6, akkoma)
        let log2 = SnapshotLog()
        let (engine2, actions2) = try rig.engineAndActions(later.baseURL, log: log2)
        engine2.send(.start)
        _ = try await waitFor(log2) { !$0.posts.isEmpty }
        actions2.react("🔥", on: post, wanted: true)
        // Shown at once as the user's, on its way, while the server can't be reached.
        let pending = try await waitFor(log2) { s in s.offline && self.reaction("🔥", on: s.posts.first { $0.id == post.id })?.pending == true }
        let shown = reaction("🔥", on: pending.posts.first { $0.id == post.id })
        XCTAssertEqual(shown.map { [$0.count, $0.me ? 1 : 0] }, [1, 1])
        await rig.stopEngines()
        let journal = try rig.store.account("test").pendingActions()
        XCTAssertEqual(journal.map(\.kind), [.react], "journaled across the restart")
        XCTAssertEqual(journal.first?.statusID, post.statusID + " 🔥")

        let log3 = SnapshotLog()
        try rig.engine(later.baseURL, log: log3).send(.start)
        let made = try await waitFor(log3, timeout: 40) { s in
            s.pendingActions == 0 && self.reaction("🔥", on: s.posts.first { $0.id == post.id }).map { $0.me && !$0.pending } == true
        }
        XCTAssertNil(made.message.flatMap { $0.isError ? $0.text : nil })
        XCTAssertEqual(reaction("🔥", on: made.posts.first { $0.id == post.id })?.count, 1, "the server's count")
        let performed = await later.actionLog()
        XCTAssertEqual(performed, ["react \(post.statusID) 🔥"], "made once")
        await rig.stopEngines()
        XCTAssertEqual(try rig.store.account("test").pendingActions(), [])
        try await rig.shutdown()
        await later.stop()
    }

    func testTakingOnesReactionBackAndAShortcodeTheServerLacks() async throws {
        try await withRig(akkoma) { server, rig in
            let log = SnapshotLog()
            let (engine, actions) = try rig.engineAndActions(server.baseURL, log: log)
            engine.send(.start)
            let first = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
            // One others reacted with (the demo seeds none of the user's own): the user joins in, then takes theirs back.
            let post = try XCTUnwrap(first.posts.first { p in p.boostedBy == nil && p.reactions?.isEmpty == false },
                                     "the demo seeds others' reactions")
            let theirs = try XCTUnwrap(post.reactions?.first)
            XCTAssertFalse(theirs.me, "a seeded reaction is not the user's own")
            actions.react(theirs.name, url: theirs.url, on: post, wanted: true)
            let joined = try await waitFor(log) { s in
                s.pendingActions == 0 && self.reaction(theirs.name, on: s.posts.first { $0.id == post.id }).map { $0.me && !$0.pending } == true
            }
            XCTAssertEqual(reaction(theirs.name, on: joined.posts.first { $0.id == post.id })?.count, theirs.count + 1)
            actions.react(theirs.name, url: theirs.url, on: post, wanted: false)
            let back = try await waitFor(log) { s in
                s.pendingActions == 0 && s.posts.first { $0.id == post.id }.map { p in p.reactions?.contains { $0.name == theirs.name && $0.me } == false } == true
            }
            XCTAssertEqual(reaction(theirs.name, on: back.posts.first { $0.id == post.id })?.count ?? 0, theirs.count, "the others' reactions stay")
            var performed = await server.actionLog()
            XCTAssertEqual(performed, ["react \(post.statusID) \(theirs.name)", "unreact \(post.statusID) \(theirs.name)"])

            // A shortcode the server has no emoji for: refused, taken back, and said.
            actions.react("no_such_emoji", on: post, wanted: true)
            let refused = try await waitFor(log) { s in s.message?.isError == true && s.pendingActions == 0 }
            let said = refused.message?.text ?? ""
            XCTAssertTrue(said.hasPrefix("Couldn't react: ") && said.contains("Could not find emoji :no_such_emoji:"), said)
            XCTAssertNil(reaction("no_such_emoji", on: refused.posts.first { $0.id == post.id }), "taken back")
            performed = await server.actionLog()
            XCTAssertEqual(performed.count, 2, "nothing more made: \(performed)")
        }
    }
}
