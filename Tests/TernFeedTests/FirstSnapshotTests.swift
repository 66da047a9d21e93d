import Foundation
import TernFeed
import TernModel
import TernStore
import XCTest

/// The snapshot start-up draws from its glance, before any engine or action queue exists, shows the
/// posts as the engine will: hidden accounts left out, likes on their way marked pending.
final class FirstSnapshotTests: XCTestCase {
    func testHiddenAccountsStayHiddenAndPendingLikesShowFromTheFirstFrame() throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let key = TimelineKey(account: "test", timeline: "home")
        do {
            let store = try temp.open()
            // Posts 1…20; every fifth is by the muted account "m".
            let posts = (1...20).map { n -> Post in
                var p = syntheticPost(n)
                if n % 5 == 0 { p.account = Account(id: "m", acct: "muted@x.example", displayName: "Muted") }
                return p
            }
            try store.timeline(key).insert(posts.reversed(), at: .bottom)
            try store.account("test").hide(HiddenEntry(kind: .muted, target: "m"))
            _ = try store.account("test").enqueue(PendingAction(statusID: "18", kind: .favourite, wanted: true, confirmed: false))
            try store.timeline(key).savePosition(anchorID: "17", offset: 2)
        }
        let glance = try XCTUnwrap(try Glance.read(store: temp.url, key: key))
        let first = TimelineSnapshot(glance: glance, timeline: .home)
        let shown = first.posts.map(\.id)
        XCTAssertFalse(shown.contains("20") || shown.contains("15") || shown.contains("10"), "the muted account's posts: \(shown)")
        // Three newer than the saved post (all there are), it, and eleven older: 20…6 less the muted.
        XCTAssertEqual(shown, ["19", "18", "17", "16", "14", "13", "12", "11", "9", "8", "7", "6"])
        let liked = try XCTUnwrap(first.posts.first { $0.id == "18" })
        XCTAssertTrue(liked.favourited)
        XCTAssertTrue(liked.pending.contains(.favourite))
        XCTAssertEqual(first.pendingActions, 1)
        XCTAssertEqual(first.savedPosition, SavedPosition(anchorID: "17", offset: 2))
        XCTAssertTrue(first.moreOlder)
        XCTAssertFalse(first.moreNewer)
    }
}
