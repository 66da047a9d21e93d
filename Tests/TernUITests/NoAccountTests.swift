import Foundation
import TernFeed
import TernModel
@testable import TernTerminal
@testable import TernUI
import XCTest

/// Tern with web feeds and no account (issue 45): the picker offered Home, Local… which only said
/// "Offline: nothing cached", `n` and `w` opened screens no server could fill, and Esc on Home did nothing
/// though the title said "esc back to Home". Now only the feeds' lists are offered, what needs an account
/// says how to add one, and Esc leads back to the feeds.
final class NoAccountTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private let feed = TimelineID.webFeeds(name: "feed:1", title: "Demo feed 0")

    private func item(_ n: Int) -> Post {
        Post(id: "i\(n)", statusID: "i\(n)", account: Account(id: "feed:1", acct: "127.0.0.1", displayName: "Demo feed 0"),
             createdAt: now.addingTimeInterval(Double(-n * 60)), content: StyledText(plain: "Release 2.0 item \(n)"))
    }

    private func stack(accountless: Bool, _ env: LayerEnv) -> LayerStack {
        let root: TimelineID = accountless ? .allWebFeeds : .home
        var stack = LayerStack(root: root, accountless: accountless)
        stack.show(FeedSnapshot(TimelineSnapshot(version: 1, timeline: root, posts: (0..<5).map(item))), env)
        _ = stack.apply(stack.settle(env))
        return stack
    }

    func testWithNoAccountOnlyTheFeedsAreOfferedAndEscLeadsBackToThem() throws {
        var env = LayerEnv(rows: 24, columns: 80, now: now, renderer: FrameRenderer(theme: .builtIn))
        env.webFeedLists = [WebFeedList(timeline: .allWebFeeds, unread: 5), WebFeedList(timeline: feed, unread: 5)]
        var stack = stack(accountless: true, env)

        let opened = stack.apply(stack.key(.character("t"), env))
        XCTAssertFalse(opened.contains { if case .say = $0 { true } else { false } }, "t said something: \(opened)")
        let picker = try XCTUnwrap(stack.top as? PickerLayer)
        var shown = picker.picker
        shown.add(webFeeds: env.webFeedLists ?? [])
        XCTAssertEqual(shown.items, [.timeline(.allWebFeeds), .timeline(feed)], "only the feeds' lists")
        _ = stack.apply(stack.key(.escape, env))

        for key in ["n", "w"] {
            let effects = stack.apply(stack.key(.character(Character(key)), env))
            XCTAssertEqual(effects, [.say(NoAccount.message, error: false)], "\(key): \(effects)")
            XCTAssertEqual(stack.layers.count, 1, "\(key) opened a screen")
        }
        XCTAssertNil(stack.wayBack, "the feeds are where Esc leads: nothing further back")

        _ = stack.apply([.switchTimeline(feed)])
        XCTAssertEqual(stack.wayBack, .allWebFeeds, "the title says esc back to Feeds")
        _ = stack.apply(stack.key(.escape, env))
        guard let root = stack.layers.first as? FeedLayer, case .timeline(let t) = root.opening else { return XCTFail("\(stack.layers)") }
        XCTAssertEqual(t, .allWebFeeds, "Esc went where the title said")
    }

    func testWithAnAccountTheServersTimelinesAreOfferedAndEscLeadsHome() throws {
        let env = LayerEnv(rows: 24, columns: 80, now: now, renderer: FrameRenderer(theme: .builtIn))
        var stack = stack(accountless: false, env)
        _ = stack.apply(stack.key(.character("t"), env))
        let picker = try XCTUnwrap(stack.top as? PickerLayer)
        XCTAssertTrue(picker.picker.items.contains(.timeline(.local)))
        _ = stack.apply(stack.key(.escape, env))
        _ = stack.apply([.switchTimeline(.allWebFeeds)])
        XCTAssertEqual(stack.wayBack, .home)
    }
}
