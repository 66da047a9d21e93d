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
            try StoreSchema.migrator().migrate(old, upTo: "v1")
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
        XCTAssertEqual(try store.account("me").search("heron").map(\.id), ["2"])
        XCTAssertEqual(try store.timeline(TimelineKey(account: "me", timeline: "home")).run(around: nil, before: 0, after: 10).entries.count, 3)
        XCTAssertEqual(try store.integrityCheck(), "ok")
    }

    func testAFileFromANewerTernIsRefusedUntouched() throws {
        let folder = TemporaryFolder()
        do {
            let store = try Store(url: folder.store)
            try store.timeline(TimelineKey(account: "me", timeline: "home")).insert([makePost(1)], at: .top)
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
                           (StoreSchema.migrator().migrations + ["v99-from-the-future"]).sorted())
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM post"), 1)
        }
    }

    /// A file from before the one journal keeps every pending like and every post on its way, in their
    /// order, with their doubt, and a post's idempotency key: nothing the user did is lost or sent twice.
    func testPendingActionsAndTheOutboxMoveIntoTheOneJournal() async throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let draft = Draft(id: "d1", text: "on its way")
        do {
            let old = try DatabaseQueue(path: folder.store.path)
            try StoreSchema.migrator().migrate(old, upTo: "v5-writing")
            try await old.write { db in
                try db.execute(sql: """
                    INSERT INTO pending_action (account, status_id, kind, wanted, confirmed, in_doubt, created_at, detail)
                    VALUES ('me', '9', 'bookmark', 1, 0, 0, 0, NULL), ('me', '3', 'favourite', 1, 0, 1, 0, NULL),
                           ('me', 'a7', 'mute', 1, 0, 0, 0, '3600'), ('other', '4', 'favourite', 0, 1, 0, 0, NULL)
                    """)
                try db.execute(sql: "INSERT INTO outbox (account, idempotency_key, created_at, in_doubt, body) VALUES ('me', 'k-1', 5, 1, ?)",
                               arguments: [try JSONEncoder().encode(draft)])
            }
        }
        let store = try Store(url: folder.store)
        let me = store.account("me")
        XCTAssertEqual(try me.pendingActions().map { "\($0.kind.rawValue) \($0.statusID) \($0.confirmed.map(String.init) ?? "?")" },
                       ["bookmark 9 false", "favourite 3 ?", "mute a7 false"])
        XCTAssertEqual(try me.pendingActions().last?.detail, "3600")
        XCTAssertEqual(try store.account("other").pendingActions().map(\.wanted), [false])
        let outbox = try await me.outbox()
        XCTAssertEqual(outbox.map(\.idempotencyKey), ["k-1"])
        XCTAssertEqual(outbox.first?.draft.text, "on its way")
        XCTAssertEqual(outbox.first?.inDoubt, true)
        // The moved marks are keyed as new ones are: the next press replaces the row rather than adding one.
        try me.enqueue(PendingAction(statusID: "3", kind: .favourite, wanted: false, confirmed: true))
        XCTAssertEqual(try me.pendingActions().map(\.statusID), ["9", "a7", "3"])
        XCTAssertEqual(try store.integrityCheck(), "ok")
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
        try store.timeline(key).insert([
            makePost(1, text: "Rain over the harbour this morning"),
            makePost(2, text: "今日は東京で雨が降っています"),
            makePost(3, text: "Reading in the terminal", tags: ["Tern", "swift"]),
            makePost(4, text: "東北の山"),
            makePost(5, text: "Café au lait"),
        ], at: .top)
        XCTAssertEqual(try store.account("me").search("harbour").map(\.id), ["1"])
        XCTAssertEqual(try store.account("me").search("harb").map(\.id), ["1"], "words match as prefixes")
        XCTAssertEqual(try store.account("me").search("rain morning").map(\.id), ["1"], "every word must match")
        XCTAssertEqual(try store.account("me").search("東京").map(\.id), ["2"])
        XCTAssertEqual(Set(try store.account("me").search("東").map(\.id)), ["2", "4"])
        XCTAssertEqual(try store.account("me").search("#tern").map(\.id), ["3"])
        XCTAssertEqual(try store.account("me").search("#TERN swift").map(\.id), ["3"], "a plain word matches hashtags too")
        XCTAssertEqual(try store.account("me").search("#tern harbour").map(\.id), [], "every term must match")
        XCTAssertEqual(try store.account("me").search("cafe").map(\.id), ["5"], "diacritics fold")
        XCTAssertEqual(try store.account("other").search("me").map(\.id), [], "accounts keep apart")
        // One's own direct message is stored on Home and as its conversation's entry, and a boost of a post
        // beside the post: each status is found once, as the plain post.
        var entry = makePost(6, text: "Kettle whistle at noon")
        entry.id = Conversation.entryID(conversation: "c1", status: "6")
        entry.conversation = Conversation(id: "c1", unread: false, participants: [])
        var boost = makePost(7, text: "Lantern by the kettle")
        boost.id = "b7"
        boost.boostedBy = Account(id: "a9", acct: "bo", displayName: "Bo")
        try store.timeline(TimelineKey(account: "me", timeline: "conversations")).insert([entry], at: .top)
        try store.timeline(key).insert([boost, makePost(7, text: "Lantern by the kettle"), makePost(6, text: "Kettle whistle at noon")], at: .top)
        XCTAssertEqual(try store.account("me").search("kettle").map(\.id).sorted(), ["6", "7"])
        for hostile in ["\"", "AND", "a OR b", "NEAR(", "*", "tags:", "#"] {
            XCTAssertNoThrow(try store.account("me").search(hostile), hostile)
        }
    }
}

final class StoreMaintenanceTests: XCTestCase {
    func testPruneKeepsSavedLikedAndRecentPostsAndCapsTimelines() throws {
        let folder = TemporaryFolder()
        let store = try Store(url: folder.store)
        let home = TimelineKey(account: "me", timeline: "home")
        let saved = TimelineKey(account: "me", timeline: "bookmarks")
        try store.timeline(home).insert([makePost(300, daysOld: 40, bookmarked: true)] + (201...250).reversed().map { makePost($0, daysOld: 40) },
                                        at: .bottom)
        try store.timeline(home).insert((1...150).reversed().map { makePost($0, daysOld: 0) }, at: .top)
        try store.timeline(saved).insert([makePost(201, daysOld: 40)], at: .top)
        try store.account("me").enqueue(PendingAction(statusID: "202", kind: .favourite, wanted: true, confirmed: false))
        try store.prune(RetentionPolicy(maxAge: 30 * 86_400, maxPerTimeline: 100))
        let left = try store.timeline(home).run(around: nil, before: 0, after: 1_000).entries.compactMap(\.post?.id)
        XCTAssertEqual(left.count, 100, "the cap keeps the newest 100")
        XCTAssertEqual(left.first, "150")
        XCTAssertEqual(try store.timeline(saved).run(around: nil, before: 0, after: 10).entries.count, 1, "Saved is never pruned")
        let stats = try store.stats()
        // 100 in home; 201 (in Saved) and 202 (pending like) and 300 (bookmarked) stay as posts.
        XCTAssertEqual(stats.posts, 103)
        XCTAssertEqual(stats.pendingActions, 1)
        try store.clear()
        XCTAssertEqual(try store.stats().posts, 0)
        XCTAssertEqual(try store.account("me").pendingActions().count, 1, "clearing the cache keeps the user's pending actions")
    }
}
