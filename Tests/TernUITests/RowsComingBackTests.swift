import Foundation
import TernFeed
import TernModel
@testable import TernUI
import XCTest

/// Rows that come back into a list between the top of the view and the selected post (someone unmuted:
/// their posts are shown again) push the selection down; it stays in view. A new user unmuted someone
/// from the mute menu and found the selected post off the screen.
final class RowsComingBackTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Every third post is Mo's, the one muted and unmuted.
    private func post(_ n: Int) -> Post {
        let author = n % 3 == 1 ? Account(id: "mo", acct: "mo", displayName: "Mo") : Account(id: "a\(n)", acct: "user\(n)", displayName: "User \(n)")
        return Post(id: "p\(n)", statusID: "p\(n)", account: author, createdAt: now.addingTimeInterval(Double(-n * 60)),
                    content: StyledText(plain: "Post \(n): a few words, enough for two lines on a narrow screen, or near it."))
    }

    private func home(_ posts: [Post], version: Int) -> FeedSnapshot {
        FeedSnapshot(TimelineSnapshot(version: version, timeline: .home, posts: posts))
    }

    private func selectedPlace(_ layer: FeedLayer, _ e: LayerEnv) -> Viewport.Placement? {
        let m = layer.metrics(e, layer.snapshot!)
        guard let s = layer.viewport.selectedIndex(m) else { return nil }
        return layer.viewport.visible(m).first { $0.index == s }
    }

    func testTheSelectionStaysInViewWhenAnUnmutedAuthorsPostsComeBack() {
        let e = LayerEnv(rows: 24, columns: 80, now: now, renderer: FrameRenderer(theme: .builtIn))
        let all = (0..<60).map(post)
        var layer = FeedLayer(.timeline(.home))
        // Muted: Mo's posts are left out.
        layer.show(home(all.filter { $0.account.id != "mo" }, version: 1), e)
        _ = layer.settle(e)
        for _ in 0..<8 { _ = layer.update(.character("j"), e); _ = layer.settle(e) }
        let selected = layer.viewport.selectedID
        XCTAssertNotNil(selectedPlace(layer, e), "the selection is in view before")
        XCTAssertNotEqual(layer.viewport.anchorID, selected, "the selected post is below the top of the view")

        // Unmuted: Mo's posts are back, between the top of the view and the selected post.
        layer.show(home(all, version: 2), e)
        _ = layer.settle(e)
        XCTAssertEqual(layer.viewport.selectedID, selected, "the same post selected")
        let place = selectedPlace(layer, e)
        XCTAssertNotNil(place, "the selected post is off screen")
        if let place {
            let m = layer.metrics(e, layer.snapshot!)
            XCTAssertGreaterThanOrEqual(place.top, 0)
            XCTAssertLessThanOrEqual(place.top + m.height(place.index), e.listHeight, "the selected post is cut by the bottom")
        }
    }
}
