import AsyncHTTPClient
import Foundation
import TernDemo
@testable import TernFeed
import TernHTTP
import TernImages
import TernMastodon
import TernModel
import TernStore
import TernTerminal
@testable import TernUI
import XCTest

/// The runner's routing, with real parts (a demo server, a store file, engines) and a screen drawn to
/// /dev/null: each kind of result reaches the session and the layer it belongs to, whichever is shown.
final class RunnerTests: XCTestCase {
    func rig() async throws -> RunnerRig { try await RunnerRig.start() }

    let draft = Draft(id: "new", text: "hello")

    func testEachSessionsResultsReachItsOwnScreens() async throws {
        let r = try await rig()
        let runner = r.runner
        XCTAssertEqual(runner.sessions.count, 2)
        let shown = runner.sessions[0], background = runner.sessions[1]
        XCTAssertTrue(runner.session === shown)

        // A draft read for the background account opens its compose screen there, not on the shown one.
        runner.accept(.account(1, .layer(.compose(draft, context: nil))))
        XCTAssertTrue(background.stack.top is ComposeLayer)
        XCTAssertTrue(shown.stack.top is FeedLayer)
        runner.accept(.account(0, .layer(.compose(draft, context: nil))))
        XCTAssertTrue(shown.stack.top is ComposeLayer)

        // A looked-up profile and the people muted open where they were asked for.
        let ada = Account(id: "7", acct: "ada", displayName: "Ada")
        runner.accept(.account(1, .layer(.open(.profile(ada)))))
        XCTAssertEqual((background.stack.top as? FeedLayer)?.feed, .profile(accountID: "7"))
        runner.accept(.account(1, .layer(.silenced(muted: [ada], blocked: []))))
        XCTAssertEqual((background.stack.top as? ChoiceLayer)?.items.map(\.label), ["Unmute @ada"])
        XCTAssertTrue(shown.stack.top is ComposeLayer, "the shown account's screens did not move")

        // The background account speaks up only when something went wrong, and names itself.
        runner.accept(.account(1, .say("3 drafts kept", isError: false)))
        XCTAssertNil(runner.status.message)
        runner.accept(.account(1, .say("Couldn't delete", isError: true)))
        XCTAssertEqual(runner.status.message?.text, "bo@two: Couldn't delete")
        runner.accept(.account(0, .say("Deleted.", isError: false)))
        XCTAssertEqual(runner.status.message?.text, "Deleted.")
        XCTAssertTrue(runner.session === shown, "back in the shown session's scope")

        // Snapshots: from the engine behind a list, into its session; a stale engine's are ignored.
        let serial = try XCTUnwrap(background.serials[.notifications], "the background account's notifications started")
        runner.accept(.account(1, .snapshot(FeedSnapshot(version: 1_000, feed: .notifications), engine: serial)))
        XCTAssertEqual(background.feeds[.notifications]?.version, 1_000)
        XCTAssertNotEqual(shown.feeds[.notifications]?.version, 1_000)
        runner.accept(.account(1, .snapshot(FeedSnapshot(version: 2_000, feed: .notifications), engine: serial + 1_000)))
        XCTAssertEqual(background.feeds[.notifications]?.version, 1_000, "not from this engine")
        // The screens of that list take it, as a message, even under another screen (the compose screen here).
        runner.perform([.feed(.timeline(.home), .start)])
        let homeSerial = try XCTUnwrap(shown.serials[.timeline(.home)])
        runner.accept(.account(0, .snapshot(FeedSnapshot(version: 5_000, feed: .timeline(.home)), engine: homeSerial)))
        XCTAssertEqual((shown.stack.layers[0] as? FeedLayer)?.snapshot?.version, 5_000)
        XCTAssertNil((background.stack.layers[0] as? FeedLayer)?.snapshot.flatMap { $0.version == 5_000 ? $0 : nil })
        var wide = PostingLimits()
        wide.maxCharacters = 5_000
        runner.accept(.account(1, .limits(wide)))
        XCTAssertEqual(background.limits.maxCharacters, 5_000)
        XCTAssertNotEqual(shown.limits.maxCharacters, 5_000)

        // The rest of a session's news lands in that session alone.
        runner.accept(.account(1, .me(Account(id: "99", acct: "bo", displayName: "Bo"))))
        XCTAssertEqual(background.me.acct, "bo")
        XCTAssertEqual(shown.me.acct, "me")
        runner.accept(.account(1, .lists([.list(id: "1", title: "Friends")])))
        XCTAssertEqual(background.lists, [.list(id: "1", title: "Friends")])
        XCTAssertNil(shown.lists)
        runner.accept(.account(1, .draftSaved(draft)))
        XCTAssertEqual(background.savedDraft, draft)
        XCTAssertNil(shown.savedDraft)
        runner.accept(.account(1, .live(.state(.live))))
        XCTAssertEqual(background.liveState, "live")
        XCTAssertNil(shown.liveState)
        let waiting = OutgoingPost(idempotencyKey: "k", draft: draft, createdAt: Date())
        runner.accept(.account(1, .outbox(.changed([waiting], waiting: true))))
        XCTAssertEqual(background.outgoing.posts.map(\.idempotencyKey), ["k"])
        XCTAssertTrue(shown.outgoing.posts.isEmpty)
        // What was read off the loop for a compose screen reaches that compose screen.
        let file = InspectedFile(typed: "x.png", path: "/nonexistent/x.png", mimeType: nil, bytes: 0, unreadable: "Can't read /nonexistent/x.png.")
        runner.dirty = false
        runner.accept(.account(0, .layer(.pathCompleted(typed: "/nowhere/x", completed: "/nowhere/x.png", candidates: []))))
        XCTAssertTrue(runner.dirty, "a result a layer took is drawn, even when it asks for nothing")
        runner.accept(.account(0, .layer(.fileInspected(file))))
        XCTAssertNil(runner.status.message.flatMap { $0.text.contains("x.png") ? $0 : nil }, "no picture of that path was being attached")

        // An event for no session is dropped; a quit stops the loop.
        runner.accept(.account(9, .layer(.compose(draft, context: nil))))
        XCTAssertTrue(runner.running)
        runner.accept(.quit)
        XCTAssertFalse(runner.running)
        try await r.close()
    }

