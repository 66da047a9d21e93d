import Foundation
import TernFeed
import TernModel
import TernTerminal
@testable import TernUI
import XCTest

final class LayoutTests: XCTestCase {
    func text(_ lines: [[Segment]]) -> [String] {
        lines.map { line in
            var s = ""
            for seg in line {
                while DisplayWidth.of(s) < seg.column { s += " " }
                s += seg.text.string
            }
            return s
        }
    }

    func testWordsWrapAtSpacesAndLongWordsAreCut() {
        let lines = TextWrap.wrap([("the quick brown fox jumps", .text)], width: 10)
        XCTAssertEqual(text(lines), ["the quick", "brown fox", "jumps"])
        XCTAssertEqual(text(TextWrap.wrap([("abcdefghijklmnop", .text)], width: 6)), ["abcdef", "ghijkl", "mnop"])
    }

    func testCJKBreaksBetweenCharactersByWidth() {
        let lines = TextWrap.wrap([("今日はいい天気ですね", .text)], width: 7)
        XCTAssertEqual(text(lines), ["今日は", "いい天", "気です", "ね"])
        for l in lines { XCTAssertLessThanOrEqual(l.map { $0.column + $0.text.width }.max() ?? 0, 7) }
    }

    func testStylesKeepTheirColumns() {
        let lines = TextWrap.wrap([("see ", .text), ("#cats", .hashtag), (" now", .text)], width: 40)
        XCTAssertEqual(lines.count, 1)
        XCTAssertEqual(lines[0].map(\.role), [.text, .hashtag, .text])
        XCTAssertEqual(lines[0][1].column, 4)
    }

    func testHostileTextIsSanitizedInLayout() {
        let lines = TextWrap.wrap([("a\u{1B}[2Jb \u{202E}c", .text)], width: 40)
        XCTAssertEqual(text(lines), ["ab c"])
    }

    func testPostLayoutHasHeaderContentThumbnailsAndFooter() {
        let post = Post(id: "1", statusID: "1", account: Account(id: "a", acct: "ann@ex.social", displayName: "Ann"),
                        createdAt: Date().addingTimeInterval(-300), content: StyledText(plain: "hello world"),
                        media: [MediaAttachment(id: "m", kind: .image, url: "http://x/o.jpg", previewURL: "http://x/s.jpg",
                                                blurhash: nil, width: 1600, height: 800)],
                        favouritesCount: 3, favourited: true)
        let l = RowLayout(row: .post(post), width: 80, revealed: false, now: Date(), pictures: PictureLayout(rows: 8))
        let t = text(l.lines)
        XCTAssertTrue(t[0].hasPrefix("  Ann @ann@ex.social"))
        XCTAssertTrue(t[0].hasSuffix("5m"))
        XCTAssertEqual(t[1], "  hello world")
        XCTAssertEqual(l.media.count, 1)
        XCTAssertEqual(l.media[0].rows, 8)
        XCTAssertEqual(l.media[0].columns, 28, "a 2:1 picture, shown no wider than 16:9, in 8 rows of 1:2 cells")
        XCTAssertEqual(l.media[0].request?.url, "http://x/s.jpg")
        XCTAssertTrue(t[2 + 8].contains("★ 3 liked"))
        XCTAssertEqual(l.height, 2 + 8 + 2)
    }

    func testContentWarningHidesContentUntilRevealed() {
        let post = Post(id: "1", statusID: "1", account: Account(id: "a", acct: "a", displayName: "A"), createdAt: Date(),
                        content: StyledText(plain: "secret"), spoilerText: "spoilers")
        XCTAssertFalse(text(RowLayout(row: .post(post), width: 60, revealed: false, now: Date()).lines).joined().contains("secret"))
        XCTAssertTrue(text(RowLayout(row: .post(post), width: 60, revealed: true, now: Date()).lines).joined().contains("secret"))
    }

