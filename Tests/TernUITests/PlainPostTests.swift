import Foundation
import TernModel
import TernTerminal
@testable import TernUI
import XCTest

final class PlainPostTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// A hostile post prints as words: its escapes and bidi overrides are gone, its lines fit, its address is whole.
    func testAHostilePostPrintsAsCleanWrappedWords() {
        var post = Post(id: "1", statusID: "1", account: Account(id: "9", acct: "eve", displayName: "Eve\u{1B}]0;owned\u{07}\u{202E}evE"),
                        createdAt: now.addingTimeInterval(-120),
                        content: StyledText(paragraphs: [[[StyledText.Run("\u{1B}[2J" + String(repeating: "word ", count: 40)),
                                                           StyledText.Run("link", style: .link("https://example.net/" + String(repeating: "a", count: 90)))]]]),
                        spoilerText: "spoilers", url: "https://example.net/@eve/1")
        post.repliesCount = 1
        post.media = [MediaAttachment(id: "m", kind: .image, url: "https://x/1.png", previewURL: "https://x/1s.png", description: "")]
        let lines = PlainPost.lines(post, width: 40, now: now)
        let text = lines.joined(separator: "\n")
        XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E }, text)
        XCTAssertTrue(lines[0].hasPrefix("Eve"), lines[0])
        XCTAssertTrue(lines[0].hasSuffix("(@eve), 2m ago"), lines[0])
        XCTAssertEqual(lines[1], "Content warning: spoilers")
        XCTAssertTrue(lines.contains("[Picture: no description]"))
        XCTAssertTrue(lines.contains("Link: https://example.net/" + String(repeating: "a", count: 90)), "an address stays whole")
        XCTAssertTrue(lines.filter { !$0.contains("://") }.allSatisfy { $0.count <= 40 }, "\(lines)")
        XCTAssertEqual(lines.last, "1 reply, 0 boosts, 0 likes")
    }

    /// Text without spaces (Chinese, Japanese) wraps between characters, as on the screen.
    func testCJKWrapsWithinTheWidth() {
        let lines = PlainPost.wrap(String(repeating: "周末去了山里空气很好", count: 10), width: 30)
        XCTAssertGreaterThan(lines.count, 1)
        XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0) <= 30 }, "\(lines)")
        XCTAssertEqual(lines.joined(), String(repeating: "周末去了山里空气很好", count: 10))
    }

    /// Reactions print as words too, a custom emoji by its shortcode and the user's own said so.
    func testReactionsPrintWithTheirCounts() {
        var post = Post(id: "1", statusID: "1", account: Account(id: "9", acct: "ann", displayName: "Ann"), createdAt: now,
                        content: StyledText(paragraphs: [[[StyledText.Run("hi")]]]))
        post.reactions = [Reaction(name: "👍", count: 3, me: true), Reaction(name: "blobcat\u{1B}[2J", count: 1, url: "https://x/b.png")]
        let lines = PlainPost.lines(post, width: 60, now: now)
        XCTAssertTrue(lines.contains("Reactions: 👍 3 (yours), :blobcat: 1"), "\(lines)")
        XCTAssertEqual(lines.first, "Ann (@ann), just now", "not \"now ago\"")
        post.createdAt = now.addingTimeInterval(-30 * 86_400)
        XCTAssertEqual(PlainPost.lines(post, width: 60, now: now).first, "Ann (@ann), on " + RelativeTime.short(from: post.createdAt, now: now),
                       "a date, not \"2026-12-16 ago\"")
        XCTAssertFalse(RelativeTime.short(from: post.createdAt, now: now).hasSuffix("d"), "the short form names the day")
    }

    /// A web feed's item prints its title on a line of its own, then its text, as a post's paragraphs
    /// print: not run together on one line.
    func testAFeedItemsTitleIsALineOfItsOwnAboveItsText() {
        let post = Post(id: "1", statusID: "1", account: Account(id: "feed:1", acct: "blog.example", displayName: "A blog"), createdAt: now,
                        content: StyledText(paragraphs: [[[StyledText.Run("Release 2.0 is out", style: .strong)]],
                                                         [[StyledText.Run("by Ann", style: .emphasis)]],
                                                         [[StyledText.Run("Item 18: words\u{1B}[2J, a link.")]]]))
        let lines = PlainPost.lines(post, width: 60, now: now)
        XCTAssertEqual(Array(lines[1...5]), ["Release 2.0 is out", "", "by Ann", "", "Item 18: words, a link."], "\(lines)")
    }
}
