import Foundation
import TernFeed
import TernModel
@testable import TernTerminal
@testable import TernUI
import XCTest

/// Esc on a timeline chosen with `t` goes back to exactly where `t` was pressed (issue 45): from a profile
/// (or a thread) over Home, it went to Home, the profile and its selection gone. The screens that were
/// over the timeline come back with their places, and kept hearing their engines meanwhile.
final class ChosenTimelineWayBackTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func post(_ n: Int, by author: Int? = nil) -> Post {
        let a = author ?? n
        return Post(id: "p\(n)", statusID: "p\(n)", account: Account(id: "a\(a)", acct: "user\(a)", displayName: "User \(a)"),
                    createdAt: now.addingTimeInterval(Double(-n * 60)), content: StyledText(plain: "Post number \(n)."))
    }

    private func env() -> LayerEnv { LayerEnv(rows: 40, columns: 120, now: now, renderer: FrameRenderer(theme: .builtIn)) }

    private func press(_ keys: [Key], _ stack: inout LayerStack) -> [Effect] {
        var out: [Effect] = []
        for k in keys {
            out += stack.apply(stack.key(k, env()))
            out += stack.apply(stack.settle(env()))
        }
        return out
    }

    private func timeline(_ t: TimelineID, _ posts: [Post], version: Int = 1) -> FeedSnapshot {
        FeedSnapshot(TimelineSnapshot(version: version, timeline: t, posts: posts))
    }

    private func profile(_ posts: [Post], version: Int) -> FeedSnapshot {
        FeedSnapshot(version: version, feed: .profile(accountID: "a2"), rows: posts.map { FeedRow.post($0) })
    }

    private func titleBar(_ stack: LayerStack) throws -> String {
        let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (40, 120))
        defer { screen.close() }
        stack.render(env(), on: screen)
        return screen.frame.text(row: 0)
    }

    func testEscOnATimelineChosenFromAProfileGoesBackToTheProfileAtItsSelection() throws {
        var stack = LayerStack(root: .home)
        stack.show(timeline(.home, (0..<20).map { post($0) }), env())
        _ = stack.apply(stack.settle(env()))
        _ = press([.character("j"), .character("j"), .character("p")], &stack)
        let profileID = FeedID.profile(accountID: "a2")
        XCTAssertEqual((stack.top as? FeedLayer)?.feed, profileID, "p opened the author's profile: \(stack.layers)")
        let theirs = (30..<45).map { post($0, by: 2) }
        stack.show(profile(theirs, version: 1), env())
        _ = press([.character("j"), .character("j"), .character("j")], &stack)
        XCTAssertEqual((stack.top as? FeedLayer)?.viewport.selectedID, "p33")

        // `t`, then Local (the line under Home), Enter.
        let chose = press([.character("t"), .character("j"), .enter], &stack)
        XCTAssertTrue(chose.contains(.feed(.timeline(.local), .start)), "\(chose)")
        XCTAssertEqual(stack.layers.count, 1)
        XCTAssertEqual((stack.top as? FeedLayer)?.opening, .timeline(.local))
        XCTAssertEqual(stack.openScreens, [profileID], "the profile's engine is kept for the way back")
        stack.show(timeline(.local, (100..<120).map { post($0) }), env())
        _ = stack.apply(stack.settle(env()))
        let title = try titleBar(stack)
        XCTAssertTrue(title.lowercased().contains("esc back to @user2"), title)
        // A post of theirs comes meanwhile: the kept profile hears it.
        stack.show(profile([post(29, by: 2)] + theirs, version: 2), env())

        let back = press([.escape], &stack)
        XCTAssertEqual(stack.layers.count, 2, "back on the profile over Home: \(stack.layers)")
        let shown = try XCTUnwrap(stack.top as? FeedLayer)
        XCTAssertEqual(shown.feed, profileID)
        XCTAssertEqual(shown.viewport.selectedID, "p33", "at the post it was left on")
        XCTAssertEqual(shown.snapshot?.version, 2, "with what its engine published meanwhile")
        XCTAssertEqual((stack.layers.first as? FeedLayer)?.opening, .timeline(.home))
        XCTAssertEqual((stack.layers.first as? FeedLayer)?.viewport.selectedID, "p2")
        XCTAssertTrue(back.contains(.feed(.timeline(.home), .start)), "\(back)")
        XCTAssertTrue(back.contains { if case .feed(.profile, .start) = $0 { return true } else { return false } }, "\(back)")

        // Then Esc goes on as before: to Home, at its place, where going back ends.
        _ = press([.escape], &stack)
        XCTAssertEqual(stack.layers.count, 1)
        XCTAssertEqual((stack.top as? FeedLayer)?.viewport.selectedID, "p2")
        XCTAssertFalse(stack.escGoesBack)
    }

    /// Only the way back keeps what was over a timeline: choosing that timeline again with `t` shows the
    /// timeline itself, and the screens that were over it (and their engines) go.
    func testChoosingTheTimelineAgainShowsItAloneAndLetsTheProfileGo() {
        var stack = LayerStack(root: .home)
        stack.show(timeline(.home, (0..<20).map { post($0) }), env())
        _ = stack.apply(stack.settle(env()))
        _ = press([.character("j"), .character("j"), .character("p")], &stack)
        stack.show(profile((30..<45).map { post($0, by: 2) }, version: 1), env())
        _ = press([.character("t"), .character("j"), .enter], &stack)
        XCTAssertEqual(stack.openScreens, [.profile(accountID: "a2")])
        _ = stack.apply([.switchTimeline(.home)])
        XCTAssertEqual(stack.layers.count, 1, "\(stack.layers)")
        XCTAssertEqual((stack.top as? FeedLayer)?.viewport.selectedID, "p2", "Home at its place")
        XCTAssertEqual(stack.openScreens, [], "the profile's engine may stop")
    }

    /// Two timelines chosen one after the other from a thread: Esc goes back through them, then to the thread.
    func testEscGoesBackThroughChosenTimelinesToTheThread() {
        var stack = LayerStack(root: .home)
        stack.show(timeline(.home, (0..<20).map { post($0) }), env())
        _ = stack.apply(stack.settle(env()))
        _ = press([.character("j"), .enter], &stack)
        let thread = FeedID.thread(rootID: "p1")
        XCTAssertEqual((stack.top as? FeedLayer)?.feed, thread)
        _ = stack.apply([.switchTimeline(.local)])
        _ = stack.apply([.switchTimeline(.federated)])
        XCTAssertEqual(stack.openScreens, [thread])
        _ = press([.escape], &stack)
        XCTAssertEqual((stack.top as? FeedLayer)?.opening, .timeline(.local))
        _ = press([.escape], &stack)
        XCTAssertEqual((stack.top as? FeedLayer)?.feed, thread, "\(stack.layers)")
        XCTAssertEqual(stack.layers.count, 2)
    }
}
