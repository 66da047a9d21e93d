import Foundation
import TernDemo
@testable import TernFeed
import TernImages
import TernModel
@testable import TernUI
import XCTest

/// Every kind of event the mailbox brings the runner (`UIEvent`) is taken, none dropped: for each, on real
/// parts (`RunnerRig`), what it must change once `accept` has it (a session's state, a screen, the status
/// line, the pictures, whether the loop runs). Where the change comes later (a list's posts, a picture's
/// frames), the events that bring it are handed on as the loop does, until it comes.
final class RunnerEventsTests: XCTestCase {
    /// One kind of event and its check, on a runner of its own.
    struct Row {
        var name: String
        var check: (RunnerRig) async throws -> Void
    }

    func testEveryEventIsTakenAndDoesWhatItSays() async throws {
        let rows = table()
        let names = rows.map(\.name)
        XCTAssertEqual(names.count, Set(names).count, "a kind of event with two rows")
        let declared = try SourceCases.events()
        XCTAssertEqual(declared.subtracting(names).sorted(), [], "UIEvent has these, and the table has no row for them")
        XCTAssertEqual(Set(names).subtracting(declared).sorted(), [], "rows for events UIEvent does not have")
        for row in rows {
            let rig = try await RunnerRig.start()
            let failures = testRun?.failureCount ?? 0
            try await row.check(rig)
            if (testRun?.failureCount ?? 0) > failures { print("RunnerEventsTests: the row \(row.name) failed") }
            try await rig.close()
        }
    }

    let draft = Draft(id: "new", text: "hello")
    static let ada = Account(id: "7", acct: "ada", displayName: "Ada")

