import Foundation
import TernFeed
import TernMastodon
import TernModel
@testable import TernUI
import XCTest

/// An entry the server sent that could not be read keeps its place in the list as a line that says so.
final class UnreadablePostTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func post(_ n: Int) -> Post {
        Post(id: "p\(n)", statusID: "p\(n)", account: Account(id: "a", acct: "ada", displayName: "Ada"),
             createdAt: now.addingTimeInterval(Double(-n * 60)), content: StyledText(plain: "Post number \(n)."))
    }

    func testTheLineSitsBelowThePostAboveItOrAtTheTop() throws {
        var t = TimelineSnapshot(version: 1, timeline: .home, posts: (0..<5).map(post))
        t.unreadable = [UnreadablePost(id: nil, reason: #"no "id""#, newerID: "p2"),
                        UnreadablePost(id: "x9", reason: "account: not an object", newerID: nil),
                        UnreadablePost(id: nil, reason: "gone", newerID: "p99")]
        let rows = FeedSnapshot(t).rows
        XCTAssertEqual(rows.count, 7, "a line for each entry whose place is in view: \(rows.map(\.id))")
        XCTAssertEqual(rows.map { if case .notice = $0 { "!" } else { $0.id } }, ["!", "p0", "p1", "p2", "!", "p3", "p4"])
        let line = RowLayout(row: rows[4], width: 80, revealed: false, now: now).lines.map { $0.map(\.text.string).joined() }.joined()
        XCTAssertTrue(line.contains(#"A post the server sent could not be read: no "id""#), line)
        let top = RowLayout(row: rows[0], width: 80, revealed: false, now: now).lines.map { $0.map(\.text.string).joined() }.joined()
        XCTAssertTrue(top.contains("(id x9): account: not an object"), top)

        // Newer posts in the store above the window: an entry that came first is not placed at the window's top.
        t.moreNewer = true
        XCTAssertEqual(FeedSnapshot(t).rows.filter { if case .notice = $0 { true } else { false } }.count, 1)
    }
}