    /// The shipped theme file and the built-in theme are the same theme.
    func testShippedDefaultThemeMatchesTheBuiltInOne() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("themes/default.toml")
        let theme = try Theme.parse(toml: String(contentsOf: url, encoding: .utf8))
        XCTAssertEqual(theme, Theme.builtIn)
        XCTAssertThrowsError(try Theme.parse(toml: "[roles]\nnmae = { bold = true }"))
        XCTAssertThrowsError(try Theme.parse(toml: "[roles]\nname = { fg = \"chartreuse\" }"))
    }

    /// A search's spinner turns at each draw: its line is laid out anew (the rest of the list comes from the
    /// cache; forgetting every layout ten times a second was how it turned before).
    func testTheSpinnerTurnsWithoutForgettingTheOtherLayouts() {
        let renderer = FrameRenderer(theme: .builtIn)
        let t0 = Date(timeIntervalSinceReferenceDate: 1_000)
        let busy = FeedRow.found(.progress("Searching example.social…", busy: true))
        func first(_ l: RowLayout) -> String { l.lines.first?.map(\.text.string).joined() ?? "" }
        let a = first(renderer.layout(busy, width: 80, revealed: false, now: t0))
        let b = first(renderer.layout(busy, width: 80, revealed: false, now: t0.addingTimeInterval(0.1)))
        XCTAssertNotEqual(a, b, "the spinner stood still: \(a)")
        XCTAssertTrue(b.contains("Searching example.social…"), b)
    }
}

extension LayoutTests {
    /// A profile's counts are singular for one ("1 followers" was drawn).
    func testAProfileWithOneFollowerSaysFollower() {
        let one = Profile(account: Account(id: "a", acct: "ann@ex.social", displayName: "Ann"), followers: 1, following: 1, posts: 1)
        let l = RowLayout(row: .profile(one, nil, followPending: false), width: 80, revealed: false, now: Date(), pictures: PictureLayout(rows: 8))
        let shown = text(l.lines).joined(separator: "\n")
        XCTAssertTrue(shown.contains("1 post · 1 following · 1 follower"), shown)
        XCTAssertFalse(shown.contains("followers") || shown.contains("1 posts"), shown)
    }

    /// A profile opened offline from a post's author alone has no counts: they are said not fetched, not zeros
    /// (a new user read "0 posts · 0 following · 0 followers" for someone with thousands).
    func testAProfileWhoseCountsAreNotKnownSaysSoRatherThanZeros() {
        var bare = Profile(account: Account(id: "a", acct: "ann@ex.social", displayName: "Ann"))
        bare.countsKnown = false
        let l = RowLayout(row: .profile(bare, nil, followPending: false), width: 80, revealed: false, now: Date(), pictures: PictureLayout(rows: 8))
        let shown = text(l.lines).joined(separator: "\n")
        XCTAssertTrue(shown.contains("posts and followers not fetched yet"), shown)
        XCTAssertFalse(shown.contains("0 posts"), shown)
    }

    /// Rows laid out between two forgettings of the layouts say their ages as of one moment: the same post on
    /// two screens laid out 40 s apart says one age (a new user saw "now" in Direct messages and "29s" in
    /// its thread), and the next relayout moves every age on together.
    func testTwoScreensLaidOutApartSayOneAge() {
        let renderer = FrameRenderer(theme: .builtIn)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let post = Post(id: "9", statusID: "9", account: Account(id: "a", acct: "ann", displayName: "Ann"), createdAt: start.addingTimeInterval(-50),
                        content: StyledText(plain: "hello"))
        var boost = post
        boost.id = "b9"
        boost.boostedBy = Account(id: "b", acct: "bo", displayName: "Bo")
        let first = renderer.layout(.post(post), width: 80, revealed: false, now: start)
        let later = renderer.layout(.post(boost), width: 80, revealed: false, now: start.addingTimeInterval(40))
        let (a, b) = (text(first.lines).joined(separator: "\n"), text(later.lines).joined(separator: "\n"))
        XCTAssertTrue(a.contains("now") && b.contains("now"), "one age for both:\n\(a)\n--\n\(b)")
        renderer.invalidateLayouts()
        let moved = text(renderer.layout(.post(post), width: 80, revealed: false, now: start.addingTimeInterval(40)).lines).joined(separator: "\n")
        XCTAssertTrue(moved.contains("1m"), moved)
    }
}
