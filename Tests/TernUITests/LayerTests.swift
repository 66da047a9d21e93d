import Foundation
import TernFeed
import TernImages
import TernModel
@testable import TernTerminal
@testable import TernUI
import XCTest

/// The layers as pure functions: keys in, state and effects out, with no terminal and no engine.
final class LayerTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func post(_ n: Int, boostOf: Int? = nil, media: Int = 0, replyTo: Int? = nil, warning: String = "") -> Post {
        let author = Account(id: "a\(n % 5)", acct: "user\(n % 5)", displayName: "User \(n % 5)")
        var p = Post(id: "p\(n)", statusID: boostOf.map { "p\($0)" } ?? "p\(n)", account: author,
                     createdAt: now.addingTimeInterval(Double(-n * 60)),
                     content: StyledText(plain: "Post number \(n) with a few words in it."), spoilerText: warning,
                     media: (0..<media).map { MediaAttachment(id: "m\(n)-\($0)", kind: .image, url: "https://x/\(n)-\($0).png",
                                                              previewURL: "https://x/\(n)-\($0)s.png", previewWidth: 400, previewHeight: 300) },
                     inReplyToID: replyTo.map { "p\($0)" })
        if boostOf != nil { p.boostedBy = Account(id: "b", acct: "booster", displayName: "Booster") }
        return p
    }

    func env(rows: Int = 24, columns: Int = 80) -> LayerEnv {
        LayerEnv(rows: rows, columns: columns, now: now, renderer: FrameRenderer(theme: .builtIn))
    }

    func timeline(_ posts: [Post], version: Int = 1) -> FeedSnapshot {
        FeedSnapshot(TimelineSnapshot(version: version, timeline: .home, posts: posts))
    }

    /// Start-up draws the cached posts before the engine speaks, as version 0; until the engine's first
    /// snapshot the list is an empty placeholder, also version 0. Keys pressed in that instant (the first
    /// Spaces of a person who knows where they are going) once met the first frame's row ids over no rows
    /// and trapped; they must page nothing and keep the list whole for when the rows come.
    func testKeysBetweenTheFirstFrameAndTheEnginesFirstRowsAreSafe() {
        var e = env()
        var layer = FeedLayer(.timeline(.home))
        for s in [timeline((0..<30).map { post($0) }, version: 0)] { layer.show(s, e) }
        _ = layer.settle(e)
        layer.show(FeedSnapshot(feed: .timeline(.home)), e)
        for key in [Key.character(" "), .character(" "), .character("j"), .character("G"), .character("k")] {
            _ = layer.update(key, e)
            _ = layer.settle(e)
        }
        XCTAssertEqual(layer.metrics(e, FeedSnapshot(feed: .timeline(.home))).ids, [])
        layer.show(timeline((0..<30).map { post($0) }, version: 1), e)
        _ = layer.settle(e)
        XCTAssertEqual(layer.metrics(e, layer.snapshot!).ids.count, 30)
    }

    /// 50 `j` at once stopped where the loaded page ended (issue 35): presses that meet the last row while
    /// older posts are coming move on when they come; a load that brings nothing, or another key, ends them.
    func testJPressedAtTheEndOfWhatIsLoadedMovesOnWhenOlderPostsCome() {
        var e = env()
        var layer = FeedLayer(.timeline(.home))
        for s in [timeline((0..<20).map { post($0) })] { layer.show(s, e) }
        _ = layer.settle(e)
        func selected() -> String? { layer.viewport.selectedID }
        for _ in 0..<30 {
            _ = layer.update(.character("j"), e)
            _ = layer.settle(e)
        }
        XCTAssertEqual(selected(), "p19", "the last loaded post")
        var loading = TimelineSnapshot(version: 2, timeline: .home, posts: (0..<20).map { post($0) }, loadingOlder: true)
        layer.show(FeedSnapshot(loading), e)
        _ = layer.settle(e)
        XCTAssertEqual(selected(), "p19", "nothing to move to yet")
        layer.show(FeedSnapshot(TimelineSnapshot(version: 3, timeline: .home, posts: (0..<40).map { post($0) })), e)
        _ = layer.settle(e)
        XCTAssertEqual(selected(), "p30", "19 moves, then the 11 that waited")

        // At the end again. News that is no load (an unread count) keeps the presses waiting; a load that
        // ends with nothing below forgets them; so does another key.
        for _ in 0..<12 { _ = layer.update(.character("j"), e); _ = layer.settle(e) }
        XCTAssertEqual(selected(), "p39")
        func publish(_ version: Int, posts: Int, loading: Bool) {
            layer.show(FeedSnapshot(TimelineSnapshot(version: version, timeline: .home, posts: (0..<posts).map { post($0) },
                                                     loadingOlder: loading)), e)
            _ = layer.settle(e)
        }
        publish(4, posts: 40, loading: false)
        publish(5, posts: 42, loading: false)
        XCTAssertEqual(selected(), "p41", "still waiting after news that was no load")
        publish(6, posts: 42, loading: true)
        publish(7, posts: 42, loading: false)
        publish(8, posts: 60, loading: false)
        XCTAssertEqual(selected(), "p41", "a finished load with nothing new ended the waiting presses")
        for _ in 0..<25 { _ = layer.update(.character("j"), e); _ = layer.settle(e) }
        XCTAssertEqual(selected(), "p59")
        _ = layer.update(.character("k"), e)
        loading.version = 9
        loading.posts = (0..<80).map { post($0) }
        layer.show(FeedSnapshot(loading), e)
        _ = layer.settle(e)
        XCTAssertEqual(selected(), "p58", "k after the presses: they are not owed any more")
    }

    /// Keys through the stack the way the runner sends them, the stack's own effects applied, the rest returned.
    func press(_ keys: [Key], _ stack: inout LayerStack, _ env: LayerEnv) -> [Effect] {
        var out: [Effect] = []
        for k in keys {
            out += stack.apply(stack.key(k, env))
            out += stack.apply(stack.settle(env))
        }
        return out
    }

    /// Search results are a timeline of their own; Esc (or h, Backspace) on them goes back to the timeline
    /// the search began from, at the same post (issue 35: only `t` `1` got out).
    func testEscLeavesSearchResultsForWhereTheSearchBegan() {
        let posts = (0..<30).map { post($0) }
        var e = env()
        var stack = LayerStack(root: .home)
        for s in [timeline(posts)] { stack.show(s, e) }
        _ = stack.apply(stack.settle(e))
        _ = press([.character("j"), .character("j"), .character("/")], &stack, e)
        XCTAssertTrue(stack.top is SearchLayer)
        let searched = press(Array("harbour").map { Key.character($0) } + [.enter], &stack, e)
        XCTAssertTrue(searched.contains(.feed(.timeline(.search("harbour")), .start)), "\(searched)")
        stack.show(FeedSnapshot(TimelineSnapshot(version: 1, timeline: .search("harbour"), posts: [post(3)])), e)
        _ = stack.apply(stack.settle(e))
        for back in [Key.escape, .character("h"), .backspace] {
            _ = press([.character("/")] + Array("harbour").map { Key.character($0) } + [.enter], &stack, e)
            guard case .timeline(.search)? = (stack.layers.first as? FeedLayer)?.opening else { return XCTFail("not on the results") }
            let effects = press([back], &stack, e)
            guard let root = stack.layers.first as? FeedLayer, case .timeline(.home) = root.opening else {
                return XCTFail("\(back) stayed on the results: \(stack.layers)")
            }
            XCTAssertEqual(root.viewport.selectedID, "p2", "back at the same post")
            XCTAssertTrue(effects.contains(.feed(.timeline(.home), .start)))
        }
    }

    func testMovingOpeningAThreadAndComingBackToTheSamePlace() {
        let posts = (0..<30).map { post($0, warning: $0 == 4 ? "spoilers" : "") }
        let e = env()
        var stack = LayerStack(root: .home)
        for s in [timeline(posts)] { stack.show(s, e) }
        _ = stack.apply(stack.settle(e))
        _ = press([.character("j"), .character("j"), .character("j"), .character("j"), .character("c"), .character("j")], &stack, e)
        let before = (stack.layers[0] as! FeedLayer)
        XCTAssertEqual(before.viewport.selectedID, "p5")
        XCTAssertTrue(stack.openedWarnings.isOpen(.post(posts[4])))

        let opened = press([.enter], &stack, e)
        XCTAssertEqual(stack.layers.count, 2)
        XCTAssertEqual(opened.first, .feed(.thread(rootID: "p5", seed: posts[5]), .start))
        // The thread screen settles on its own feed, which has not arrived: nothing is asked of the timeline.
        XCTAssertFalse(opened.contains { if case .feed(.timeline, _) = $0 { return true } else { return false } })

        _ = press([.escape], &stack, e)
        XCTAssertEqual(stack.layers.count, 1)
        let after = stack.layers[0] as! FeedLayer
        XCTAssertEqual(after.viewport, before.viewport, "back returns to the same post and offset")
        XCTAssertTrue(stack.openedWarnings.isOpen(.post(posts[4])), "opened content warnings stay open")
        // Esc on the first screen stays there.
        _ = press([.escape], &stack, e)
        XCTAssertEqual(stack.layers.count, 1)
    }

    /// A warning opened in the list is open in the post's thread, and one closed there is closed in the list
    /// (issue 45: each screen kept its own, so the thread showed it closed again). A boost's warning is the
    /// boosted post's.
    func testAWarningOpenedOnOneScreenIsOpenOnEveryScreenShowingThePost() throws {
        let posts = (0..<10).map { post($0, warning: $0 == 2 ? "spoilers" : "") } + [post(10, boostOf: 2, warning: "spoilers")]
        let e = env()
        let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (e.rows, e.columns))
        defer { screen.close() }
        func shows(_ stack: LayerStack, _ words: String) -> Bool {
            stack.render(e, on: screen)
            return (0..<e.rows).map { screen.frame.text(row: $0) }.joined(separator: "\n").contains(words)
        }
        var stack = LayerStack(root: .home)
        stack.show(timeline(Array(posts[..<10])), e)
        _ = stack.apply(stack.settle(e))
        _ = press([.character("j"), .character("j")], &stack, e)
        XCTAssertFalse(shows(stack, "Post number 2 with"), "the warning starts closed")
        _ = press([.character("c")], &stack, e)
        XCTAssertTrue(shows(stack, "Post number 2 with"), "c opened it in the list")

        // The same post in its thread: open there too.
        _ = press([.enter], &stack, e)
        var thread = FeedSnapshot(version: 1, feed: .thread(rootID: "p2"), rows: [.post(posts[2], depth: 0, focused: true)])
        thread.focusID = "p2"
        stack.show(thread, e)
        _ = stack.apply(stack.settle(e))
        XCTAssertTrue(stack.top is FeedLayer && stack.layers.count == 2)
        XCTAssertTrue(shows(stack, "Post number 2 with"), "the thread showed the warning closed again")

        // Closed in the thread: closed in the list it came from.
        _ = press([.character("c")], &stack, e)
        XCTAssertFalse(shows(stack, "Post number 2 with"), "c closed it in the thread")
        _ = press([.escape], &stack, e)
        XCTAssertEqual(stack.layers.count, 1)
        XCTAssertFalse(shows(stack, "Post number 2 with"), "the list kept its own copy, still open")

        // A boost of the post shares its warning.
        _ = press([.character("c")], &stack, e)
        XCTAssertTrue(stack.openedWarnings.isOpen(.post(posts[10])), "the boost's warning is the boosted post's")
    }

    func testABoostOpensTheBoostedPostsThreadAndAGapLoads() {
        var snapshot = TimelineSnapshot(version: 1, timeline: .home, posts: [post(0, boostOf: 77), post(1)])
        snapshot.gaps = [Gap(id: "gap-1", newerID: "p0", olderID: "p1", loading: false)]
        let e = env()
        var stack = LayerStack(root: .home)
        for s in [FeedSnapshot(snapshot)] { stack.show(s, e) }
        _ = stack.apply(stack.settle(e))
        let opened = press([.enter], &stack, e)
        guard case .feed(.thread(let root, let seed), .start)? = opened.first else { return XCTFail("\(opened)") }
        XCTAssertEqual(root, "p77")
        XCTAssertEqual(seed?.id, "p77")
        XCTAssertNil(seed?.boostedBy)
        _ = press([.escape, .character("j")], &stack, e)
        XCTAssertEqual(press([.enter], &stack, e).first, .feed(.timeline(.home), .fillGap(id: "gap-1", fromTop: true)))
    }

    func testActionsBecomeEngineCommandsAndPushes() {
        let posts = (0..<5).map { post($0) }
        let e = env()
        var stack = LayerStack(root: .home)
        for s in [timeline(posts)] { stack.show(s, e) }
        _ = stack.apply(stack.settle(e))
        XCTAssertEqual(stack.key(.character("f"), e), [.feed(.timeline(.home), .setMark(.favourite, postID: "p0", wanted: true))])
        XCTAssertEqual(stack.key(.character("b"), e), [.feed(.timeline(.home), .setMark(.bookmark, postID: "p0", wanted: true))])
        XCTAssertEqual(stack.key(.character("r"), e), [.feed(.timeline(.home), .refresh)])
        XCTAssertEqual(stack.key(.character("p"), e), [.push(.feed(.profile(posts[0].account)))])
        XCTAssertEqual(stack.key(.character("n"), e), [.push(.feed(.notifications))])
        XCTAssertEqual(stack.key(.character("q"), e), [.quit])
        let t = stack.key(.character("t"), e)
        XCTAssertEqual(t.count, 3)
        XCTAssertEqual(Array(t.dropFirst()), [.fetchLists, .fetchWebFeedLists])
    }

    func testSettlingAsksForPicturesAndReportsThePositionOnlyWhenTheyChange() {
        let posts = (0..<12).map { post($0, media: 1) }
        let e = env(rows: 30)
        var layer = FeedLayer(.timeline(.home))
        for s in [timeline(posts)] { layer.show(s, e) }
        let first = layer.settle(e)
        guard case .thumbnails(let demand)? = first.first(where: { if case .thumbnails = $0 { return true } else { return false } }) else {
            return XCTFail("no thumbnails: \(first)")
        }
        XCTAssertEqual(demand.visible.first?.id, "p0")
        XCTAssertFalse(demand.ahead.isEmpty, "nothing prefetched ahead")
        XCTAssertTrue(first.contains { if case .feed(_, .viewed(firstID: "p0", _, _, _, _)) = $0 { return true } else { return false } })
        XCTAssertEqual(layer.settle(e), [], "nothing changed, nothing asked")
        _ = layer.update(.pageDown, e)
        XCTAssertFalse(layer.settle(e).isEmpty)
    }

    func testThreadOpensAtItsPostAndEnterReRoots() {
        let ancestors = [post(1)]
        let focus = post(2, replyTo: 1)
        let replies = [post(3, replyTo: 2), post(4, replyTo: 3)]
        var thread = FeedSnapshot(version: 1, feed: .thread(rootID: "p2"),
                                  rows: ancestors.map { .post($0) } + [.post(focus, depth: 0, focused: true)]
                                      + [.post(replies[0], depth: 1), .post(replies[1], depth: 2)])
        thread.focusID = "p2"
        let e = env()
        var layer = FeedLayer(.thread(rootID: "p2", seed: focus))
        for s in [thread] { layer.show(s, e) }
        _ = layer.settle(e)
        XCTAssertEqual(layer.viewport.selectedID, "p2")
        XCTAssertEqual(layer.update(.enter, e), [], "Enter on the opened post does nothing")
        _ = layer.update(.character("j"), e)
        XCTAssertEqual(layer.update(.enter, e), [.push(.feed(.thread(rootID: "p3", seed: replies[0])))])
        // Replies are indented under what they answer.
        let deep = e.renderer.layout(.post(replies[1], depth: 2), width: 80, revealed: false, now: now)
        XCTAssertEqual(deep.lines[0].first?.column, RowLayout.gutter + 4)
        let capped = e.renderer.layout(.post(replies[1], depth: 9), width: 80, revealed: false, now: now)
        XCTAssertEqual(capped.lines[0].first?.column, RowLayout.gutter + 2 * RowLayout.maxIndentDepth)
        XCTAssertTrue(capped.lines[0].first?.text.string.hasPrefix("⋮9 ") ?? false, "depth past the cap is marked")
    }

    func testNotificationRowsOpenWhatTheyAreAbout() {
        let ada = Account(id: "ada", acct: "ada", displayName: "Ada Lindqvist")
        let follow = NotificationGroup(id: "follow-1", kind: .follow, accounts: [ada], count: 1, newestID: "10", oldestID: "10",
                                       latestAt: now, post: nil)
        let likes = NotificationGroup(id: "fav-1", kind: .favourite, accounts: [ada, ada, ada], count: 4, newestID: "9",
                                      oldestID: "5", latestAt: now, post: post(8))
        let asks = NotificationGroup(id: "ask-1", kind: .followRequest, accounts: [ada], count: 1, newestID: "4", oldestID: "4",
                                     latestAt: now, post: nil)
        var s = FeedSnapshot(version: 1, feed: .notifications, rows: [.notification(follow), .notification(likes), .notification(asks)])
        s.unread = 2
        let e = env()
        var layer = FeedLayer(.notifications)
        for s in [s] { layer.show(s, e) }
        XCTAssertTrue(layer.settle(e).contains(.feed(.notifications, .markRead)), "the newest in view is read")
        XCTAssertEqual(layer.update(.enter, e), [.push(.feed(.profile(ada)))])
        _ = layer.update(.character("j"), e)
        XCTAssertEqual(layer.update(.enter, e), [.push(.feed(.thread(rootID: "p8", seed: post(8))))])
        XCTAssertEqual(layer.update(.character("f"), e), [.feed(.notifications, .setMark(.favourite, postID: "p8", wanted: true))])
        _ = layer.update(.character("j"), e)
        XCTAssertEqual(layer.update(.enter, e), [.followRequests(about: [ada])], "someone asking to follow leads to the requests")
        _ = layer.update(.character("k"), e)
        XCTAssertEqual(layer.update(.character("m"), e).first, .feed(.notifications, .filter(.mentionsOnly)),
                       "m (the grid elsewhere) keeps meaning mentions only here")
        XCTAssertEqual(layer.update(.character("@"), e).first, .feed(.notifications, .filter(.everything)),
                       "a second press before the engine answers toggles from what was asked")
        XCTAssertEqual(layer.title(lists: nil), "Notifications")

        // The notifications reopened (Esc, then n) over an engine still showing mentions only: the new screen's
        // title and its next press go by what the engine shows, not by a filter of its own starting afresh.
        var mentions = s
        mentions.version = 2
        mentions.filter = .mentionsOnly
        var reopened = FeedLayer(.notifications)
        reopened.show(mentions, e)
        XCTAssertEqual(reopened.title(lists: nil), "Notifications (mentions)")
        XCTAssertEqual(reopened.update(.character("@"), e), [.feed(.notifications, .filter(.everything)), .say("All notifications", error: false)])
        let text = e.renderer.layout(.notification(likes), width: 80, revealed: false, now: now).lines[0].map(\.text.string).joined()
        XCTAssertTrue(text.contains("Ada Lindqvist and 3 others liked your post"), text)
    }

    func testSwitchingTimelinesKeepsEachPlace() {
        let home = timeline((0..<20).map { post($0) })
        let local = FeedSnapshot(TimelineSnapshot(version: 1, timeline: .local, posts: (100..<120).map { post($0) }))
        let e = env()
        var stack = LayerStack(root: .home)
        stack.show(home, e)
        _ = stack.apply(stack.settle(e))
        _ = press([.character("j"), .character("j")], &stack, e)
        let effects = stack.apply([.switchTimeline(.local)])
        XCTAssertEqual(effects, [.feed(.timeline(.local), .start)])
        stack.show(local, e)
        _ = stack.apply(stack.settle(e))
        _ = press([.character("j")], &stack, e)
        XCTAssertEqual((stack.layers[0] as! FeedLayer).viewport.selectedID, "p101")
        _ = stack.apply([.switchTimeline(.home)])
        XCTAssertEqual((stack.layers[0] as! FeedLayer).viewport.selectedID, "p2")
    }

    func testSearchLineAndOverlays() {
        let e = env()
        var stack = LayerStack(root: .home)
        for s in [timeline((0..<3).map { post($0) })] { stack.show(s, e) }
        _ = stack.apply(stack.settle(e))
        _ = press([.character("/")], &stack, e)
        XCTAssertTrue(stack.top is SearchLayer)
        let typed = press("kettle".map { Key.character($0) } + [.enter], &stack, e)
        XCTAssertEqual(typed.first, .feed(.timeline(.search("kettle")), .start))
        XCTAssertTrue(typed.contains(.feed(.timeline(.search("kettle")), .refresh)))
        XCTAssertEqual(stack.layers.count, 1)
        _ = press([.character("?")], &stack, e)
        XCTAssertTrue(stack.top is HelpLayer)
        _ = press([.character("x")], &stack, e)
        XCTAssertFalse(stack.layers.contains { $0 is HelpLayer }, "any key closes help")
        XCTAssertTrue(stack.top is ChoiceLayer, "and a key of the list then does its work (x: the menu)")
    }

    func testMouseWheelScrollsAndClicksSelectAndOpenPictures() {
        let posts = (0..<20).map { post($0, media: $0 == 1 ? 1 : 0) }
        let e = env(rows: 30)
        var layer = FeedLayer(.timeline(.home))
        for s in [timeline(posts)] { layer.show(s, e) }
        _ = layer.settle(e)
        _ = layer.update(.mouse(MouseEvent(button: .wheelDown, row: 5, column: 5)), e)
        XCTAssertEqual(layer.viewport.anchorOffset, 3, "one wheel step is three lines")
        _ = layer.update(.mouse(MouseEvent(button: .wheelUp, row: 5, column: 5)), e)
        XCTAssertEqual(layer.viewport.anchorOffset, 0)
        // Post 0 takes lines 1…(its height) of the screen; a click below it selects post 1.
        let h0 = e.renderer.layout(.post(posts[0]), width: 80, revealed: false, now: now).height
        _ = layer.update(.mouse(MouseEvent(button: .left, row: 1 + h0, column: 10)), e)
        XCTAssertEqual(layer.viewport.selectedID, "p1")
        let l1 = e.renderer.layout(.post(posts[1]), width: 80, revealed: false, now: now)
        let box = l1.media[0]
        let click = layer.update(.mouse(MouseEvent(button: .left, row: 1 + h0 + box.line + 1, column: box.column + 1)), e)
        guard case .push(.gallery(let images, let start))? = click.first else { return XCTFail("\(click)") }
        XCTAssertEqual(images[start].request.url, "https://x/1-0.png")
    }
}