    /// A message that answered a key is about what that key met: it goes when a later key there changes
    /// something, or (said while the server was asked) when the
    /// answer comes. In compose a refusal stayed after what it refused was put right; "Asking the server who
    /// wants to follow you…" stayed after the menu it announced was closed. What work reports stays its time.
    func testAMessageThatAnsweredAKeyGoesWhenWhatItWasAboutEnds() async throws {
        let r = try await rig()
        let runner = r.runner
        runner.perform([.push(.compose(Draft(id: "d"), context: nil))])
        XCTAssertTrue(runner.stack.top is ComposeLayer)
        runner.handle(.character("\u{13}"))
        XCTAssertEqual(runner.status.message?.text, "Nothing to send yet.")
        runner.handle(.left)
        XCTAssertEqual(runner.status.message?.text, "Nothing to send yet.", "a key that changed nothing leaves it")
        runner.handle(.character("h"))
        XCTAssertNil(runner.status.message, "the draft has something to send now: the refusal is no longer true")

        // Said by work done meanwhile: keys leave it its time.
        runner.accept(.account(0, .say("Couldn't like: server error 500", isError: true)))
        runner.handle(.character("i"))
        XCTAssertEqual(runner.status.message?.text, "Couldn't like: server error 500")

        // Said while the server was asked: the answer ends it, and only it.
        runner.perform([.say("Asking the server who wants to follow you…", error: false)])
        runner.accept(.account(0, .unsay("Asking the server about something else…")))
        XCTAssertNotNil(runner.status.message)
        runner.accept(.account(0, .unsay("Asking the server who wants to follow you…")))
        XCTAssertNil(runner.status.message)
        try await r.close()
    }

