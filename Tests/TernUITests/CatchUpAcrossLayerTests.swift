import Foundation
import TernFeed
import TernModel
@testable import TernTerminal
@testable import TernUI
import XCTest

/// Catch-up across accounts (`C` from the inbox) as its screen takes it: each account's window as it
/// comes, shown once all have, each row naming its account; a post's marks, done reading and Esc during the
/// fetch go to the accounts they concern; each account's marks waiting for its server land on its posts only.
final class CatchUpAcrossLayerTests: XCTestCase {
    let accounts = ["ada@one", "bo@two"]

    /// Fixed people and posts (as `CatchUpFixtures` in the feed's tests).
    enum F {
        static let now = Date(timeIntervalSince1970: 1_800_000_000)
        static func person(_ id: String, _ name: String) -> Account { Account(id: id, acct: id, displayName: name) }
        static func post(_ id: String, by author: Account, minutesAgo: Int, likes: Int) -> Post {
            Post(id: id, statusID: id, account: author, createdAt: now.addingTimeInterval(-Double(minutesAgo) * 60),
                 content: StyledText(plain: "words of \(author.displayName)"), favouritesCount: likes)
        }
    }

    /// Each account's window: on both servers a status "110", by different people.
    func load(_ account: String) -> CatchUpLoad {
        let entries = account == "ada@one"
            ? [F.post("110", by: F.person("ann", "Ann Lee"), minutesAgo: 5, likes: 20), F.post("100", by: F.person("loud", "Loud Co"), minutesAgo: 9, likes: 40)]
            : [F.post("110", by: F.person("bo", "Bo"), minutesAgo: 2, likes: 3)]
        let pool = CatchUpPool(entries: entries, usual: AuthorUsual(entries), sieve: CatchUpSieve(hidden: [], filters: nil, now: F.now), followedTags: [])
        return CatchUpLoad(window: .sinceReadMark, pool: pool)
    }

    func env(_ account: String = "ada@one") -> LayerEnv {
        var e = LayerEnv(rows: 24, columns: 110, now: F.now, renderer: FrameRenderer(theme: .builtIn))
        e.activeAccount = account
        return e
    }

    func testTheAccountsWindowsShowOnceAllCameEachRowNamingItsAccount() throws {
        var layer = CatchUpLayer(nil, across: true)
        XCTAssertEqual(layer.load, .loadCatchUpAcross(.sinceReadMark))
        // The fetch's progress, summed over the accounts.
        _ = layer.receive(.catchUpFetching(.sinceReadMark, CatchUpFetch.Progress(posts: 40, pages: 1), account: "ada@one"), env())
        _ = layer.receive(.catchUpFetching(.sinceReadMark, CatchUpFetch.Progress(posts: 20, pages: 1), account: "bo@two"), env())
        XCTAssertEqual(layer.fetching, CatchUpFetch.Progress(posts: 60, pages: 2))
        XCTAssertEqual(layer.update(.escape, env()), [.asAccount("ada@one", [.stopCatchUpFetch]), .asAccount("bo@two", [.stopCatchUpFetch])],
                       "Esc stops every account's fetch")

        _ = layer.receive(.catchUpOf(account: "ada@one", among: accounts, .sinceReadMark, load("ada@one"), failure: nil), env())
        XCTAssertNil(layer.loaded, "not shown until every account has answered")
        _ = layer.receive(.catchUpOf(account: "bo@two", among: accounts, .sinceReadMark, load("bo@two"), failure: nil), env())
        let loaded = try XCTUnwrap(layer.loaded)
        XCTAssertEqual(loaded.pool.items.count, 3, "the same status id on two servers is two rows")
        let rows = try renderedLines(layer, env())
        XCTAssertTrue(rows[0].contains("Catch-up across accounts · since the read mark · stand-outs · Esc back"), rows[0])
        let bo = try XCTUnwrap(rows.first { $0.contains("Bo") }, rows.joined(separator: "\n"))
        XCTAssertTrue(bo.contains("bo@two") && bo.contains("☆ 3"), bo)
        XCTAssertTrue(rows.contains { $0.contains("ada@one") && $0.contains("Ann Lee") }, rows.joined(separator: "\n"))

        // Bo's post: liked as bo@two; done reading moves each account's mark to its own newest post.
        while layer.selectedAccount != "bo@two" { _ = layer.update(.character("j"), env()) }
        let boPost = try XCTUnwrap(layer.selectedPost)
        XCTAssertEqual(layer.update(.character("f"), env()), [.asAccount("bo@two", [.markPost(.favourite, boPost, wanted: true)])])
        XCTAssertEqual(layer.update(.character("x"), env()),
                       [.asAccount("ada@one", [.finishCatchUp(newestID: "110")]), .asAccount("bo@two", [.finishCatchUp(newestID: "110")])])
    }

