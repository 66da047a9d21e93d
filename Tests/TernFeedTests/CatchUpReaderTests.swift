import Foundation
import TernFeed
import TernModel
import TernStore
import XCTest

/// A catch-up's window read from a real store file, a page at a time.
final class CatchUpReaderTests: XCTestCase {
    typealias F = CatchUpFixtures

    /// Home holds 40 posts, one every 5 minutes (id 1000 + i, the newest 5 minutes old), with a boost of a
    /// day-old post 12 minutes ago and a boost of it an hour and a half ago (below the hour's cut).
    private func stored(_ temp: TemporaryStore) throws -> (AccountData, [Post]) {
        let data = try temp.open().account("me@example.social")
        let people = (0..<5).map { F.person("p\($0)") }
        var posts = (0..<40).map { i in F.post("\(1040 - i)", by: people[i % 5], minutesAgo: 5 * (i + 1), likes: i) }
        let old = F.post("500", by: people[1], minutesAgo: 1_440, likes: 7)
        posts.insert(F.boost(old, id: "1038b", by: people[2]), at: 2)   // between 10 and 15 minutes old
        posts.insert(F.boost(old, id: "1023b", by: people[3]), at: 19)  // among the posts 85-90 minutes old
        try data.timeline(TimelineID.home.storageKey).insert(posts, at: .top)
        return (data, posts)
    }

    func testTheWindowSinceTheReadMarkIsReadInPages() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let (data, _) = try stored(temp)
        try data.timeline(TimelineID.home.storageKey).saveSeen("1030")
        var reader = CatchUpReader(data: data)
        reader.pageSize = 7
        reader.baseline = 5
        let marks = try await reader.marks()
        XCTAssertEqual(marks.readMark, "1030")
        XCTAssertNil(marks.lastCatchUp)
        let window = try reader.read(CatchUpBounds(.sinceReadMark, readMarkID: marks.readMark, lastCatchUpID: nil, now: F.now))
        XCTAssertEqual(window.entries.map(\.id), ["1040", "1039", "1038b", "1038", "1037", "1036", "1035", "1034", "1033", "1032", "1031"])
        XCTAssertEqual(window.older.map(\.statusID), ["1030", "1029", "1028", "1027", "1026"], "older posts up to the baseline")
        XCTAssertFalse(window.cut)
    }

    /// The posts past the window are read for their attention alone, from the stored JSON: each one's author
    /// and likes and boosts as the decoded post has them.
    func testOlderPostsAttentionIsTheDecodedPostsOwn() throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let (data, posts) = try stored(temp)
        let home = data.timeline(TimelineID.home.storageKey)
        let stored = try home.run(around: nil, before: 0, after: posts.count).entries
        let attention = try home.attention(from: try XCTUnwrap(stored.first?.seq), limit: posts.count)
        XCTAssertEqual(attention.count, stored.count)
        for (entry, read) in zip(stored, attention) {
            let post = try XCTUnwrap(entry.post)
            XCTAssertEqual(read, PostAttention(statusID: post.statusID, authorID: post.account.id, attention: post.favouritesCount + post.boostsCount))
        }
        XCTAssertTrue(attention.contains { $0.attention > 0 }, "the fixtures' posts drew some attention")
        XCTAssertEqual(try home.attention(from: stored[3].seq, limit: 2).map(\.statusID), stored[3...4].compactMap { $0.post?.statusID },
                       "from the entry given, down, at most the limit")
    }

    func testAGapInsideTheWindowIsCountedNotPassedOverSilently() throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let data = try temp.open().account("me@example.social")
        let home = data.timeline(TimelineID.home.storageKey)
        let ann = F.person("ann")
        try home.insert((0..<5).map { F.post("\(200 - $0)", by: ann, minutesAgo: 100 + $0) }, at: .top)
        // Newer posts fetched after a while away: the server had more between them and the older ones.
        try home.insert((0..<3).map { F.post("\(300 - $0)", by: ann, minutesAgo: 1 + $0) }, at: .top,
                        gapBelow: StoredGap(fromTop: URL(string: "https://example.social/api/v1/timelines/home?max_id=298"), fromBottom: nil))
        let all = try CatchUpReader(data: data).read(CatchUpBounds())
        XCTAssertEqual(all.entries.count, 8)
        XCTAssertEqual(all.gaps, 1)
        let recent = try CatchUpReader(data: data).read(CatchUpBounds(afterID: "298"))
        XCTAssertEqual(recent.gaps, 0, "the gap is below this window")
    }

    func testTheLastHourKeepsABoostOfAnOldPostThatCameInSince() throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let (data, _) = try stored(temp)
        var reader = CatchUpReader(data: data)
        reader.pageSize = 4
        let window = try reader.read(CatchUpBounds(.lastHours(1), readMarkID: nil, lastCatchUpID: nil, now: F.now))
        // 5 to 60 minutes old: 12 posts, and the boost 10-15 minutes ago; not the one 85-90 minutes ago.
        XCTAssertEqual(window.entries.count, 13)
        XCTAssertTrue(window.entries.contains { $0.id == "1038b" })
        XCTAssertFalse(window.entries.contains { $0.id == "1023b" })
        XCTAssertEqual(window.entries.last?.id, "1029")
    }

    func testAWindowPastTheLimitIsCutAndSaysSo() throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let (data, _) = try stored(temp)
        var reader = CatchUpReader(data: data)
        reader.limit = 10
        let window = try reader.read(CatchUpBounds())
        XCTAssertEqual(window.entries.count, 10)
        XCTAssertTrue(window.cut)
    }

    func testFinishingMovesTheReadMarkAndTheLastCatchUp() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let (data, _) = try stored(temp)
        let home = data.timeline(TimelineID.home.storageKey)
        try home.savePosition(anchorID: "1020", offset: 3, seenID: "1020")
        let reader = CatchUpReader(data: data)
        try await reader.finish(newestID: "1040")
        let state = try home.state()
        XCTAssertEqual(state.seenID, "1040")
        XCTAssertEqual(state.anchorID, "1020", "the place in Home stays")
        XCTAssertEqual(state.anchorOffset, 3)
        let marks = try await reader.marks()
        XCTAssertEqual(marks.lastCatchUp, "1040")
        let since = try reader.read(CatchUpBounds(.sinceLastCatchUp, readMarkID: nil, lastCatchUpID: marks.lastCatchUp, now: F.now))
        XCTAssertEqual(since.entries.map(\.id), [])
        try await reader.finish(newestID: "1035")
        XCTAssertEqual(try home.state().seenID, "1040", "an older catch-up never moves the read mark back")
    }
}
