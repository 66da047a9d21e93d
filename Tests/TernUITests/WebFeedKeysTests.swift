import Foundation
import TernFeed
import TernModel
@testable import TernTerminal
@testable import TernUI
import XCTest

/// What the screen says of web feeds' keys (issue 45): `U` on Home said "No unread items below" while Feeds
/// had 120 unread items, and the feeds' list and an item's reader offered `f like`, which a feed item can't take.
final class WebFeedKeysTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func post(_ n: Int, feed: Bool) -> Post {
        let author = feed ? Account(id: "feed:1", acct: "127.0.0.1", displayName: "Demo feed 0")
            : Account(id: "a\(n)", acct: "user\(n)", displayName: "User \(n)")
        var p = Post(id: "p\(n)", statusID: "p\(n)", account: author, createdAt: now.addingTimeInterval(Double(-n * 60)),
                     content: StyledText(plain: "Post \(n)"))
        if feed { p.unread = false }
        return p
    }

    private func stack(_ timeline: TimelineID, _ env: LayerEnv) -> LayerStack {
        var stack = LayerStack(root: timeline)
        stack.show(FeedSnapshot(TimelineSnapshot(version: 1, timeline: timeline, posts: (0..<4).map { post($0, feed: timeline.isWebFeeds) })), env)
        _ = stack.apply(stack.settle(env))
        return stack
    }

    func testUOnAListWithoutUnreadMarksSaysWhereTheUnreadItemsAre() {
        var env = LayerEnv(rows: 24, columns: 80, now: now, renderer: FrameRenderer(theme: .builtIn))
        var home = stack(.home, env)
        XCTAssertEqual(home.apply(home.key(.character("U"), env)),
                       [.say("U goes to unread web-feed items; this list has none. t opens Feeds", error: false)])
        env.webFeedLists = [WebFeedList(timeline: .allWebFeeds, unread: 120)]
        XCTAssertEqual(home.apply(home.key(.character("U"), env)),
                       [.say("U goes to unread web-feed items; this list has none. t opens Feeds (120 unread)", error: false)])
        var feeds = stack(.allWebFeeds, env)
        XCTAssertEqual(feeds.apply(feeds.key(.character("U"), env)), [.say("No unread items below", error: false)],
                       "on the feeds, every item read: none below")
    }

    func testTheTitleBarOffersLikeOnlyWhereAPostCanBeLiked() throws {
        let env = LayerEnv(rows: 24, columns: 150, now: now, renderer: FrameRenderer(theme: .builtIn))
        let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (24, 150))
        defer { screen.close() }
        func title(_ stack: LayerStack) -> String {
            stack.render(env, on: screen)
            return screen.frame.text(row: 0)
        }
        XCTAssertTrue(title(stack(.home, env)).contains("f like"), "Home's posts can be liked")
        var feeds = stack(.allWebFeeds, env)
        XCTAssertFalse(title(feeds).contains("f like"), title(feeds))
        XCTAssertTrue(title(feeds).contains("? help"), title(feeds))
        _ = feeds.apply([.push(.article(post(0, feed: true)))])
        XCTAssertTrue(feeds.top is ArticleLayer)
        XCTAssertFalse(title(feeds).contains("f like"), "the item's reader: \(title(feeds))")
        XCTAssertTrue(title(feeds).contains("esc back"), title(feeds))
    }
}
