import Foundation
import TernFeed
import TernModel
@testable import TernTerminal
@testable import TernUI
import XCTest

/// Search results and the place they were opened from (issue 45): Esc on the results puts back the whole
/// stack the search began on (the notifications, a thread over the timeline), each at its place; the
/// results open on their first result, and the position on the status line counts results only.
final class SearchPlaceTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func post(_ n: Int) -> Post {
        Post(id: "p\(n)", statusID: "p\(n)", account: Account(id: "a\(n)", acct: "user\(n)", displayName: "User \(n)"),
             createdAt: now.addingTimeInterval(Double(-n * 60)), content: StyledText(plain: "Post number \(n) about tea."))
    }

    private func env() -> LayerEnv { LayerEnv(rows: 24, columns: 80, now: now, renderer: FrameRenderer(theme: .builtIn)) }

    private func press(_ keys: [Key], _ stack: inout LayerStack, _ env: LayerEnv) -> [Effect] {
        var out: [Effect] = []
        for k in keys {
            out += stack.apply(stack.key(k, env))
            out += stack.apply(stack.settle(env))
        }
        return out
    }

    private func search(_ text: String) -> [Key] { [.character("/")] + text.map { Key.character($0) } + [.enter] }

    /// The rows of a search's list as `ServerFinds` lays them out while the server is asked.
    private func results(_ query: String, version: Int) -> FeedSnapshot {
        let posts = (20..<24).map { FeedRow.post(post($0)) }
        var s = FeedSnapshot(version: version, feed: .timeline(.search(query)),
                             rows: [.found(.progress("Searching example.social…", busy: true)), .found(.heading("Cached posts"))] + posts)
        s.reachedEnd = true
        return s
    }

    func testEscOnTheResultsGoesBackToTheThreadOverTheTimelineAtItsPlace() {
        let e = env()
        var stack = LayerStack(root: .home)
        stack.show(FeedSnapshot(TimelineSnapshot(version: 1, timeline: .home, posts: (0..<30).map(post))), e)
        _ = stack.apply(stack.settle(e))
        _ = press([.character("j"), .character("j"), .enter], &stack, e)
        let thread = FeedID.thread(rootID: "p2")
        stack.show(FeedSnapshot(version: 1, feed: thread, rows: (2..<12).map { FeedRow.post(post($0)) }), e)
        _ = press([.character("j"), .character("j")], &stack, e)
        let selected = (stack.layers.last as? FeedLayer)?.viewport.selectedID
        XCTAssertEqual(stack.openScreens, [thread])

        let searched = press(search("tea"), &stack, e)
        XCTAssertTrue(searched.contains(.feed(.timeline(.search("tea")), .start)), "\(searched)")
        XCTAssertEqual(stack.layers.count, 1)
        XCTAssertEqual(stack.openScreens, [thread], "the thread's engine is kept while the results are shown")
        stack.show(results("tea", version: 1), e)
        _ = stack.apply(stack.settle(e))
        // A post of the thread changes meanwhile: the kept thread hears it.
        stack.show(FeedSnapshot(version: 2, feed: thread, rows: (2..<13).map { FeedRow.post(post($0)) }), e)

        let back = press([.escape], &stack, e)
        XCTAssertEqual(stack.layers.count, 2, "back on the thread over the timeline: \(stack.layers)")
        let shown = stack.layers.last as? FeedLayer
        XCTAssertEqual(shown?.feed, thread)
        XCTAssertEqual(shown?.viewport.selectedID, selected, "at the same post")
        XCTAssertEqual(shown?.snapshot?.version, 2, "with what its engine published while the results were shown")
        XCTAssertEqual((stack.layers.first as? FeedLayer)?.viewport.selectedID, "p2")
        XCTAssertTrue(back.contains { if case .feed(.thread("p2", _), .start) = $0 { return true } else { return false } }, "\(back)")
        XCTAssertTrue(back.contains(.feed(.timeline(.home), .start)), "\(back)")

        // The results are parked: `t` back to them, and Esc goes where that search began (the timeline).
        _ = press([.escape], &stack, e)
        XCTAssertEqual(stack.layers.count, 1)
        _ = stack.apply([.switchTimeline(.search("tea"))])
        XCTAssertEqual(stack.openScreens, [], "going to another timeline lets the closed thread go")
        _ = press([.escape], &stack, e)
        guard let root = stack.layers.first as? FeedLayer, case .timeline(.home) = root.opening else { return XCTFail("\(stack.layers)") }
    }

    func testEscOnTheResultsGoesBackToTheNotifications() {
        let e = env()
        var stack = LayerStack(root: .home)
        stack.show(FeedSnapshot(TimelineSnapshot(version: 1, timeline: .home, posts: (0..<30).map(post))), e)
        _ = stack.apply(stack.settle(e))
        _ = press([.character("n")], &stack, e)
        XCTAssertEqual((stack.layers.last as? FeedLayer)?.feed, .notifications)
        _ = press(search("tea"), &stack, e)
        _ = press([.escape], &stack, e)
        XCTAssertEqual((stack.layers.last as? FeedLayer)?.feed, .notifications, "Esc went elsewhere: \(stack.layers)")
    }

    /// The results open on the first result, not on the progress line or a heading, and until the user
    /// moves, the server's finds arriving above take the selection; the position counts results only.
    func testTheResultsOpenOnTheFirstResultAndThePositionCountsResultsOnly() throws {
        let e = env()
        var stack = LayerStack(root: .home)
        stack.show(FeedSnapshot(TimelineSnapshot(version: 1, timeline: .home, posts: (0..<30).map(post))), e)
        _ = press(search("tea"), &stack, e)
        stack.show(results("tea", version: 1), e)
        _ = stack.apply(stack.settle(e))
        XCTAssertEqual((stack.top as? FeedLayer)?.viewport.selectedID, "p20")
        XCTAssertEqual((stack.top as? FeedLayer)?.viewport.anchorID, "found:progress", "the headings stay in view")

        let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (24, 80))
        defer { screen.close() }
        stack.render(e, on: screen)
        XCTAssertTrue(screen.frame.text(row: 23).hasSuffix(" 1/4 "), "the status line counts the headings: \(screen.frame.text(row: 23))")

        let tag = Hashtag(name: "tea")
        var found = results("tea", version: 2)
        found.rows = [.found(.heading("Hashtags")), .found(.hashtag(tag))] + found.rows.dropFirst()
        stack.show(found, e)
        _ = stack.apply(stack.settle(e))
        XCTAssertEqual((stack.top as? FeedLayer)?.viewport.selectedID, "found:t:tea", "the first result, come above")
        _ = press([.character("j")], &stack, e)
        XCTAssertEqual((stack.top as? FeedLayer)?.viewport.selectedID, "p20", "j steps over the heading")
        found.version = 3
        stack.show(found, e)
        _ = stack.apply(stack.settle(e))
        XCTAssertEqual((stack.top as? FeedLayer)?.viewport.selectedID, "p20", "once moved, the selection is the user's")
    }

    private func selected(_ stack: LayerStack) -> String? { (stack.top as? FeedLayer)?.viewport.selectedID }

    /// The server's finds come after the list opened with nothing cached (`/오늘`): the first of them is
    /// selected, not the heading over them, where `T` and `f` did nothing and the position said 1/10.
    func testResultsThatArriveLaterTakeTheSelectionFromTheirHeading() throws {
        let e = env()
        var stack = LayerStack(root: .home)
        stack.show(FeedSnapshot(TimelineSnapshot(version: 1, timeline: .home, posts: (0..<30).map(post))), e)
        _ = press(search("오늘"), &stack, e)
        let feed = FeedID.timeline(.search("오늘"))
        stack.show(FeedSnapshot(version: 1, feed: feed, rows: [.found(.progress("Searching example.social…", busy: true))]), e)
        _ = stack.apply(stack.settle(e))
        var found = FeedSnapshot(version: 2, feed: feed, rows: [.found(.heading("Posts on the server"))] + (20..<30).map { FeedRow.post(post($0)) })
        found.reachedEnd = true
        stack.show(found, e)
        _ = stack.apply(stack.settle(e))
        XCTAssertEqual(selected(stack), "p20")
        let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (24, 80))
        defer { screen.close() }
        stack.render(e, on: screen)
        XCTAssertTrue(screen.frame.text(row: 23).hasSuffix(" 1/10 "), screen.frame.text(row: 23))
        // The user moved and the list changes under them: still never a label.
        _ = press([.character("j"), .character("k"), .character("k")], &stack, e)
        XCTAssertEqual(selected(stack), "p20", "k stops at the first result")
        _ = press([.character("G"), .character("g")], &stack, e)
        XCTAssertEqual(selected(stack), "p20", "g selects the first result, not the heading")
        _ = press([.character(" ")], &stack, e)
        XCTAssertNotEqual(selected(stack), "found:h:Posts on the server")
    }

    /// `/写真`: one cached result, then the server's: `j` from the cached one goes to the first of the
    /// server's (2/6), never onto the heading between them.
    func testJStepsOverTheHeadingBetweenCachedAndServerResults() throws {
        let e = env()
        var stack = LayerStack(root: .home)
        stack.show(FeedSnapshot(TimelineSnapshot(version: 1, timeline: .home, posts: (0..<30).map(post))), e)
        _ = press(search("写真"), &stack, e)
        var found = FeedSnapshot(version: 1, feed: .timeline(.search("写真")),
                                 rows: [.found(.heading("Cached posts")), .post(post(20)), .found(.heading("Posts on the server"))]
                                    + (21..<26).map { FeedRow.post(post($0)) })
        found.reachedEnd = true
        stack.show(found, e)
        _ = stack.apply(stack.settle(e))
        XCTAssertEqual(selected(stack), "p20")
        _ = press([.character("j")], &stack, e)
        XCTAssertEqual(selected(stack), "p21")
        let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (24, 80))
        defer { screen.close() }
        stack.render(e, on: screen)
        XCTAssertTrue(screen.frame.text(row: 23).hasSuffix(" 2/6 "), screen.frame.text(row: 23))
        _ = press([.character("k")], &stack, e)
        XCTAssertEqual(selected(stack), "p20")
        _ = press([.character("G")], &stack, e)
        XCTAssertEqual(selected(stack), "p25")
    }
}