    /// A list's news that comes while the status line answers a key waits until the answer has had its time
    /// (issue 45): at start-up, `w` on the web feeds without an account said so for a few milliseconds, then
    /// the feeds' refresh said "Feeds: nothing new" over it. What went wrong is said at once, as before.
    func testAListsNewsWaitsForTheAnswerToAKey() async throws {
        let r = try await rig()
        let runner = r.runner
        runner.perform([.feed(.timeline(.home), .start)])
        let serial = try XCTUnwrap(runner.session.serials[.timeline(.home)])
        func news(_ id: Int, _ text: String, error: Bool) -> UIEvent {
            var s = FeedSnapshot(version: 1_000 + id, feed: .timeline(.home), rows: [])
            s.message = StatusMessage(id: 1_000 + id, text: text, isError: error)
            return .account(0, .snapshot(s, engine: serial))
        }
        runner.handle(.character("R"))
        XCTAssertEqual(runner.status.message?.text, FeedLayer.nothingToRetry, "the key's answer")
        runner.accept(news(1, "Nothing new", error: false))
        XCTAssertEqual(runner.status.message?.text, FeedLayer.nothingToRetry, "the list's news took the answer's place")
        runner.tick()
        XCTAssertEqual(runner.status.message?.text, FeedLayer.nothingToRetry, "the answer has its time")
        runner.status.shownUntil = .distantPast
        runner.tick()
        XCTAssertEqual(runner.status.message?.text, "Nothing new", "the news, once the answer's time is over")

        runner.handle(.character("R"))
        runner.accept(news(2, "Couldn't reach the server", error: true))
        XCTAssertEqual(runner.status.message?.text, "Couldn't reach the server", "what went wrong is said at once")
        try await r.close()
    }

    /// What a screen asks of a list whose engine can't do it is said on the status line; what it can do goes.
    func testARequestTheListsEngineCannotTakeIsSaidNotDropped() async throws {
        let r = try await rig()
        let runner = r.runner
        runner.perform([.feed(.timeline(.home), .follow(true))])
        XCTAssertEqual(runner.status.message?.text, "Following is done from a profile or a hashtag's timeline")
        runner.perform([.feed(.thread(rootID: "1", seed: nil), .jump(top: true))])
        XCTAssertEqual(runner.status.message?.text, "This list is shown whole: there is no further end to jump to")
        runner.perform([.feed(.profile(Account(id: "7", acct: "ada", displayName: "Ada")), .markRead)])
        XCTAssertEqual(runner.status.message?.text, "This list has no read marker")
        runner.perform([.feed(.timeline(.home), .filter(.mediaOnly))])
        XCTAssertEqual(runner.status.message?.text, "This list has no narrower views")
        _ = runner.status.unsay("This list has no narrower views")
        runner.perform([.feed(.notifications, .filter(.mentionsOnly)), .feed(.timeline(.home), .jump(top: true)),
                        .feed(.profile(Account(id: "7", acct: "ada", displayName: "Ada")), .follow(true))])
        XCTAssertNil(runner.status.message, "each went to an engine that takes it")
        try await r.close()
    }

    /// A thread closed and opened again shows its new engine's snapshots. One its stopped engine posted before
    /// it stopped was taken for the list's latest: the thread opened again showed that dead engine's last
    /// snapshot, and dropped the new engine's, whose versions start again, until they passed it.
    func testAThreadOpenedAgainShowsItsNewEnginesSnapshots() async throws {
        let r = try await rig()
        let runner = r.runner
        let thread = FeedOpening.thread(rootID: "1", seed: nil)
        runner.perform([.push(.feed(thread))])
        let first = try XCTUnwrap(runner.session.serials[thread.id])
        runner.perform([.pop])
        XCTAssertNil(runner.session.engines[thread.id], "closed: its engine stopped")
        runner.accept(.account(0, .snapshot(FeedSnapshot(version: 29, feed: thread.id), engine: first)))
        runner.perform([.push(.feed(thread))])
        let second = try XCTUnwrap(runner.session.serials[thread.id])
        XCTAssertNotEqual(second, first)
        XCTAssertNil((runner.stack.top as? FeedLayer)?.snapshot.flatMap { $0.version == 29 ? $0 : nil }, "not the stopped engine's")
        runner.accept(.account(0, .snapshot(FeedSnapshot(version: 2, feed: thread.id), engine: second)))
        XCTAssertEqual((runner.stack.top as? FeedLayer)?.snapshot?.version, 2, "the new engine's")
        try await r.close()
    }

    func testSwitchingShowsTheOtherSessionAndKeepsEachStack() async throws {
        let r = try await rig()
        let runner = r.runner
        runner.perform([.push(.feed(.notifications))])
        runner.perform([.switchAccount("bo@two")])
        XCTAssertTrue(runner.session === runner.sessions[1])
        XCTAssertNotNil(runner.session.engines[.timeline(.home)], "its home timeline started when first shown")
        XCTAssertEqual(runner.stack.layers.count, 1)
        runner.perform([.switchAccount("ada@one")])
        XCTAssertEqual((runner.stack.top as? FeedLayer)?.feed, .notifications, "the first account's place")
        try await r.close()
    }
}
