import Foundation
import GRDB
@testable import TernStore
import TernModel
import XCTest

/// Synthetic posts for store tests: id n is newer than id n-1.
func makePost(_ n: Int, text: String? = nil, tags: [String] = [], daysOld: Double = 0, bookmarked: Bool = false) -> Post {
    var line: [StyledText.Run] = [StyledText.Run(text ?? "post number \(n)", style: .plain)]
    for tag in tags { line.append(StyledText.Run(" ", style: .plain)); line.append(StyledText.Run("#\(tag)", style: .hashtag("https://x.example/tags/\(tag)"))) }
    return Post(id: String(n), statusID: String(n),
                account: Account(id: "a\(n % 7)", acct: "user\(n % 7)@x.example", displayName: "User \(n % 7)"),
                createdAt: Date().addingTimeInterval(-daysOld * 86_400 - Double(100_000 - n)),
                content: StyledText(paragraphs: [[line]]), bookmarked: bookmarked)
}

final class TemporaryFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tern-store-test-\(UUID().uuidString)")
    var store: URL { url.appendingPathComponent("tern.sqlite") }
    deinit { try? FileManager.default.removeItem(at: url) }
}

final class StoreTimelineTests: XCTestCase {
    let home = TimelineKey(account: "me", timeline: "home")

    func testPagesKeepServerOrderAndEachPostOnce() throws {
        let folder = TemporaryFolder()
        let store = try Store(url: folder.store)
        try store.timeline(home).insert((81...100).reversed().map { makePost($0) }, at: .bottom)
        try store.timeline(home).insert((61...85).reversed().map { makePost($0) }, at: .bottom)  // overlaps by 5
        try store.timeline(home).insert((101...110).reversed().map { makePost($0) }, at: .top)
        let run = try store.timeline(home).run(around: nil, before: 0, after: 500)
        XCTAssertEqual(run.entries.compactMap(\.post?.id), (61...110).reversed().map(String.init))
        XCTAssertFalse(run.hasOlder)
    }

    func testRunsAroundAnAnchorAndPagingBothWays() throws {
        let folder = TemporaryFolder()
        let store = try Store(url: folder.store)
        try store.timeline(home).insert((1...300).reversed().map { makePost($0) }, at: .bottom)
        let run = try store.timeline(home).run(around: "150", before: 10, after: 20)
        XCTAssertEqual(run.entries.first?.post?.id, "160")
        XCTAssertEqual(run.entries.last?.post?.id, "131")
        XCTAssertTrue(run.hasNewer && run.hasOlder)
        let below = try store.timeline(home).entries(olderThan: run.entries.last!.seq, limit: 5)
        XCTAssertEqual(below.entries.compactMap(\.post?.id), ["130", "129", "128", "127", "126"])
        let above = try store.timeline(home).entries(newerThan: run.entries.first!.seq, limit: 3)
        XCTAssertEqual(above.entries.compactMap(\.post?.id), ["163", "162", "161"])
        let bottom = try store.timeline(home).bottom(count: 2)
        XCTAssertEqual(bottom.entries.compactMap(\.post?.id), ["2", "1"])
        XCTAssertFalse(bottom.hasOlder)
    }

    /// Filling one spot again and again runs out of room between seqs; the timeline is renumbered and
    /// keeps its order.
    func testRepeatedInsertsBetweenTwoEntriesKeepOrder() throws {
        let folder = TemporaryFolder()
        let store = try Store(url: folder.store)
        try store.timeline(home).insert([makePost(10_000), makePost(1)], at: .bottom)
        var renumbered = false
        // Each round goes right below the newest entry: 40 posts at a time, 30 rounds.
        for round in 0..<30 {
            let first = try store.timeline(home).run(around: nil, before: 0, after: 2).entries
            let ids = (0..<40).map { 9_999 - round * 40 - $0 }
            let result = try store.timeline(home).insert(ids.map { makePost($0) }, at: .between(newer: first[0].seq, older: first[1].seq))
            renumbered = renumbered || result.renumbered
        }
        XCTAssertTrue(renumbered, "30 rounds of 40 should exhaust the spacing at least once")
        let all = try store.timeline(home).run(around: nil, before: 0, after: 2_000).entries.compactMap(\.post).map { Int($0.id)! }
        XCTAssertEqual(all.count, 1_202)
        XCTAssertEqual(all.first, 10_000)
        XCTAssertEqual(all.last, 1)
        // Each round sits right below the newest, above the previous round.
        XCTAssertEqual(Array(all[1...40]), (0..<40).map { 9_999 - 29 * 40 - $0 })
    }

