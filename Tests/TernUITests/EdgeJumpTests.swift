import Foundation
import TernFeed
import TernModel
import TernTerminal
@testable import TernUI
import XCTest

/// `g` on a list with newer posts still to come: the view goes to the top when they arrive, unless the user
/// has pressed something since, which then acts on the post the screen showed.
final class EdgeJumpTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func snapshot(posts: Range<Int>, moreNewer: Bool, version: Int) -> FeedSnapshot {
        let list = posts.map { n in
            Post(id: "p\(n)", statusID: "p\(n)", account: Account(id: "a", acct: "ada", displayName: "Ada"),
                 createdAt: now.addingTimeInterval(Double(-n * 60)), content: StyledText(plain: "Post number \(n)."))
        }
        var t = TimelineSnapshot(version: version, timeline: .home, posts: list)
        t.moreNewer = moreNewer
        return FeedSnapshot(t)
    }

    func testTheTopIsReachedWhenTheNewerPostsCome() {
        let e = LayerEnv(rows: 24, columns: 80, now: now, renderer: FrameRenderer(theme: .builtIn))
        var layer = FeedLayer(.timeline(.home))
        layer.show(snapshot(posts: 10..<40, moreNewer: true, version: 1), e)
        _ = layer.settle(e)
        _ = layer.update(.character("j"), e)
        XCTAssertEqual(layer.update(.character("g"), e), [.feed(.timeline(.home), .jump(top: true))])
        XCTAssertEqual(layer.viewport.selectedID, "p10")
        layer.show(snapshot(posts: 0..<40, moreNewer: false, version: 2), e)
        _ = layer.settle(e)
        XCTAssertEqual(layer.viewport.selectedID, "p0", "the newest post, once it is there")
    }

    func testALikeAfterGoesToThePostShownNotToTheOneThatCameAboveIt() {
        let e = LayerEnv(rows: 24, columns: 80, now: now, renderer: FrameRenderer(theme: .builtIn))
        var layer = FeedLayer(.timeline(.home))
        layer.show(snapshot(posts: 10..<40, moreNewer: true, version: 1), e)
        _ = layer.settle(e)
        _ = layer.update(.character("g"), e)
        XCTAssertEqual(layer.viewport.selectedID, "p10")
        // The user reads the selection (`y` copies its link), then the newer posts land, then `f` (like).
        _ = layer.update(.character("y"), e)
        layer.show(snapshot(posts: 0..<40, moreNewer: false, version: 2), e)
        _ = layer.settle(e)
        XCTAssertEqual(layer.viewport.selectedID, "p10", "the selection moved from under the user")
        XCTAssertEqual(layer.update(.character("f"), e), [.feed(.timeline(.home), .setMark(.favourite, postID: "p10", wanted: true))])
    }
}
