import AsyncHTTPClient
import Foundation
import TernDemo
import TernFeed
import TernHTTP
import TernMastodon
import TernModel
import TernStore
import TernTestSupport
import XCTest

/// Mute, block, hidden boosts, "not interested" and the server's keyword filters: what the user hid
/// leaves the lists at once, mutes and blocks follow the like/save rules on their way to the server, and
/// all of it holds offline across restarts.
final class HidingTests: XCTestCase {
    /// An engine and its action queue from the shared rig, started, and the log it publishes into.
    private func start(_ rig: EngineRig, _ url: String, timeline: TimelineID = .home,
                       timeout: Duration = .seconds(5)) throws -> (TimelineEngine, ActionQueue, SnapshotLog) {
        let log = SnapshotLog()
        let (engine, actions) = try rig.engineAndActions(url, timeline: timeline, log: log, timeout: timeout)
        engine.send(.start)
        return (engine, actions, log)
    }

    func testAMutedAuthorLeavesTheTimelineAtOnceAndTheServerIsToldOnce() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let server = try await DemoServer.start()
        let rig = EngineRig(store: try temp.open())
        let (_, actions, log) = try start(rig, server.baseURL)
        let loaded = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
        let author = try XCTUnwrap(loaded.posts.first { $0.boostedBy == nil }?.account)
        XCTAssertTrue(loaded.posts.contains { $0.account.id == author.id })
        actions.set(.mute, accountID: author.id, to: true, current: false, muteSeconds: 3_600)
        let hidden = try await waitFor(log) { s in !s.posts.contains { $0.account.id == author.id || $0.boostedBy?.id == author.id } }
        XCTAssertFalse(hidden.posts.isEmpty, "only that author's posts go")
        _ = try await waitFor(log) { $0.pendingActions == 0 }
        let performed = await server.actionLog()
        XCTAssertEqual(performed, ["mute \(author.id)"])
        let relationship = try await MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: rig.http)
            .relationship(accountID: author.id)
        XCTAssertTrue(relationship.muting)
        await rig.stopEngines()
        await server.stop()

        // Offline, next run: still hidden (the cache still has their posts; the mute is kept here too).
        let (_, _, offline) = try start(rig, server.baseURL, timeout: .milliseconds(500))
        let cached = try await waitFor(offline) { $0.offline && !$0.posts.isEmpty }
        XCTAssertFalse(cached.posts.contains { $0.account.id == author.id }, "a muted author came back offline")
        await rig.stopEngines()
        try await rig.shutdown()
    }

    func testABlockWhileTheServerIsGoneIsSentOnceWhenItIsBack() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let first = try await DemoServer.start()
        let url = first.baseURL
        let rig = EngineRig(store: try temp.open())
        let (_, _, log1) = try start(rig, url)
        let online = try await waitFor(log1) { !$0.posts.isEmpty && !$0.loadingNewer }
        let author = try XCTUnwrap(online.posts.first { $0.boostedBy == nil }?.account)
        await rig.stopEngines()
        await first.stop()

        let (_, actions, log2) = try start(rig, url, timeout: .seconds(1))
        _ = try await waitFor(log2) { $0.offline && !$0.posts.isEmpty }
        actions.set(.block, accountID: author.id, to: true, current: false)
        let pending = try await waitFor(log2) { $0.pendingActions == 1 }
        XCTAssertFalse(pending.posts.contains { $0.account.id == author.id }, "hidden while the block waits")
        await rig.stopEngines()

        var config = DemoConfig()
        config.port = URLComponents(string: url)!.port!
        let second = try await DemoServer.start(config)
        let (_, _, log3) = try start(rig, url)
        _ = try await waitFor(log3) { $0.pendingActions == 0 && !$0.posts.isEmpty && !$0.offline }
        // Nothing pending: the server answered the block, so its log has it (once, had it been sent twice).
        let performed = await second.actionLog()
        XCTAssertEqual(performed, ["block \(author.id)"])
        await rig.stopEngines()
        try await rig.shutdown()
        await second.stop()
    }

    func testNotInterestedAndHiddenBoostsHoldAcrossARestart() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let server = try await DemoServer.start()
        let rig = EngineRig(store: try temp.open())
        let (_, actions, log) = try start(rig, server.baseURL)
        let loaded = try await waitFor(log) { $0.posts.contains { $0.boostedBy != nil } && !$0.loadingNewer }
        let boost = try XCTUnwrap(loaded.posts.first { $0.boostedBy != nil })
        let booster = try XCTUnwrap(boost.boostedBy)
        let dull = try XCTUnwrap(loaded.posts.first { $0.boostedBy == nil && $0.account.id != booster.id })
        actions.hide(HiddenEntry(kind: .boosts, target: booster.id))
        actions.hide(HiddenEntry(kind: .status, target: dull.statusID))
        let after = try await waitFor(log) { s in !s.posts.contains { $0.id == dull.id } && !s.posts.contains { $0.boostedBy?.id == booster.id } }
        XCTAssertEqual(after.pendingActions, 0, "hiding is local: nothing to send")
        let performed = await server.actionLog()
        XCTAssertTrue(performed.isEmpty)
        await rig.stopEngines()

        let (_, again, log2) = try start(rig, server.baseURL)
        let reopened = try await waitFor(log2) { !$0.posts.isEmpty && !$0.loadingNewer }
        XCTAssertFalse(reopened.posts.contains { $0.id == dull.id })
        XCTAssertFalse(reopened.posts.contains { $0.boostedBy?.id == booster.id })
        // Shown again when asked.
        again.hide(HiddenEntry(kind: .boosts, target: booster.id), false)
        _ = try await waitFor(log2) { $0.posts.contains { $0.boostedBy?.id == booster.id } }
        await rig.stopEngines()
        try await rig.shutdown()
        await server.stop()
    }

    func testTheServersFiltersWarnOrHide() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        // The warn filter's word: a hashtag of a post on Home's first page (which the demo's seed decides),
        // in a post the hide filter leaves alone.
        let plain = try await DemoServer.start()
        let firstPage = try await MastodonClient(baseURL: URL(string: plain.baseURL)!, token: "t", http: httpClient()).timeline(.home, limit: 40).posts
        await plain.stop()
        let texts = firstPage.map { $0.content.plainText.lowercased() }.filter { !$0.contains("caturday") }
        let word = try XCTUnwrap(["gardening", "photography", "sunset", "fediverse", "linux", "terminal", "coffee", "opensource"]
            .first { w in texts.contains { $0.contains("#" + w) } }, "no hashtag on Home's first page to warn of")
        var config = DemoConfig()
        config.filters = [DemoFilter(title: "Warned talk", keyword: word, action: "warn"),
                          DemoFilter(title: "Cats", keyword: "caturday", action: "hide")]
        let server = try await DemoServer.start(config)
        let rig = EngineRig(store: try temp.open())
        let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: rig.http)
        let raw = try await client.timeline(.home, limit: 40).posts
        XCTAssertTrue(raw.contains { $0.filteredOut }, "no post matched the hide filter")
        let (_, _, log) = try start(rig, server.baseURL)
        let shown = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
        XCTAssertFalse(shown.posts.contains { $0.filteredOut }, "a hide filter's post is shown")
        let warned = try XCTUnwrap(shown.posts.first { !$0.filterWarnings.isEmpty })
        XCTAssertEqual(warned.filterWarnings, ["Warned talk"])
        await rig.stopEngines()
        try await rig.shutdown()
        await server.stop()
    }

    /// Searching the cache counts what the list shows (issue 35): "4 cached posts match" stood over an empty
    /// list when all four were hidden, and "61 match" over a list that counted 1/59.
    func testASearchCountsWhatItShowsAndSaysHowManyAreHidden() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let server = try await DemoServer.start()
        let rig = EngineRig(store: try temp.open())
        let (_, actions, log) = try start(rig, server.baseURL)
        let loaded = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
        // A word of the newest post's, which others have too.
        let post = try XCTUnwrap(loaded.posts.first { $0.boostedBy == nil })
        let word = try XCTUnwrap(post.content.plainText.split(whereSeparator: { !$0.isLetter }).map(String.init)
            .filter { $0.count > 3 }.first { w in loaded.posts.filter { $0.content.plainText.contains(w) }.count > 1 },
            "no word shared by two posts in \(post.content.plainText)")
        actions.hide(HiddenEntry(kind: .status, target: post.statusID))
        // The search reads what is hidden from the store, where the press lands a moment later.
        await actions.journaled()

        let (_, _, results) = try start(rig, server.baseURL, timeline: .search(word))
        // The server is asked too; its posts come after the cached ones, and the count is of the cached ones.
        let found = try await waitFor(results) { $0.finds?.progress == .done && $0.message != nil }
        let text = try XCTUnwrap(found.message?.text)
        let shown = found.finds?.firstServerPost.flatMap { id in found.posts.firstIndex { $0.id == id } } ?? found.posts.count
        XCTAssertGreaterThan(shown, 0)
        XCTAssertFalse(found.posts.contains { $0.statusID == post.statusID }, "the hidden post is listed")
        XCTAssertTrue(text.hasPrefix("\(shown) cached post\(shown == 1 ? " matches" : "s match") (1 more hidden by your filters or mutes)"), text)
        XCTAssertEqual(found.rowsAbove, 0)
        XCTAssertEqual(found.rowsBelow, 0, "the position counts the results, not another list's rows")
        await rig.stopEngines()
        try await rig.shutdown()
        await server.stop()
    }

}