    func testGapsAreStoredBetweenPagesAndCanBeRemoved() throws {
        let folder = TemporaryFolder()
        let store = try Store(url: folder.store)
        try store.timeline(home).insert((1...20).reversed().map { makePost($0) }, at: .bottom)
        let gap = StoredGap(fromTop: URL(string: "https://x.example/a?max_id=50"), fromBottom: URL(string: "https://x.example/a?min_id=20"))
        let added = try store.timeline(home).insert((51...70).reversed().map { makePost($0) }, at: .top, gapBelow: gap).entries
        guard case .gap(let stored) = try XCTUnwrap(added.last) else { return XCTFail("no gap") }
        XCTAssertEqual(stored.fromTop, gap.fromTop)
        let run = try store.timeline(home).run(around: nil, before: 0, after: 100)
        XCTAssertEqual(run.entries.count, 41)
        XCTAssertNil(run.entries[20].post, "the gap sits between the two pages")
        try store.timeline(home).removeGap(stored)
        XCTAssertEqual(try store.timeline(home).run(around: nil, before: 0, after: 100).entries.count, 40)
    }

    func testPositionAndCursorsAreKeptPerTimeline() throws {
        let folder = TemporaryFolder()
        do {
            let store = try Store(url: folder.store)
            try store.timeline(home).saveCursors(older: URL(string: "https://x.example/next"), newer: nil, reachedEnd: false)
            try store.timeline(home).savePosition(anchorID: "42", offset: 3)
        }
        let reopened = try Store(url: folder.store)
        let state = try reopened.timeline(home).state()
        XCTAssertEqual(state.anchorID, "42")
        XCTAssertEqual(state.anchorOffset, 3)
        XCTAssertEqual(state.olderURL?.absoluteString, "https://x.example/next")
        XCTAssertEqual(try reopened.timeline(TimelineKey(account: "me", timeline: "local")).state(), TimelineState())
    }
}

final class StoreActionTests: XCTestCase {
    func testTheJournalKeepsTheLatestWishPerStatusInPressOrder() throws {
        let folder = TemporaryFolder()
        let store = try Store(url: folder.store)
        try store.account("me").enqueue(PendingAction(statusID: "1", kind: .favourite, wanted: true, confirmed: false))
        try store.account("me").enqueue(PendingAction(statusID: "2", kind: .bookmark, wanted: true, confirmed: false))
        try store.account("me").enqueue(PendingAction(statusID: "1", kind: .favourite, wanted: false, confirmed: true))
        try store.account("other").enqueue(PendingAction(statusID: "9", kind: .favourite, wanted: true, confirmed: false))
        let pending = try store.account("me").pendingActions()
        XCTAssertEqual(pending.map(\.statusID), ["2", "1"], "re-pressing moves a wish to the end")
        XCTAssertEqual(pending.last?.wanted, false)
        try store.account("me").settle(statusID: "1", kind: .favourite, confirmed: false)
        XCTAssertEqual(try store.account("me").pendingActions().map(\.statusID), ["2"], "confirmed as wanted: gone")
        try store.account("me").settle(statusID: pending[0].statusID, kind: pending[0].kind, confirmed: false)
        XCTAssertEqual(try store.account("me").pendingActions().first?.confirmed, false, "confirmed otherwise: kept")
    }

    /// A request marked as sent leaves the server's state in doubt until an answer is recorded, across a reopen.
    /// Every record writes its dates as seconds since 1970 (REAL), as the first schema did and as pruning
    /// compares them, not as GRDB's default text.
    func testDatesAreStoredAsSecondsInEveryTable() async throws {
        let folder = TemporaryFolder()
        let store = try Store(url: folder.store)
        let me = store.account("me"), at = Date(timeIntervalSince1970: 1_800_000_000)
        try me.timeline("home").insert([makePost(1)], at: .top, now: at)
        try me.enqueue(PendingAction(statusID: "1", kind: .favourite, wanted: true, confirmed: false), now: at)
        try me.hide(HiddenEntry(kind: .muted, target: "9", until: at))
        try await me.saveDraft(Draft(id: "d", text: "x"), now: at)
        try await me.saveThread("1", posts: [(makePost(1), 0)], now: at)
        try await me.saveProfile(Profile(account: Account(id: "9", acct: "z", displayName: "Z")), relationship: nil, now: at)
        try await me.saveLimits(PostingLimits(), now: at)
        try await store.pool.read { db in
            for (table, column) in [("post", "fetched_at"), ("post", "created_at"), ("journal", "created_at"), ("hidden", "until"),
                                    ("draft", "updated_at"), ("thread", "fetched_at"), ("profile", "fetched_at"), ("server_info", "fetched_at")] {
                XCTAssertEqual(try String.fetchOne(db, sql: "SELECT DISTINCT typeof(\(column)) FROM \(table)"), "real", "\(table).\(column)")
            }
            XCTAssertEqual(try Double.fetchOne(db, sql: "SELECT fetched_at FROM thread"), 1_800_000_000)
        }
    }

