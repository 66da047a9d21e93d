import Foundation
import TernMastodon
import TernFeed
import TernModel
import TernTerminal
@testable import TernUI
import XCTest

/// Real posts from the corpus with polls, cards, edits and sensitive media, laid out as the list draws them.
final class RichPostLayoutTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus")

    func post(_ path: String) throws -> Post {
        let url = Self.corpus.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else { throw XCTSkip("../shared/corpus is absent") }
        return try MastodonDecoder.post(fromJSON: Data(contentsOf: url))
    }

    func text(_ layout: RowLayout) -> [String] {
        layout.lines.map { line in
            var s = ""
            for seg in line {
                while DisplayWidth.of(s) < seg.column { s += " " }
                s += seg.text.string
            }
            return s
        }
    }

    func testPollShowsTotalsBarsAndOwnVotes() throws {
        let p = try post("mastodon.social_mastodonpy/status_poll.json")
        let t = text(RowLayout(row: .post(p), width: 100, revealed: false, now: Date()))
        XCTAssertTrue(t.contains { $0.contains("▤ Poll · 64 votes · closed") }, t.joined(separator: "\n"))
        // 25 of 64 votes: 39 %, four of ten bar cells; the user voted for it.
        XCTAssertTrue(t.contains { $0.contains("▰▰▰▰▱▱▱▱▱▱  39%") && $0.contains(":hecker: ✓") }, t.joined(separator: "\n"))
        XCTAssertTrue(t.contains { $0.contains("real") && !$0.contains("✓") })
        XCTAssertTrue(t[0].contains("✎"), "edited posts are marked: \(t[0])")
    }

    func testCardShowsTitleAndProvider() throws {
        let p = try post("mastodon.social_mastodonpy/status_card.json")
        let card = try XCTUnwrap(p.card)
        let t = text(RowLayout(row: .post(p), width: 120, revealed: false, now: Date()))
        XCTAssertTrue(t.contains { $0.contains("↗ " + card.title.prefix(20)) && $0.contains("· \(card.provider)") }, t.joined(separator: "\n"))
        // The page's description, under its title, two lines at most.
        let summary = try XCTUnwrap(card.summary, "the server sent the page's description")
        let title = try XCTUnwrap(t.firstIndex { $0.contains("↗ " + card.title.prefix(20)) })
        XCTAssertTrue(t[title + 1].contains("←ここすき mayolazrbeam"), "its lines run on, one paragraph: " + t.joined(separator: "\n"))
        XCTAssertTrue(summary.hasPrefix("←ここすき"))
    }

    /// The card's picture shows as a thumbnail under its words, shaped as the server measured it; with
    /// pictures off there is none, and a card that has no picture (or no size) still lays out.
    func testACardsPictureIsAThumbnailUnderItsWords() throws {
        let p = try post("other-servers_tootsdk/post_edited.json")
        let card = try XCTUnwrap(p.card)
        let image = try XCTUnwrap(card.image, "the server sent the page's picture")
        XCTAssertEqual(card.imageAspect, 1, "1400 × 1400")
        let layout = RowLayout(row: .post(p), width: 100, revealed: true, now: Date())
        let box = try XCTUnwrap(layout.media.first { $0.attachment.id == "card:" + p.id }, "\(layout.media)")
        XCTAssertEqual(box.request?.url, image)
        XCTAssertEqual(box.columns, box.rows * 2, "square: twice as many columns as rows")
        let t = text(layout)
        let title = try XCTUnwrap(t.firstIndex { $0.contains("↗ ") }, t.joined(separator: "\n"))
        XCTAssertGreaterThan(box.line, title, "under the card's title")
        let off = RowLayout(row: .post(p), width: 100, revealed: true, now: Date(), pictures: PictureLayout(off: true))
        XCTAssertFalse(off.media.contains { $0.attachment.id.hasPrefix("card:") })
        // Akkoma's card gives a picture without its size: a wide shape is assumed.
        let akkoma = try post("other-servers_tootsdk/post_akkoma_quote.json")
        XCTAssertNil(akkoma.card?.imageAspect)
        let wide = RowLayout(row: .post(akkoma), width: 100, revealed: true, now: Date())
        if let b = wide.media.first(where: { $0.attachment.id.hasPrefix("card:") }) { XCTAssertGreaterThan(b.columns, b.rows * 2) }
        else { XCTFail("Akkoma's card picture is not laid out: \(wide.media)") }
    }

    func testSensitiveMediaAreOnlyBlurredUntilRevealed() throws {
        let p = try post("mastodon.social_mastodonpy/status_media_image.json")
        XCTAssertTrue(p.sensitive, "the server marked this one sensitive")
        let hidden = RowLayout(row: .post(p), width: 100, revealed: false, now: Date())
        let pictures = hidden.media.filter { !$0.isAvatar }
        XCTAssertFalse(pictures.isEmpty)
        XCTAssertTrue(pictures.allSatisfy { $0.request == nil }, "nothing is downloaded for hidden media")
        XCTAssertTrue(pictures.allSatisfy { $0.blurKey?.url.hasPrefix("blurhash:") == true })
        XCTAssertTrue(text(hidden).contains { $0.contains("sensitive media") })
        let shown = RowLayout(row: .post(p), width: 100, revealed: true, now: Date())
        XCTAssertTrue(shown.media.filter { !$0.isAvatar }.allSatisfy { $0.request != nil && $0.blurKey == nil })
    }

    func testAltTextIsShownUnderThePictures() throws {
        let p = try post("mastodon.social_mastodonpy/status_media_image.json")
        let alt = try XCTUnwrap(p.media.compactMap(\.description).first { !$0.isEmpty })
        let t = text(RowLayout(row: .post(p), width: 200, revealed: true, now: Date()))
        XCTAssertTrue(t.contains { $0.contains("alt: " + alt.prefix(30)) }, t.joined(separator: "\n"))
    }
}
