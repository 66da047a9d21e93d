import Foundation
import GRDB
@testable import TernStore
import TernModel
import TernTestSupport
import XCTest

/// A stored post this Tern can't read back (a newer Tern's, or damaged) is left out where it would be
/// shown or changed, and the log says which and what was done without it: never a silent loss.
final class UnreadableRowsTests: XCTestCase {
    let home = TimelineKey(account: "me", timeline: "home")

    /// A store with posts 1...`count` in the home timeline, post `broken`'s stored copy made unreadable.
    func storeWithUnreadablePost(_ broken: Int, of count: Int, log: CollectedLog) throws -> (Store, TemporaryFolder) {
        let folder = TemporaryFolder()
        let store = try Store(url: folder.store, logger: log.logger())
        try store.timeline(home).insert((1...count).reversed().map { makePost($0) }, at: .bottom)
        try store.pool.write { db in
            try db.execute(sql: "UPDATE post SET body = ? WHERE id = ?", arguments: [Data("{\"from\":\"a newer Tern\"}".utf8), String(broken)])
        }
        return (store, folder)
    }

    func testAnUnreadablePostInAWindowIsLoggedAndTheWindowStillSaysMoreFollow() throws {
        let log = CollectedLog()
        let (store, folder) = try storeWithUnreadablePost(3, of: 4, log: log)
        defer { _ = folder }
        let run = try store.timeline(home).run(around: nil, before: 0, after: 2)
        XCTAssertEqual(run.entries.compactMap(\.post?.id), ["4"], "the unreadable post takes its place in the window, not shown")
        XCTAssertTrue(run.hasOlder, "posts 2 and 1 are still below")
        let lines = log.lines(mentioning: "post 3 of me's home")
        XCTAssertEqual(lines.count, 1, "the unreadable post is logged, by its id: \(log.lines)")
        XCTAssertEqual(lines.first?.level, .warning)

        let below = try store.timeline(home).entries(olderThan: try XCTUnwrap(run.entries.first?.seq), limit: 1)
        XCTAssertEqual(below.entries.count, 0, "the unreadable post alone")
        XCTAssertTrue(below.more, "more follow it")
        XCTAssertEqual(log.lines(mentioning: "post 3 of").count, 1, "logged once, not on every read: \(log.lines)")
    }

    func testALikeOrAVoteThatCannotBeWrittenIntoAnUnreadableCopyIsLogged() throws {
        let log = CollectedLog()
        let (store, folder) = try storeWithUnreadablePost(2, of: 2, log: log)
        defer { _ = folder }
        var liked = makePost(2)
        liked.favourited = true
        try store.account("me").updateStatus(from: liked)
        XCTAssertEqual(log.lines(mentioning: "counts and marks were not written").count, 1, "\(log.lines)")
        XCTAssertEqual(log.lines(mentioning: "post 2 of me").count, 1, "\(log.lines)")

        let other = CollectedLog()
        let (again, folder2) = try storeWithUnreadablePost(2, of: 2, log: other)
        defer { _ = folder2 }
        try again.account("me").updatePoll(statusID: "2", Poll(options: [.init(title: "yes", votes: 1)], votes: 1, expiresAt: nil,
                                                                expired: false, ownVotes: [0]))
        XCTAssertEqual(other.lines(mentioning: "poll's new count was not written").count, 1, "\(other.lines)")
    }

    func testASearchOfTheCacheLogsAnUnreadableMatch() throws {
        let log = CollectedLog()
        let folder = TemporaryFolder()
        let store = try Store(url: folder.store, logger: log.logger())
        try store.timeline(home).insert([makePost(2, text: "otters swim"), makePost(1, text: "otters sleep")], at: .bottom)
        try store.pool.write { db in try db.execute(sql: "UPDATE post SET body = X'00' WHERE id = '1'") }
        XCTAssertEqual(try store.account("me").search("otters").map(\.id), ["2"])
        XCTAssertEqual(log.lines(mentioning: "left out of a search").count, 1, "\(log.lines)")
    }
}
