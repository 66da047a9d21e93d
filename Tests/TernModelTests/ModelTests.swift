import Foundation
import TernModel
import XCTest

final class ModelTests: XCTestCase {
    func testRelativeTimeSteps() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        XCTAssertEqual(RelativeTime.short(from: now.addingTimeInterval(-2), now: now), "now")
        XCTAssertEqual(RelativeTime.short(from: now.addingTimeInterval(-42), now: now), "now", "no seconds: rows are laid out every 30 s")
        XCTAssertEqual(RelativeTime.short(from: now.addingTimeInterval(-61), now: now), "1m")
        XCTAssertEqual(RelativeTime.short(from: now.addingTimeInterval(-300), now: now), "5m")
        XCTAssertEqual(RelativeTime.short(from: now.addingTimeInterval(-3 * 3600), now: now), "3h")
        XCTAssertEqual(RelativeTime.short(from: now.addingTimeInterval(-2 * 86_400), now: now), "2d")
        XCTAssertEqual(RelativeTime.short(from: Date(timeIntervalSince1970: 1_700_000_000), now: now), "2023-11-14")
    }

    func testUTCTextMatchesFoundationsCalendar() {
        XCTAssertEqual(UTCText.instant(Date(timeIntervalSince1970: 1_700_000_000)), "2023-11-14T22:13:20Z")
        XCTAssertEqual(UTCText.day(Date(timeIntervalSince1970: 951_782_400)), "2000-02-29")
        XCTAssertEqual(UTCText.instant(Date(timeIntervalSince1970: -0.5)), "1969-12-31T23:59:59Z")
        // Absurd dates from a server: a placeholder, not a trap.
        XCTAssertEqual(UTCText.day(Date(timeIntervalSince1970: 1e300)), "?")
        XCTAssertEqual(UTCText.day(Date(timeIntervalSince1970: .nan)), "?")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        XCTAssertEqual(RelativeTime.short(from: Date(timeIntervalSince1970: -1e300), now: now), "?")
        XCTAssertEqual(RelativeTime.short(from: Date(timeIntervalSince1970: 1e300), now: now), "now")
        let seed = UInt64(Date().timeIntervalSince1970 * 1000)
        var random = SeededRandom(seed: seed)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for _ in 0..<500 {
            let date = Date(timeIntervalSince1970: Double.random(in: -2_000_000_000...4_000_000_000, using: &random))
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let expected = String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
            XCTAssertEqual(UTCText.instant(date), expected, "seed \(seed), \(date.timeIntervalSince1970)")
            XCTAssertEqual(UTCText.day(date), String(expected.prefix(10)), "seed \(seed)")
        }
    }

    func testStyledTextPlainTextAndLinks() {
        let t = StyledText(paragraphs: [
            [[.init("hi "), .init("@ann", style: .mention("https://x/@ann"))], [.init("second line")]],
            [[.init("#tag", style: .hashtag("https://x/tags/tag")), .init(" "), .init("site", style: .link("https://s"))]],
        ])
        XCTAssertEqual(t.plainText, "hi @ann\nsecond line\n\n#tag site")
        XCTAssertEqual(t.links, ["https://x/@ann", "https://x/tags/tag", "https://s"])
        XCTAssertEqual(StyledText(plain: "a\nb").plainText, "a\nb")
        XCTAssertEqual(StyledText(plain: "").paragraphs.count, 0)
    }

    func testAttachmentThumbnailSourceAndAspect() {
        let image = MediaAttachment(id: "1", kind: .image, url: "o", previewURL: nil, width: 1920, height: 1080)
        XCTAssertEqual(image.thumbnailURL, "o")
        XCTAssertEqual(image.aspectRatio ?? 0, 16.0 / 9.0, accuracy: 1e-9)
        let audio = MediaAttachment(id: "2", kind: .audio, url: "a.mp3", previewURL: nil)
        XCTAssertNil(audio.thumbnailURL, "no picture to fetch for audio without a preview")
        XCTAssertNil(audio.aspectRatio)
        XCTAssertEqual(Account(id: "1", acct: "ann", displayName: "").shownName, "ann")
    }

    /// `~` as the shell reads it: $HOME, not the password database's home; `~name` that user's home.
    func testTildeIsHomeAsTheShellHasIt() {
        let env = ["HOME": "/home/me"]
        XCTAssertEqual(HomePath.expand("~/cat.png", environment: env), "/home/me/cat.png")
        XCTAssertEqual(HomePath.expand("~", environment: env), "/home/me")
        XCTAssertEqual(HomePath.expand("/tmp/~x", environment: env), "/tmp/~x")
        XCTAssertEqual(HomePath.expand("~/a", environment: ["HOME": "/"]), "/a")
        XCTAssertEqual(HomePath.expand("~root/x", environment: env), "/root/x")
        XCTAssertEqual(HomePath.expand("~no-such-user-here/x", environment: env), "~no-such-user-here/x")
    }

}

/// What `+`'s "Another emoji…" takes: one emoji, or a shortcode with or without its colons.
final class ReactionNameTests: XCTestCase {
    func testOneEmojiOrAShortcodeIsAReactionAndAnythingElseIsNot() {
        XCTAssertEqual(Reaction.name(of: "🔥"), "🔥")
        XCTAssertEqual(Reaction.name(of: " 👍🏽 "), "👍🏽", "a skin tone is part of the one emoji")
        XCTAssertEqual(Reaction.name(of: "❤️"), "❤️", "a text-style symbol with its emoji selector")
        XCTAssertEqual(Reaction.name(of: ":blobcat:"), "blobcat")
        XCTAssertEqual(Reaction.name(of: "blob_cat-2"), "blob_cat-2")
        XCTAssertNil(Reaction.name(of: "🔥🔥"), "two emoji")
        XCTAssertNil(Reaction.name(of: "blob cat"))
        XCTAssertNil(Reaction.name(of: "::"))
        XCTAssertNil(Reaction.name(of: "é"), "a letter that is no emoji or shortcode")
        XCTAssertNil(Reaction.name(of: "1"), "a digit is an emoji only with its selector")
    }

    /// A reply starts from what the server sent (the author's handle, the people mentioned, the warning),
    /// which passes the sanitizer first: a hostile server's escape sequences were written into the reply,
    /// their ESC dropped and the rest kept ("@]0;pwned titleuser19…"), and sent back to it.
    func testAReplyToAHostilePostStartsClean() {
        let hostile = Account(id: "19", acct: "\u{1B}]0;pwned title\u{07}user19@fedi.example\u{1B}P+q544e\u{1B}\\", displayName: "Chen")
        let post = Post(id: "p1", statusID: "p1", account: hostile, createdAt: Date(), content: StyledText(plain: "hi"),
                        spoilerText: "\u{1B}[2J\u{1B}[Hlong post", mentions: ["\u{1B}]52;c;cHduZWQ=\u{07}user20", "user3"])
        let reply = Draft.reply(to: post, me: "user3")
        XCTAssertEqual(reply.text, "@user19@fedi.example @user20 ")
        XCTAssertEqual(reply.spoiler, "long post")
        XCTAssertEqual(Draft.quote(of: post).quoting, "user19@fedi.example")
        let edit = Draft.edit(of: post, text: "two\nlines\u{1B}[31m red", spoiler: "\u{1B}[6nwarn", now: Date())
        XCTAssertEqual(edit.text, "two\nlines red", "an edit keeps its line breaks and loses the sequences")
        XCTAssertEqual(edit.spoiler, "warn")
    }
}
