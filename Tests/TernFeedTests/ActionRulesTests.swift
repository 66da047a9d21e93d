import Foundation
import GRDB
import Synchronization
import TernDemo
import TernFeed
import TernHTTP
import TernMastodon
import TernModel
import TernStore
import TernTestSupport
import XCTest

/// Likes and saves never lie: pending until confirmed, rolled back when the server answers with an
/// error, kept only while the server can't be reached, and never sent twice across restarts.
final class ActionRulesTests: XCTestCase {
    /// `tern demo --fail-rate 1`: every like is answered with an error. It shows as pending, is tried a
    /// bounded number of times, then rolls back with the reason.
    func testAFailingServerRollsTheLikeBackWithAReasonAfterBoundedTries() async throws {
        var config = DemoConfig()
        config.failRate = 1
        config.failureKinds = [.serverError, .unavailable, .timeout]
        config.stallSeconds = 0.5
        try await withEngine(config) { server, engine, log in
            engine.send(.start)
            let loaded = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
            let post = try XCTUnwrap(loaded.posts.first { !$0.favourited })
            engine.mark(.favourite, postID: post.id)
            let pending = try await waitFor(log) { $0.posts.first { $0.id == post.id }?.pending == [.favourite] }
            XCTAssertEqual(pending.pendingActions, 1)
            let rolledBack = try await waitFor(log, timeout: 40) { $0.message?.isError == true }
            let after = try XCTUnwrap(rolledBack.posts.first { $0.id == post.id })
            XCTAssertFalse(after.favourited)
            XCTAssertEqual(after.pending, [])
            XCTAssertEqual(after.favouritesCount, post.favouritesCount)
            XCTAssertEqual(rolledBack.pendingActions, 0)
            let text = rolledBack.message?.text ?? ""
            XCTAssertTrue(text.hasPrefix("Couldn't like: server error 50"), text)
            // With several likes pending, the message says which post went back (the screen names it).
            XCTAssertEqual(rolledBack.message?.failure?.subject, .post(author: post.account.shownName, text: Self.opening(of: post)))
            let requests = await server.actionRequestCount()
            XCTAssertEqual(requests, RetryPolicy.answeredAction.attempts, "bounded: one try and the retries, no more")
            let performed = await server.actionLog()
            XCTAssertEqual(performed, [])
        }
    }

