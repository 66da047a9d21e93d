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

    /// A long read (a catch-up's): the posts come back in the timeline's order, each once, and the unreadable
    /// one is left out and logged as on a short read.
    func testALongReadKeepsTheOrderAndLeavesTheUnreadableOneOut() throws {
        let count = 307
        let log = CollectedLog()
        let (store, folder) = try storeWithUnreadablePost(150, of: count, log: log)
        defer { _ = folder }
        let read = try store.timeline(home).entries(olderThan: Int64.min, limit: count)
        XCTAssertEqual(read.entries.compactMap(\.post?.id), (1...count).reversed().filter { $0 != 150 }.map(String.init))
        XCTAssertFalse(read.more)
        XCTAssertEqual(log.lines(mentioning: "post 150 of me's home").count, 1, "\(log.lines)")
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
    /// A draft, a waiting post or a change this Tern can't read is counted for the user (the outbox and the
    /// change queue say how many), and the log says which row it is and why it can't be read.
    func testUnreadableDraftsWaitingPostsAndChangesAreLoggedByRow() async throws {
        let log = CollectedLog()
        let folder = TemporaryFolder()
        let store = try Store(url: folder.store, logger: log.logger())
        try await store.pool.write { db in
            try db.execute(sql: "INSERT INTO draft (account, id, updated_at, body) VALUES ('me', 'draft-from-the-future', 0, X'7B7D')")
            for (key, kind) in [("post-from-the-future", JournalRecord.postKind), ("change-from-the-future", JournalRecord.changeKind)] {
                try db.execute(sql: """
                    INSERT INTO journal (account, key, kind, wanted, confirmed, in_doubt, created_at, body)
                    VALUES ('me', ?, ?, 1, 0, 0, 0, X'7B7D')
                    """, arguments: [key, kind])
            }
        }
        let me = store.account("me")
        let drafts = try await me.drafts(), outbox = try await me.outbox(), changes = try await me.pendingChanges()
        XCTAssertEqual(drafts.count + outbox.count + changes.changes.count, 0)
        XCTAssertEqual(changes.unreadable, 1)
        let unreadableWriting = try await me.unreadableWriting()
        XCTAssertEqual(unreadableWriting, 2)
        for key in ["draft-from-the-future", "post-from-the-future", "change-from-the-future"] {
            let lines = log.lines(mentioning: key)
            XCTAssertEqual(lines.count, 1, "\(key) is logged once, with its error: \(log.lines)")
            XCTAssertNotNil(lines.first?.metadata["error"], key)
        }
    }

    /// Opening a store of the first schema indexes its posts for search; one it can't read is left unindexed,
    /// and logged.
    func testAPostTheSearchMigrationCannotReadIsLogged() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        do {
            let old = try DatabaseQueue(path: folder.store.path)
            try StoreSchema.migrator().migrate(old, upTo: "v1")
            try old.write { db in
                for (n, body) in [(1, try JSONEncoder().encode(makePost(1))), (2, Data("{}".utf8))] {
                    try db.execute(sql: """
                        INSERT INTO post (account, id, status_id, created_at, fetched_at, favourited, bookmarked, body)
                        VALUES ('me', ?, ?, 0, 0, 0, 0, ?)
                        """, arguments: [String(n), String(n), body])
                }
            }
        }
        let log = CollectedLog()
        _ = try Store(url: folder.store, logger: log.logger())
        XCTAssertEqual(log.lines(mentioning: "post 2 of me").count, 1, "\(log.lines)")
        XCTAssertEqual(log.lines(mentioning: "post 1 of me").count, 0, "\(log.lines)")
    }
}
