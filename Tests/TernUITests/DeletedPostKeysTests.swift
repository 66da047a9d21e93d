import Foundation
import TernFeed
import TernModel
import TernTerminal
@testable import TernUI
import XCTest

/// A post deleted while in the list stays as "(this post was deleted)": a key that acts on a post says
/// why it can't act there, rather than doing nothing.
final class DeletedPostKeysTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func testKeysOnADeletedPostSayWhyTheyCannotAct() {
        let posts = (0..<5).map { n in
            Post(id: "p\(n)", statusID: "p\(n)", account: Account(id: "a", acct: "ada", displayName: "Ada"),
                 createdAt: now.addingTimeInterval(Double(-n * 60)), content: StyledText(plain: "Post number \(n)."))
        }
        var t = TimelineSnapshot(version: 1, timeline: .home, posts: posts)
        t.deleted = ["p0"]
        let e = LayerEnv(rows: 24, columns: 80, now: now, renderer: FrameRenderer(theme: .builtIn))
        var layer = FeedLayer(.timeline(.home))
        layer.show(FeedSnapshot(t), e)
        _ = layer.settle(e)
        XCTAssertEqual(layer.viewport.selectedID, "p0")
        for key in ["f", "a", "b", "B"] {
            let effects = layer.update(.character(Character(key)), e)
            guard case .say(let why, true)? = effects.first else { return XCTFail("\(key) on a deleted post: \(effects)") }
            XCTAssertTrue(why.contains("deleted"), why)
        }
    }

    /// A post still in the outbox (`⏳ sending…`) is not on the server: each key that acts on a post says so,
    /// rather than nothing at all (a new user's find: Enter, e, D, a and f did nothing, without a word).
    func testKeysOnAPostStillInTheOutboxSayItIsNotOnTheServerYet() {
        let posts = (0..<5).map { n in
            Post(id: "p\(n)", statusID: "p\(n)", account: Account(id: "a", acct: "ada", displayName: "Ada"),
                 createdAt: now.addingTimeInterval(Double(-n * 60)), content: StyledText(plain: "Post number \(n)."))
        }
        var t = TimelineSnapshot(version: 1, timeline: .home, posts: posts)
        t.outgoing = [OutgoingPost(idempotencyKey: "k", draft: Draft(id: "new", text: "Mine, on its way"), createdAt: now)]
        t.outgoingWaiting = true
        let e = LayerEnv(rows: 24, columns: 80, now: now, renderer: FrameRenderer(theme: .builtIn))
        var layer = FeedLayer(.timeline(.home))
        layer.show(FeedSnapshot(t), e)
        _ = layer.settle(e)
        XCTAssertEqual(layer.viewport.selectedID, "outbox:k")
        for key: Key in [.enter, .character("f"), .character("b"), .character("a"), .character("e"), .character("D")] {
            let effects = layer.update(key, e)
            guard case .say(let why, false)? = effects.first, effects.count == 1 else { return XCTFail("\(key) on a post in the outbox: \(effects)") }
            XCTAssertTrue(why.contains("not on the server yet"), why)
        }
    }

    /// `D` takes one's post out of the list at once: the selection goes on to the post below it (where
    /// the reader was going), not back up to the top of the view.
    func testTheSelectionMovesToThePostBelowOneThatLeaves() {
        let posts = (0..<10).map { n in
            Post(id: "p\(n)", statusID: "p\(n)", account: Account(id: "a", acct: "ada", displayName: "Ada"),
                 createdAt: now.addingTimeInterval(Double(-n * 60)), content: StyledText(plain: "Post number \(n)."))
        }
        let e = LayerEnv(rows: 40, columns: 80, now: now, renderer: FrameRenderer(theme: .builtIn))
        var layer = FeedLayer(.timeline(.home))
        layer.show(FeedSnapshot(TimelineSnapshot(version: 1, timeline: .home, posts: posts)), e)
        _ = layer.settle(e)
        for _ in 0..<3 { _ = layer.update(.character("j"), e); _ = layer.settle(e) }
        XCTAssertEqual(layer.viewport.selectedID, "p3")
        layer.show(FeedSnapshot(TimelineSnapshot(version: 2, timeline: .home, posts: posts.filter { $0.id != "p3" })), e)
        _ = layer.settle(e)
        XCTAssertEqual(layer.viewport.selectedID, "p4")
    }
}