    func testEachAccountsMarksLandOnItsOwnPostsAndASnapshotOnTheScreensAccounts() throws {
        var layer = CatchUpLayer(nil, across: true)
        for account in accounts {
            _ = layer.receive(.catchUpOf(account: account, among: accounts, .sinceReadMark, load(account), failure: nil), env())
        }
        let liked: @Sendable (Post) -> Post = { post in
            var p = post
            p.favourited = true
            return p
        }
        // bo@two's marks (heard on ada@one's screen, named) go on bo@two's "110" alone, not on ada@one's.
        _ = layer.receive(.postMarks(overlay: liked, account: "bo@two"), env())
        let items = try XCTUnwrap(layer.loaded?.pool.items)
        let shown = Dictionary(uniqueKeysWithValues: items.map { ($0.id, layer.shown($0).post.favourited) })
        XCTAssertEqual(shown, ["ada@one\u{1F}110": false, "ada@one\u{1F}100": false, "bo@two\u{1F}110": true])
        // The screen's own session's first marks (no name) are ada@one's, and go on all of its posts, as bo@two's did.
        let saved: @Sendable (Post) -> Post = { post in
            var p = post
            p.bookmarked = true
            return p
        }
        _ = layer.receive(.postMarks(overlay: saved), env("ada@one"))
        let savedNow = Dictionary(uniqueKeysWithValues: items.map { ($0.id, layer.shown($0).post.bookmarked) })
        XCTAssertEqual(savedNow, ["ada@one\u{1F}110": true, "ada@one\u{1F}100": true, "bo@two\u{1F}110": false])
        // A list's snapshot on ada@one's stack is ada@one's: its "110" takes the count, bo@two's does not.
        var copy = try XCTUnwrap(items.first { $0.account == "ada@one" && $0.post.statusID == "110" }?.post)
        copy.favouritesCount = 99
        _ = layer.receive(.snapshot(FeedSnapshot(TimelineSnapshot(version: 2, timeline: .home, posts: [copy]))), env("ada@one"))
        let counts = Dictionary(uniqueKeysWithValues: items.map { ($0.id, layer.shown($0).post.favouritesCount) })
        XCTAssertEqual(counts["ada@one\u{1F}110"], 99)
        XCTAssertEqual(counts["bo@two\u{1F}110"], 3)
    }

    func testAnAccountThatCouldNotBeReadIsNamedAndTheOthersShown() throws {
        var layer = CatchUpLayer(nil, across: true)
        _ = layer.receive(.catchUpOf(account: "ada@one", among: accounts, .sinceReadMark, nil, failure: "disk I/O error"), env())
        _ = layer.receive(.catchUpOf(account: "bo@two", among: accounts, .sinceReadMark, load("bo@two"), failure: nil), env())
        XCTAssertEqual(layer.loaded?.pool.items.count, 1)
        XCTAssertTrue(try renderedLines(layer, env()).contains { $0.contains("ada@one: could not be read: disk I/O error") })
    }

    /// An empty window that came while the server was away is fetched again once it answers (a new user's
    /// screen stayed empty after the server came back); one that came empty with the server there is not.
    func testAnEmptyWindowFromWhileTheServerWasAwayIsFetchedAgainOnItsReturn() throws {
        var away = env()
        away.offline = true
        let empty = CatchUpLoad(window: .lastHours(4), pool: CatchUpPool(entries: [], usual: AuthorUsual([]),
                                                                        sieve: CatchUpSieve(hidden: [], filters: nil, now: F.now), followedTags: []))
        var layer = CatchUpLayer(CatchUpChoices(window: .lastHours(4), order: NewestOrder().name, kinds: [], grouped: false))
        _ = layer.receive(.catchUp(.lastHours(4), empty, failure: nil), away)
        XCTAssertEqual(layer.settle(away), [], "still away: nothing asked")
        let status = try XCTUnwrap(try renderedLines(layer, away).last)
        XCTAssertTrue(status.hasPrefix(" offline"), "the status line says the server is away: \(status)")
        XCTAssertEqual(layer.settle(env()), [.loadCatchUp(.lastHours(4))], "the server back: fetched again")
        XCTAssertEqual(layer.settle(env()), [], "once")

        var there = CatchUpLayer(CatchUpChoices(window: .lastHours(4), order: NewestOrder().name, kinds: [], grouped: false))
        _ = there.receive(.catchUp(.lastHours(4), empty, failure: nil), env())
        XCTAssertEqual(there.settle(env()), [])
    }

    /// A post that came into the window only as a boost says the boost's age, not the post's (a boost made in
    /// the last hour of a post two days old read "· 2d").
    func testABoostOnlyRowSaysTheBoostsAge() throws {
        var boost = F.post("900", by: F.person("ann", "Ann Lee"), minutesAgo: 2 * 24 * 60, likes: 4)
        (boost.id, boost.boostedBy, boost.boostedAt) = ("950", F.person("bo", "Bo"), F.now.addingTimeInterval(-3 * 60))
        let pool = CatchUpPool(entries: [boost], usual: AuthorUsual([boost]), sieve: CatchUpSieve(hidden: [], filters: nil, now: F.now), followedTags: [])
        var layer = CatchUpLayer()
        _ = layer.receive(.catchUp(.sinceReadMark, CatchUpLoad(window: .sinceReadMark, pool: pool), failure: nil), env())
        let row = try XCTUnwrap(try renderedLines(layer, env()).first { $0.contains("Ann Lee") })
        XCTAssertTrue(row.trimmingCharacters(in: .whitespaces).hasSuffix("↩ 0 · 3m"), row)
    }
}