    func testASentRequestIsInDoubtUntilItsAnswerIsRecorded() throws {
        let folder = TemporaryFolder()
        var store: Store? = try Store(url: folder.store)
        try store!.account("me").enqueue(PendingAction(statusID: "5", kind: .bookmark, wanted: true, confirmed: false))
        try store!.account("me").markSent(statusID: "5", kind: .bookmark)
        store = nil
        let reopened = try Store(url: folder.store)
        XCTAssertEqual(try reopened.account("me").pendingActions().map(\.confirmed), [nil])
        // A new wish while in doubt keeps the doubt (the caller says so with confirmed nil).
        try reopened.account("me").enqueue(PendingAction(statusID: "5", kind: .bookmark, wanted: false, confirmed: nil))
        XCTAssertEqual(try reopened.account("me").pendingActions().map(\.confirmed), [nil])
        try reopened.account("me").settle(statusID: "5", kind: .bookmark, confirmed: true)
        XCTAssertEqual(try reopened.account("me").pendingActions().map(\.confirmed), [true])
        try reopened.account("me").settle(statusID: "5", kind: .bookmark, confirmed: false)
        XCTAssertEqual(try reopened.account("me").pendingActions(), [])
    }

    /// A second Tern on the same store is refused with a message naming the first, and gets in once the
    /// first has let go.
    func testASecondOpenerOfTheStoreIsRefusedWithTheHoldersName() throws {
        let folder = TemporaryFolder()
        var first: Store? = try Store(url: folder.store)
        XCTAssertThrowsError(try Store(url: folder.store)) { error in
            guard case .inUse(_, let holder) = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(holder.contains("\(getpid())"), holder)
            XCTAssertTrue("\(error)".contains("in use by another Tern"), "\(error)")
        }
        XCTAssertNotNil(first)
        first = nil
        XCTAssertNoThrow(try Store(url: folder.store))
    }

    /// `tern cache` only reads: it works beside a running Tern, which holds the store, and sees its posts.
    func testSizesAreReadBesideARunningTern() throws {
        let folder = TemporaryFolder()
        XCTAssertNil(try Store.stats(readingOnly: folder.store), "no store, nothing to read")
        let running = try Store(url: folder.store)
        try running.timeline(TimelineKey(account: "me", timeline: "home")).insert((1...30).reversed().map { makePost($0) }, at: .bottom)
        let read = try XCTUnwrap(try Store.stats(readingOnly: folder.store))
        XCTAssertEqual(read.posts, 30)
        XCTAssertEqual(read.timelines.map(\.entries), [30])
        XCTAssertGreaterThan(read.fileBytes, 0)
        XCTAssertThrowsError(try Store(url: folder.store), "the running Tern still holds the store for writers")
    }

    /// A read mark kept for a server that could not be told (done reading offline) is counted where the cache
    /// is (`tern cache`, `tern doctor`) until it is sent.
    func testReadMarksWaitingForTheServerAreCounted() async throws {
        let folder = TemporaryFolder()
        let store = try Store(url: folder.store)
        let data = store.account("me")
        XCTAssertEqual(try store.stats().unsentMarkers, 0)
        try await data.saveMarker("home", lastReadID: "30", unsent: true)
        try await data.saveMarker("catchup", lastReadID: "30", unsent: false)
        XCTAssertEqual(try store.stats().unsentMarkers, 1)
        XCTAssertEqual(try Store.stats(readingOnly: folder.store)?.unsentMarkers, 1)
        try await data.saveMarker("home", lastReadID: "30", unsent: false)
        XCTAssertEqual(try store.stats().unsentMarkers, 0, "sent: no longer waiting")
    }
}
