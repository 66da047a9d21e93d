import Foundation
import GRDB
@testable import TernStore
import TernModel
import XCTest

final class StoreSchemaTests: XCTestCase {
    /// A file made by the first schema, with posts in it, opens under the current one and its posts are
    /// searchable (the search migration indexed them).
    func testMigratesFromTheFirstSchema() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        do {
            let old = try DatabaseQueue(path: folder.store.path)
            try StoreSchema.migrator.migrate(old, upTo: "v1")
            try old.write { db in
                for n in 1...3 {
                    let post = makePost(n, text: n == 2 ? "a heron on the quay" : "nothing to see")
                    try db.execute(sql: """
                        INSERT INTO post (account, id, status_id, created_at, fetched_at, favourited, bookmarked, body)
                        VALUES ('me', ?, ?, ?, 0, 0, 0, ?)
                        """, arguments: [post.id, post.statusID, post.createdAt.timeIntervalSince1970, try JSONEncoder().encode(post)])
                    try db.execute(sql: "INSERT INTO entry (account, timeline, seq, post_id) VALUES ('me', 'home', ?, ?)",
                                   arguments: [n, post.id])
                }
            }
        }
        let store = try Store(url: folder.store)
        XCTAssertEqual(try store.search("heron", account: "me").map(\.id), ["2"])
        XCTAssertEqual(try store.run(TimelineKey(account: "me", timeline: "home"), around: nil, before: 0, after: 10).entries.count, 3)
        XCTAssertEqual(try store.integrityCheck(), "ok")
    }

    func testAFileFromANewerTernIsRefusedUntouched() throws {
        let folder = TemporaryFolder()
        do {
            let store = try Store(url: folder.store)
            try store.insert([makePost(1)], into: TimelineKey(account: "me", timeline: "home"), at: .top)
            try store.pool.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')") }
            try store.pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        }
        XCTAssertThrowsError(try Store(url: folder.store)) { error in
            XCTAssertEqual(error as? StoreError, .newerSchema(folder.store.path))
            XCTAssertTrue("\(error)".contains("newer version of Tern"))
        }
        // Nothing was migrated or lost.
        let raw = try DatabaseQueue(path: folder.store.path)
        try raw.read { db in
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier"),
                           (StoreSchema.migrator.migrations + ["v99-from-the-future"]).sorted())
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM post"), 1)
        }
    }

    func testGarbageInsteadOfADatabaseIsAClearError() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 8192).write(to: folder.store)
        XCTAssertThrowsError(try Store(url: folder.store)) { error in
            guard case .unreadable(let path, _) = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, folder.store.path)
        }
    }
}

final class StoreSearchTests: XCTestCase {
    func testFindsWordsPrefixesCJKAndHashtags() throws {
        let folder = TemporaryFolder()
        let store = try Store(url: folder.store)
        let key = TimelineKey(account: "me", timeline: "home")
        try store.insert([
            makePost(1, text: "Rain over the harbour this morning"),
            makePost(2, text: "今日は東京で雨が降っています"),
            makePost(3, text: "Reading in the terminal", tags: ["Tern", "swift"]),
            makePost(4, text: "東北の山"),
            makePost(5, text: "Café au lait"),
        ], into: key, at: .top)
        XCTAssertEqual(try store.search("harbour", account: "me").map(\.id), ["1"])
        XCTAssertEqual(try store.search("harb", account: "me").map(\.id), ["1"], "words match as prefixes")
        XCTAssertEqual(try store.search("rain morning", account: "me").map(\.id), ["1"], "every word must match")
        XCTAssertEqual(try store.search("東京", account: "me").map(\.id), ["2"])
        XCTAssertEqual(Set(try store.search("東", account: "me").map(\.id)), ["2", "4"])
        XCTAssertEqual(try store.search("#tern", account: "me").map(\.id), ["3"])
        XCTAssertEqual(try store.search("#TERN swift", account: "me").map(\.id), ["3"], "a plain word matches hashtags too")
        XCTAssertEqual(try store.search("#tern harbour", account: "me").map(\.id), [], "every term must match")
        XCTAssertEqual(try store.search("cafe", account: "me").map(\.id), ["5"], "diacritics fold")
        XCTAssertEqual(try store.search("me", account: "other").map(\.id), [], "accounts keep apart")
        for hostile in ["\"", "AND", "a OR b", "NEAR(", "*", "tags:", "#"] {
            XCTAssertNoThrow(try store.search(hostile, account: "me"), hostile)
        }
    }
}

final class StoreMaintenanceTests: XCTestCase {
    func testPruneKeepsSavedLikedAndRecentPostsAndCapsTimelines() throws {
        let folder = TemporaryFolder()
        let store = try Store(url: folder.store)
        let home = TimelineKey(account: "me", timeline: "home")
        let saved = TimelineKey(account: "me", timeline: "bookmarks")
        try store.insert([makePost(300, daysOld: 40, bookmarked: true)] + (201...250).reversed().map { makePost($0, daysOld: 40) },
                         into: home, at: .bottom)
        try store.insert((1...150).reversed().map { makePost($0, daysOld: 0) }, into: home, at: .top)
        try store.insert([makePost(201, daysOld: 40)], into: saved, at: .top)
        try store.enqueue(PendingAction(statusID: "202", kind: .favourite, wanted: true, confirmed: false), account: "me")
        try store.prune(RetentionPolicy(maxAge: 30 * 86_400, maxPerTimeline: 100))
        let left = try store.run(home, around: nil, before: 0, after: 1_000).entries.compactMap(\.post?.id)
        XCTAssertEqual(left.count, 100, "the cap keeps the newest 100")
        XCTAssertEqual(left.first, "150")
        XCTAssertEqual(try store.run(saved, around: nil, before: 0, after: 10).entries.count, 1, "Saved is never pruned")
        let stats = try store.stats()
        // 100 in home; 201 (in Saved) and 202 (pending like) and 300 (bookmarked) stay as posts.
        XCTAssertEqual(stats.posts, 103)
        XCTAssertEqual(stats.pendingActions, 1)
        try store.clear()
        XCTAssertEqual(try store.stats().posts, 0)
        XCTAssertEqual(try store.pendingActions(account: "me").count, 1, "clearing the cache keeps the user's pending actions")
    }
}