    func table() -> [Row] {
        [
            Row(name: "snapshot") { rig in
                // Home's engine posts its snapshots, as the account's; its screen and its session take them.
                var heard = 0
                rig.runner.perform([.feed(.timeline(.home), .start)])
                let came = try await rig.pump(heard: { if case .account(0, .snapshot) = $0 { heard += 1 } }) {
                    RunnerRig.home($0).contains { $0.post != nil }
                }
                XCTAssertTrue(came, "Home's posts never reached its screen")
                XCTAssertGreaterThan(heard, 0)
                let shown = (rig.runner.stack.layers[0] as? FeedLayer)?.snapshot?.version
                XCTAssertNotNil(shown)
                XCTAssertEqual(rig.runner.session.feeds[.timeline(.home)]?.version, shown, "the session holds what the screen shows")
            },
            Row(name: "image") { rig in
                let request = ThumbnailRequest(url: rig.server.baseURL + "/media/none/original.png", columns: 10, rows: 5)
                rig.runner.dirty = false
                rig.runner.accept(.image(request, .failed("The picture is broken")))
                guard case .failed(let why)? = rig.runner.pictures.feeder.images[request] else {
                    return XCTFail("image: not held: \(String(describing: rig.runner.pictures.feeder.images[request]))")
                }
                XCTAssertEqual(why, "The picture is broken")
                XCTAssertTrue(rig.runner.dirty, "drawn")
            },
            Row(name: "picturesChanged") { rig in
                // The terminal shows pixels now: the loader says so once it makes them, and what moves is played
                // again from its start in the new form.
                try await self.inPixels(rig)
                let request = try await self.playing(rig)
                rig.runner.accept(.picturesChanged)
                XCTAssertNil(rig.runner.pictures.moving.frame?.number, "the old form's frame went")
                XCTAssertEqual(rig.runner.pictures.moving.playing, request)
                let again = try await rig.pump { $0.pictures.moving.frame != nil }
                XCTAssertTrue(again, "it never played again")
            },
            Row(name: "imageProgress") { rig in
                let request = ThumbnailRequest(url: rig.server.baseURL + "/media/none/original.png", columns: 60, rows: 30, whole: true)
                rig.runner.accept(.imageProgress(request, received: 512, total: 2_048))
                XCTAssertEqual(rig.runner.pictures.feeder.progress[request]?.received, 512)
                XCTAssertEqual(rig.runner.pictures.feeder.progress[request]?.total, 2_048)
                rig.runner.accept(.image(request, .failed("gone")))
                XCTAssertNil(rig.runner.pictures.feeder.progress[request], "its load ended")
            },
            Row(name: "movingFrame") { rig in
                var frames = 0
                try await self.inPixels(rig)
                _ = try await self.playing(rig) { if case .movingFrame = $0 { frames += 1 } }
                XCTAssertGreaterThan(frames, 0, "the frame came by another way than movingFrame")
            },
            Row(name: "movingFailed") { rig in
                let missing = MovingRequest(url: rig.server.baseURL + "/media/none/moving.gif", kind: .gif, columns: 20, rows: 10)
                // Of a picture no longer played: nothing to say.
                let other = MovingRequest(url: rig.server.baseURL + "/media/other/moving.gif", kind: .gif, columns: 20, rows: 10)
                rig.runner.accept(.movingFailed(other, "not this one"))
                XCTAssertNil(rig.runner.pictures.moving.note)
                try await self.inPixels(rig)
                rig.runner.pictures.moving.want(missing)
                var failed = false
                let said = try await rig.pump(heard: { if case .movingFailed = $0 { failed = true } }) { $0.pictures.moving.note != nil }
                XCTAssertTrue(said && failed, "a picture the demo does not have never said it can't play")
            },
            Row(name: "lists") { rig in
                rig.runner.accept(.account(0, .lists([.list(id: "1", title: "Friends")])))
                XCTAssertEqual(rig.runner.session.lists, [.list(id: "1", title: "Friends")])
            },
            Row(name: "trends") { rig in
                rig.runner.accept(.account(0, .trends([Hashtag(name: "swift")])))
                XCTAssertEqual(rig.runner.session.trends?.map(\.name), ["swift"])
            },
            Row(name: "webFeedLists") { rig in
                let list = WebFeedList(timeline: .webFeeds(name: "all", title: "All feeds"), unread: 3)
                rig.runner.accept(.account(0, .webFeedLists([list])))
                XCTAssertEqual(rig.runner.session.webFeedLists, [list])
            },
            Row(name: "say") { rig in
                rig.runner.accept(.account(0, .say("Couldn't like: server error 500", isError: true)))
                XCTAssertEqual(rig.runner.status.message?.text, "Couldn't like: server error 500")
                XCTAssertEqual(rig.runner.status.message?.isError, true)
            },
            Row(name: "unsay") { rig in
                rig.runner.accept(.account(0, .say("Asking the server…", isError: false)))
                rig.runner.accept(.account(0, .unsay("Asking something else…")))
                XCTAssertEqual(rig.runner.status.message?.text, "Asking the server…", "only what was said goes")
                rig.runner.accept(.account(0, .unsay("Asking the server…")))
                XCTAssertNil(rig.runner.status.message)
            },
            Row(name: "live") { rig in
                rig.runner.accept(.account(0, .live(.state(.reconnecting))))
                XCTAssertEqual(rig.runner.session.liveState, "reconnecting…")
            },
            Row(name: "layer") { rig in
                // A menu's contents go to the layer that asked; a screen found in the background opens, its engine
                // started; the compose screen opens with its draft.
                rig.runner.accept(.account(0, .layer(.silenced(muted: [Self.ada], blocked: []))))
                XCTAssertEqual((rig.runner.stack.top as? ChoiceLayer)?.items.map(\.label), ["Unmute @ada"])
                rig.runner.perform([.pop])
                rig.runner.accept(.account(0, .layer(.open(.profile(Self.ada)))))
                XCTAssertEqual((rig.runner.stack.top as? FeedLayer)?.feed, .profile(accountID: "7"))
                XCTAssertNotNil(rig.runner.session.engines[.profile(accountID: "7")], "its engine started")
                rig.runner.accept(.account(0, .layer(.compose(self.draft, context: nil))))
                XCTAssertEqual((rig.runner.stack.top as? ComposeLayer)?.current.text, "hello")
            },
            Row(name: "me") { rig in
                rig.runner.accept(.account(0, .me(Account(id: "99", acct: "ada", displayName: "Ada"))))
                XCTAssertEqual(rig.runner.session.me.id, "99")
                XCTAssertEqual(rig.runner.session.me.acct, "ada")
            },
            Row(name: "draftSaved") { rig in
                rig.runner.accept(.account(0, .draftSaved(self.draft)))
                XCTAssertEqual(rig.runner.session.savedDraft, self.draft)
            },
            Row(name: "outbox") { rig in
                let waiting = OutgoingPost(idempotencyKey: "k", draft: self.draft, createdAt: Date())
                rig.runner.accept(.account(0, .outbox(.changed([waiting], waiting: true))))
                XCTAssertEqual(rig.runner.session.outgoing.posts.map(\.idempotencyKey), ["k"])
                XCTAssertEqual(rig.runner.status.message?.text, "Queued: it will be sent when the server can be reached.")
            },
            Row(name: "serverChange") { rig in
                rig.runner.accept(.account(0, .serverChange(.waiting(2))))
                XCTAssertEqual(rig.runner.status.message?.text, "2 changes wait for the server: they are made when it answers.")
            },
            Row(name: "actionNews") { rig in
                // A mute pressed here, said done when the action queue has it so; news of another account says nothing.
                let ada = Account(id: "77", acct: "ada", displayName: "Ada")
                rig.runner.perform([.account(.mute, ada, wanted: true, current: false, muteSeconds: nil)])
                XCTAssertEqual(rig.runner.status.message?.text, "Mute @ada…")
                rig.runner.accept(.account(0, .actionNews(.relationship(accountID: "78", Relationship(muting: true)))))
                XCTAssertEqual(rig.runner.status.message?.text, "Mute @ada…")
                rig.runner.accept(.account(0, .actionNews(.relationship(accountID: "77", Relationship(muting: true)))))
                XCTAssertEqual(rig.runner.status.message?.text, "Muted @ada.")
            },
            Row(name: "limits") { rig in
                var wide = PostingLimits()
                wide.maxCharacters = 5_000
                rig.runner.accept(.account(0, .limits(wide)))
                XCTAssertEqual(rig.runner.session.limits.maxCharacters, 5_000)
            },
            Row(name: "changes") { rig in
                // A post deleted by the user's hand: Home, which shows it, shows it gone.
                let rows = try await rig.homeWithPosts()
                let post = try XCTUnwrap(rows.compactMap(\.post).first)
                rig.runner.accept(.account(0, .changes([.deleted(post.statusID)])))
                let gone = try await rig.pump { !RunnerRig.home($0).contains { $0.post?.statusID == post.statusID } }
                XCTAssertTrue(gone, "Home still shows the deleted post")
            },
            Row(name: "account") { rig in
                // The background account's failure is said under its name; an unknown account's event is dropped.
                let shown = rig.runner.sessions[0], background = rig.runner.sessions[1]
                rig.runner.accept(.account(1, .say("Couldn't delete", isError: true)))
                XCTAssertEqual(rig.runner.status.message?.text, "bo@two: Couldn't delete")
                rig.runner.accept(.account(1, .layer(.compose(self.draft, context: nil))))
                XCTAssertTrue(background.stack.top is ComposeLayer)
                XCTAssertTrue(shown.stack.top is FeedLayer, "the shown account's screens did not move")
                XCTAssertTrue(rig.runner.session === shown)
                rig.runner.accept(.account(9, .layer(.compose(self.draft, context: nil))))
                XCTAssertTrue(shown.stack.top is FeedLayer)
                XCTAssertEqual(rig.runner.sessions.count, 2)
            },
            Row(name: "accountOpened") { rig in
                let parts = try rig.parts("cy@three")
                rig.runner.accept(.accountOpened(id: 2, parts))
                XCTAssertEqual(rig.runner.sessions.map(\.parts.name), ["ada@one", "bo@two", "cy@three"])
                XCTAssertTrue(rig.runner.session === rig.runner.sessions[0], "not asked to be shown: in the background")
                let opened = rig.runner.sessions[2]
                XCTAssertNotNil(opened.engines[.notifications], "its notifications started, for the inbox")
                let came = try await rig.pump { _ in opened.feeds[.notifications] != nil }
                XCTAssertTrue(came, "its notifications never reached it")
            },
            Row(name: "accountFailed") { rig in
                rig.runner.accept(.accountFailed(name: "cy@three", why: "no such account"))
                XCTAssertEqual(rig.runner.status.message?.text, "Couldn't open cy@three: no such account")
                XCTAssertEqual(rig.runner.status.message?.isError, true)
            },
            Row(name: "quit") { rig in
                XCTAssertTrue(rig.runner.running)
                rig.runner.accept(.quit)
                XCTAssertFalse(rig.runner.running)
            },
            Row(name: "interrupt") { rig in
                // While a post is being written, Ctrl-C asks first; a second leaves.
                rig.runner.accept(.account(0, .layer(.compose(self.draft, context: nil))))
                rig.runner.accept(.interrupt)
                XCTAssertTrue(rig.runner.running)
                XCTAssertTrue((rig.runner.stack.top as? ConfirmLayer)?.question.hasPrefix(LayerStack.interruptQuestion) == true)
                rig.runner.accept(.interrupt)
                XCTAssertFalse(rig.runner.running)
            },
        ]
    }

    /// Pictures as sixel pixels from now on (moving pictures play only in pixels), once the loader makes them.
    func inPixels(_ rig: RunnerRig) async throws {
        rig.runner.use(Graphics(mode: .sixel))
        var changed = false
        let came = try await rig.pump(heard: { if case .picturesChanged = $0 { changed = true } }) { _ in changed }
        XCTAssertTrue(came, "the loader never said it makes pixels")
    }

    /// Plays the demo's moving picture until its first frame is shown; what it plays.
    func playing(_ rig: RunnerRig, heard: ((UIEvent) -> Void)? = nil) async throws -> MovingRequest {
        let found = await rig.server.movingPicturePath()
        let path = try XCTUnwrap(found, "the demo has no moving picture")
        let request = MovingRequest(url: rig.server.baseURL + path, kind: .gif, columns: 20, rows: 10)
        rig.runner.pictures.moving.want(request)
        let shown = try await rig.pump(heard: heard) { $0.pictures.moving.frame != nil }
        XCTAssertTrue(shown, "the moving picture never showed a frame; it says \(rig.runner.pictures.moving.note ?? "nothing")")
        return request
    }
}
