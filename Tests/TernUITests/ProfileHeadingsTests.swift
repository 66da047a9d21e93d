import Foundation
import TernFeed
import TernModel
import TernTerminal
@testable import TernUI
import XCTest

/// A profile's "📌 Pinned" and "Posts" are headings, as a search's are: `j` and `k` step over them and the
/// position does not count them. `j` selected "📌 Pinned", counted it, and `f` and Enter there did nothing.
final class ProfileHeadingsTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func post(_ n: Int) -> Post {
        Post(id: "p\(n)", statusID: "p\(n)", account: Account(id: "a", acct: "ada", displayName: "Ada"),
             createdAt: now.addingTimeInterval(Double(-n * 60)), content: StyledText(plain: "Post number \(n)."))
    }

    func testJAndKStepOverTheProfilesHeadings() {
        let ada = Account(id: "a", acct: "ada", displayName: "Ada")
        let e = LayerEnv(rows: 40, columns: 100, now: now, renderer: FrameRenderer(theme: .builtIn))
        let rows: [FeedRow] = [.profile(Profile(account: ada), nil, followPending: false), .found(.heading("📌 Pinned")), .post(post(0)),
                               .found(.heading("Posts")), .post(post(1)), .post(post(2))]
        var layer = FeedLayer(.profile(ada))
        layer.show(FeedSnapshot(version: 1, feed: .profile(accountID: "a"), rows: rows), e)
        _ = layer.settle(e)
        var selected: [String?] = [layer.viewport.selectedID]
        for key in ["j", "j", "j", "k", "k", "k"] {
            _ = layer.update(.character(Character(key)), e)
            _ = layer.settle(e)
            selected.append(layer.viewport.selectedID)
        }
        XCTAssertEqual(selected.compactMap { $0 }.filter { $0.hasPrefix("found:") }, [], "a heading was selected: \(selected)")
        XCTAssertEqual(selected.last, rows[0].id, "back on the profile's header: \(selected)")
        XCTAssertTrue(selected.contains("p1"))
    }
}