    /// Pinning one's own post and muting a conversation go the way likes do: shown at once, confirmed by
    /// the server's copy, and a refusal (pinning someone else's post) rolls back with the server's reason.
    func testPinningAndMutingAConversationAreConfirmedOrRolledBack() async throws {
        try await withEngine { server, engine, log in
            let http = httpClient()
            let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: http)
            let own = try await client.publish(Draft(id: "d", text: "mine, to pin"), mediaIDs: [], idempotencyKey: "pin-1")
            try await http.shutdown()
            engine.send(.start)
            let loaded = try await waitFor(log) { s in s.posts.contains { $0.statusID == own.statusID } && !s.loadingNewer }
            let mine = try XCTUnwrap(loaded.posts.first { $0.statusID == own.statusID })
            XCTAssertEqual(mine.pinned, false, "the server says its own posts' pins")
            let theirs = try XCTUnwrap(loaded.posts.first { $0.boostedBy == nil && $0.account.id != own.account.id })

            engine.mark(.pin, postID: mine.id)
            let pinned = try await waitFor(log) { s in s.posts.first { $0.id == mine.id }?.pinned == true && s.pendingActions == 0 }
            XCTAssertNil(pinned.message.flatMap { $0.isError ? $0.text : nil })
            engine.mark(.threadMute, postID: theirs.id)
            _ = try await waitFor(log) { s in s.posts.first { $0.id == theirs.id }?.threadMuted == true && s.pendingActions == 0 }
            let performed = await server.actionLog()
            XCTAssertTrue(performed.contains { $0.hasPrefix("pin ") } && performed.contains { $0.hasPrefix("mute ") }, "\(performed)")

            // Someone else's post cannot be pinned: 422, rolled back, and the reason said.
            engine.mark(.pin, postID: theirs.id)
            let refused = try await waitFor(log) { $0.message?.isError == true && $0.pendingActions == 0 }
            XCTAssertNotEqual(refused.posts.first { $0.id == theirs.id }?.pinned, true)
            XCTAssertTrue(refused.message?.text.hasPrefix("Couldn't pin: ") == true, refused.message?.text ?? "")
            XCTAssertTrue(refused.message?.text.contains("cannot be pinned") == true, refused.message?.text ?? "")
        }
    }

    /// The server can't be reached: the like stays pending across a restart, and reaches the server
    /// exactly once when it answers.
    func testAnUnreachableServerKeepsTheLikePendingAcrossARestartAndGetsItOnce() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let rig = EngineRig(store: try temp.open())
        // Read the posts from a server that is up, into the store.
        let up = try await DemoServer.start()
        let log1 = SnapshotLog()
        try rig.engine(up.baseURL, log: log1).send(.start)
        let loaded = try await waitFor(log1) { !$0.posts.isEmpty && !$0.loadingNewer }
        let post = try XCTUnwrap(loaded.posts.first { !$0.favourited })
        await rig.stopEngines()
        // The same address, refusing connections for a while.
        let later = try await restartUnreachable(up, for: 6)
        let log2 = SnapshotLog()
        let (engine2, actions2) = try rig.engineAndActions(later.baseURL, log: log2)
        let refused = Mutex(false)
        _ = actions2.subscribe { event in if event == .unreachable { refused.withLock { $0 = true } } }
        engine2.send(.start)
        _ = try await waitFor(log2) { !$0.posts.isEmpty }
        engine2.mark(.favourite, postID: post.id)
        let pending = try await waitFor(log2) { $0.pendingActions == 1 && $0.offline }
        XCTAssertEqual(pending.posts.first { $0.id == post.id }?.pending, [.favourite])
        // The like's own try has come back refused ("offline" alone can come from the timeline's read while
        // the try is still out, and a try stopped on its way rightly leaves the journal in doubt).
        _ = try await waitFor(log2) { _ in refused.withLock { $0 } }
        await rig.stopEngines()
        XCTAssertEqual(try rig.store.account("test").pendingActions().map(\.statusID), [post.statusID], "journaled across the restart")
        // Refused connections: the like never left, so the next run need not look before it sends.
        XCTAssertEqual(try rig.store.account("test").pendingActions().first?.confirmed, false, "not in doubt")

        let log3 = SnapshotLog()
        try rig.engine(later.baseURL, log: log3).send(.start)
        let sent = try await waitFor(log3, timeout: 40) { s in
            s.pendingActions == 0 && s.posts.first { $0.id == post.id }.map { $0.favourited && $0.pending.isEmpty } == true
        }
        XCTAssertNil(sent.message.flatMap { $0.isError ? $0.text : nil })
        let performed = await later.actionLog()
        XCTAssertEqual(performed, ["favourite \(post.statusID)"])
        // The server's answer reaches the journal a moment after the screen: stopping waits for it.
        await rig.stopEngines()
        XCTAssertEqual(try rig.store.account("test").pendingActions(), [])
        try await rig.shutdown()
        await later.stop()
    }

    /// Like, then undo while the like is still on its way, then the process ends: the server did the like,
    /// so the next run must undo it there, and the post shows what the server ends with.
    func testAnUndoWhileTheRequestWasInFlightIsNotLostWhenTheProcessEnds() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let rig = EngineRig(store: try temp.open())
        var config = DemoConfig()
        config.latencyMilliseconds = 800
        let server = try await DemoServer.start(config)
        let log1 = SnapshotLog()
        let engine1 = try rig.engine(server.baseURL, log: log1)
        engine1.send(.start)
        let loaded = try await waitFor(log1) { !$0.posts.isEmpty && !$0.loadingNewer }
        let post = try XCTUnwrap(loaded.posts.first { !$0.favourited })
        engine1.mark(.favourite, postID: post.id)
        _ = try await waitFor(log1) { $0.posts.first { $0.id == post.id }?.favourited == true }
        try await Task.sleep(for: .milliseconds(200))
        engine1.mark(.favourite, postID: post.id)
        _ = try await waitFor(log1) { $0.posts.first { $0.id == post.id }?.favourited == false }
        // The process ends with the like still on its way.
        await rig.stopEngines()
        let deadline = Date().addingTimeInterval(10)
        while await server.actionLog().isEmpty, Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        let landed = await server.actionLog()
        XCTAssertEqual(landed, ["favourite \(post.statusID)"], "the server carried out the like nobody heard back from")

        let log2 = SnapshotLog()
        try rig.engine(server.baseURL, log: log2).send(.start)
        let settled = try await waitFor(log2, timeout: 20) { s in
            s.pendingActions == 0 && s.posts.first { $0.id == post.id }.map { !$0.favourited && $0.pending.isEmpty } == true
        }
        XCTAssertEqual(settled.posts.first { $0.id == post.id }?.favourited, false)
        let performed = await server.actionLog()
        XCTAssertEqual(performed, ["favourite \(post.statusID)", "unfavourite \(post.statusID)"])
        try await rig.shutdown()
        await server.stop()
    }

    /// A server slower than Tern waits: the like goes out once and is never sent again on later runs;
    /// each run asks for the post's state instead, and keeps the like pending while it gets no answer.
    func testASlowServerGetsTheLikeOnceAcrossRestarts() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let rig = EngineRig(store: try temp.open())
        var config = DemoConfig()
        config.latencyMilliseconds = 1500
        let server = try await DemoServer.start(config)
        let log1 = SnapshotLog()
        try rig.engine(server.baseURL, log: log1, timeout: .seconds(5)).send(.start)
        let loaded = try await waitFor(log1) { !$0.posts.isEmpty && !$0.loadingNewer }
        let post = try XCTUnwrap(loaded.posts.first { !$0.favourited })
        await rig.stopEngines()
        for run in 0..<3 {
            let log = SnapshotLog()
            let engine = try rig.engine(server.baseURL, log: log, timeout: .milliseconds(700))
            engine.send(.start)
            _ = try await waitFor(log) { !$0.posts.isEmpty }
            if run == 0 { engine.mark(.favourite, postID: post.id) }
            _ = try await waitFor(log) { $0.posts.first { $0.id == post.id }?.pending == [.favourite] }
            try await Task.sleep(for: .milliseconds(1600))
            await rig.stopEngines()
        }
        let performed = await server.actionLog()
        XCTAssertEqual(performed, ["favourite \(post.statusID)"])
        XCTAssertEqual(try rig.store.account("test").pendingActions().first?.confirmed, Optional<Bool>.none,
                       "still pending, the server's state in doubt")
        try await rig.shutdown()
        await server.stop()
    }

    /// Follow is set, not toggled: the wish says the state the user confirmed. When the one asking knows an
    /// older state that already meets it (a relationship read overtaken by a follow's answer), the queue asks
    /// the server before taking the wish as met. It took it as met before: a confirmed "Unfollow?" was never
    /// sent, and the server kept the follow (the short chaos run in CI).
    func testAnUnfollowOnAStaleRelationshipIsLookedUpAndSent() async throws {
        try await withRig { server, rig in
            let log = SnapshotLog()
            let (engine, actions) = try rig.engineAndActions(server.baseURL, log: log)
            engine.send(.start)
            let loaded = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
            let author = try XCTUnwrap(loaded.posts.first { $0.boostedBy == nil }?.account)
            let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: rig.http)
            var r = try await client.perform(.follow, accountID: author.id)
            XCTAssertTrue(r.following, "followed behind the queue's back")

            actions.set(.follow, accountID: author.id, to: false, current: false)
            let deadline = Date().addingTimeInterval(15)
            while r.following, Date() < deadline {
                try await Task.sleep(for: .milliseconds(50))
                r = try await client.relationship(accountID: author.id)
            }
            XCTAssertFalse(r.following, "the unfollow was never sent")
            let settled = try await waitFor(log) { $0.pendingActions == 0 }
            XCTAssertNil(settled.message.flatMap { $0.isError ? $0.text : nil })
        }
    }

    /// The relationship the screen showed was stale the other way: "not following" while the server follows.
    /// The user follows, changes their mind and unfollows before anything went (offline here). The unfollow
    /// returns to what the screen showed, which was never the server's word: it must be looked up and sent,
    /// not taken as met. It was taken as met, and the follow stood on the server (the long chaos run).
    func testAFollowUndoneBeforeItWentOnAStaleRelationshipIsLookedUpAndSent() async throws {
        try await withRig { server, rig in
            let log1 = SnapshotLog()
            let (engine1, _) = try rig.engineAndActions(server.baseURL, log: log1)
            engine1.send(.start)
            let loaded = try await waitFor(log1) { !$0.posts.isEmpty && !$0.loadingNewer }
            let author = try XCTUnwrap(loaded.posts.first { $0.boostedBy == nil }?.account)
            await rig.stopEngines()
            let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: rig.http)
            var r = try await client.perform(.follow, accountID: author.id)
            XCTAssertTrue(r.following, "followed behind Tern's back")

            let log2 = SnapshotLog()
            let (engine2, offline) = try rig.engineAndActions(server.baseURL, log: log2, offline: true)
            engine2.send(.start)
            offline.set(.follow, accountID: author.id, to: true, current: false)
            offline.set(.follow, accountID: author.id, to: false, current: false)
            await offline.journaled()
            let rows = try rig.store.account("test").pendingActions()
            XCTAssertEqual(rows.map(\.wanted), [false], "the change of mind is journaled, to be looked up")
            XCTAssertEqual(rows.first?.assumed, true)
            await rig.stopEngines()

            let log3 = SnapshotLog()
            let (engine3, online) = try rig.engineAndActions(server.baseURL, log: log3)
            engine3.send(.start)
            let deadline = Date().addingTimeInterval(15)
            while r.following, Date() < deadline {
                try await Task.sleep(for: .milliseconds(50))
                r = try await client.relationship(accountID: author.id)
            }
            XCTAssertFalse(r.following, "the unfollow was taken as met and never sent")
            await online.journaled()
            let settled = try await waitFor(log3) { $0.pendingActions == 0 }
            XCTAssertNil(settled.message.flatMap { $0.isError ? $0.text : nil })
        }
    }

    /// A wish whose journal row can't be written is taken back and the user told so; its request must then
    /// not leave. It did: the delivery loop had already picked the wish, and a follow the user was told had
    /// failed stood on the server (the short chaos run in CI, on a disk failing one sync in twenty).
    func testAWishTheJournalCouldNotRecordIsNeverSent() async throws {
        try await withRig { server, rig in
            let log = SnapshotLog()
            let (engine, actions) = try rig.engineAndActions(server.baseURL, log: log)
            engine.send(.start)
            let loaded = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
            let post = try XCTUnwrap(loaded.posts.first { !$0.favourited && $0.boostedBy == nil })
            let author = try XCTUnwrap(loaded.posts.first { $0.boostedBy == nil && $0.account.id != post.account.id }?.account)
            // The store refuses the follow's row, as a disk that fails the write would.
            XCTAssertTrue(author.id.allSatisfy(\.isNumber), "a trigger takes no variables: the id goes in as written")
            let db = try DatabaseQueue(path: rig.store.url.path)
            try await db.write { db in
                try db.execute(sql: """
                    CREATE TRIGGER refuse_follow BEFORE INSERT ON journal WHEN NEW.kind = 'follow' AND NEW.target = '\(author.id)'
                    BEGIN SELECT RAISE(FAIL, 'disk I/O error'); END
                    """)
            }
            try await db.close()

            actions.set(.follow, accountID: author.id, to: true, current: false)
            let told = try await waitFor(log) { $0.message?.isError == true }
            XCTAssertEqual(told.message?.text.hasPrefix("Couldn't follow: the cache could not record it"), true, told.message?.text ?? "")
            // Wishes go oldest first: once a like made after it is confirmed, the follow has had its turn.
            engine.mark(.favourite, postID: post.id)
            _ = try await waitFor(log) { s in s.pendingActions == 0 && s.posts.first { $0.id == post.id }?.favourited == true }
            let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: rig.http)
            let r = try await client.relationship(accountID: author.id)
            XCTAssertFalse(r.following, "a follow the user was told had failed reached the server")
        }
    }

    /// A like carries what the screen showed the user asking for. Here the engine's copy says "not liked"
    /// while the server has it liked (another client liked it; the screen, drawn since, showed it liked),
    /// and the user asks for "not liked": the queue looks, finds it liked, and unlikes it. A toggle of the
    /// engine's copy would have sent a like, the opposite of what was asked.
    func testALikeSetToWhatTheScreenShowedHoldsOverAStaleCopy() async throws {
        try await withRig { server, rig in
            let log = SnapshotLog()
            let (engine, _) = try rig.engineAndActions(server.baseURL, log: log)
            engine.send(.start)
            let loaded = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
            let post = try XCTUnwrap(loaded.posts.first { !$0.favourited && $0.boostedBy == nil })
            let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: rig.http)
            let behind = try await client.perform(.favourite, statusID: post.statusID)
            XCTAssertTrue(behind.favourited, "liked behind the engine's back")

            engine.mark(.favourite, postID: post.id, wanted: false)
            var liked = true
            let deadline = Date().addingTimeInterval(15)
            while liked, Date() < deadline {
                try await Task.sleep(for: .milliseconds(50))
                liked = try await client.status(id: post.statusID).favourited
            }
            XCTAssertFalse(liked, "the unlike the user asked for was not made")
            let performed = await server.actionLog()
            XCTAssertEqual(performed, ["favourite \(post.statusID)", "unfavourite \(post.statusID)"])
        }
    }

    /// What a failed press's message names a post by: its warning, else its text.
    static func opening(of post: Post) -> String { post.spoilerText.isEmpty ? post.content.plainText : post.spoilerText }
}
