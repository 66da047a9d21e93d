import Foundation
import TernModel
import TernTerminal
@testable import TernUI
import XCTest

/// Custom emoji where the terminal has pixels: each `:shortcode:` of the post's (or the name's) emoji gives
/// way to two blank columns under a 2×1 picture, the rest of the line closing up; elsewhere the shortcode
/// stays as text.
final class EmojiLayoutTests: XCTestCase {
    private func post() -> Post {
        var author = Account(id: "a", acct: "ana", displayName: "Ana :tern:")
        author.emojis = [CustomEmoji(shortcode: "tern", url: "https://e.example/tern.png")]
        var p = Post(id: "1", statusID: "1", account: author, createdAt: Date(), content: StyledText(plain: "hi :tern: and :nope: :blob:!"))
        p.emojis = [CustomEmoji(shortcode: "tern", url: "https://e.example/tern.png"), CustomEmoji(shortcode: "blob", url: "https://e.example/b.png")]
        return p
    }

    private func text(_ line: [Segment]) -> String {
        var s = ""
        for seg in line.sorted(by: { $0.column < $1.column }) {
            while DisplayWidth.of(s) < seg.column { s += " " }
            s += seg.text.string
        }
        return s.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }

    func testWithPixelsEachShortcodeIsAPictureAndTheLineClosesUp() throws {
        var pictures = PictureLayout(avatars: false)
        pictures.pixels = true
        let l = RowLayout(row: .post(post()), width: 60, revealed: false, now: Date(), pictures: pictures)
        let emoji = l.media.filter(\.isEmoji)
        XCTAssertEqual(emoji.map(\.attachment.id), ["emoji:tern", "emoji:tern", "emoji:blob"], "the name's, then the text's")
        XCTAssertTrue(emoji.allSatisfy { $0.columns == 2 && $0.rows == 1 && $0.request?.columns == 2 && $0.request?.rows == 1 })
        let body = try XCTUnwrap(emoji.last)
        let line = text(l.lines[body.line])
        XCTAssertEqual(line.trimmingCharacters(in: .whitespaces), "hi    and :nope:   !", "an unknown shortcode stays text")
        let tern = try XCTUnwrap(emoji.dropFirst().first)
        XCTAssertEqual(tern.line, body.line)
        XCTAssertEqual(tern.column - l.lines[body.line].map(\.column).min()!, 3, "after \"hi \"")
        XCTAssertEqual(body.column - tern.column, 2 + " and :nope: ".count)
        XCTAssertFalse(text(l.lines[emoji[0].line]).contains(":tern:"), "the name's too")
        let header = l.lines[emoji[0].line]
        XCTAssertEqual(header.first { $0.role == .time }.map { $0.column + $0.text.width }, 2 + 58, "the time stays flush right")
    }

    func testWithoutPixelsTheShortcodesStayText() {
        let l = RowLayout(row: .post(post()), width: 60, revealed: false, now: Date(), pictures: PictureLayout(avatars: false))
        XCTAssertTrue(l.media.filter(\.isEmoji).isEmpty)
        XCTAssertTrue(l.lines.map(text).contains { $0.contains("hi :tern: and :nope: :blob:!") })
    }

    func testAWarningABoostersNameAndACustomReactionHaveTheirPicturesToo() {
        var p = post()
        p.spoilerText = "birds :tern:"
        var booster = Account(id: "b", acct: "bo", displayName: "Bo :blob:")
        booster.emojis = [CustomEmoji(shortcode: "blob", url: "https://e.example/b.png")]
        p.boostedBy = booster
        p.reactions = [Reaction(name: "👍", count: 1), Reaction(name: "blobcat", count: 2, url: "https://e.example/c.png")]
        var pictures = PictureLayout(avatars: false)
        pictures.pixels = true
        let l = RowLayout(row: .post(p), width: 60, revealed: true, now: Date(), pictures: pictures)
        let ids = l.media.filter(\.isEmoji).map(\.attachment.id)
        XCTAssertEqual(ids.first, "emoji:blob", "the booster's name first")
        XCTAssertTrue(ids.contains("emoji:blobcat"), "the custom reaction: \(ids)")
        XCTAssertEqual(ids.filter { $0 == "emoji:tern" }.count, 3, "the author's name, the warning and the text: \(ids)")
        XCTAssertFalse(l.lines.map(text).contains { $0.contains(":blobcat:") || $0.contains(":tern:") || $0.contains(":blob:") })
    }

    func testANotificationNamesItsPeopleWithTheirEmoji() {
        var cy = Account(id: "1", acct: "cy", displayName: "Cy :tern:")
        cy.emojis = [CustomEmoji(shortcode: "tern", url: "https://e.example/tern.png")]
        let group = NotificationGroup(id: "7", kind: .follow, accounts: [cy], count: 1, newestID: "7", oldestID: "7", latestAt: Date(),
                                      post: nil)
        var pictures = PictureLayout(avatars: false)
        pictures.pixels = true
        let l = RowLayout(row: .notification(group), width: 60, revealed: false, now: Date(), pictures: pictures)
        XCTAssertEqual(l.media.filter(\.isEmoji).map(\.line), [0])
        XCTAssertFalse(text(l.lines[0]).contains(":tern:"), text(l.lines[0]))
    }

    func testAPollsOptionsHaveTheirPictures() {
        var p = post()
        p.emojis = nil
        var poll = Poll(options: [.init(title: "tea :tern:", votes: 2), .init(title: "coffee", votes: 1)], votes: 3, expiresAt: nil,
                        expired: false, ownVotes: [])
        poll.emojis = [CustomEmoji(shortcode: "tern", url: "https://e.example/tern.png")]
        p.poll = poll
        var pictures = PictureLayout(avatars: false)
        pictures.pixels = true
        let l = RowLayout(row: .post(p), width: 60, revealed: false, now: Date(), pictures: pictures)
        let boxes = l.media.filter(\.isEmoji).dropFirst()   // the first is the author's name's
        XCTAssertEqual(boxes.count, 1)
        XCTAssertTrue(boxes.first.map { text(l.lines[$0.line]).contains("tea") && !text(l.lines[$0.line]).contains(":tern:") } == true)
    }
}
