import Foundation
import TernMastodon
import TernModel
import XCTest

/// Emoji reactions as Akkoma and Pleroma send them (`pleroma.emoji_reactions`) and as Fedibird does (at the
/// top level): each with its count and whether it is the user's own, a custom one with its picture. One
/// without a name is dropped, never the post; a server without reactions leaves them nil.
final class ReactionDecodingTests: XCTestCase {
    private func post(_ fields: String) throws -> Post {
        let json = #"{"id": "1", "created_at": "2026-01-01T00:00:00Z", "content": "<p>hi</p>", "account": {"id": "a", "acct": "ann"}"#
            + fields + "}"
        return try MastodonDecoder.post(fromJSON: Data(json.utf8))
    }

    func testAkkomaFedibirdAndNone() throws {
        let akkoma = try post(#", "pleroma": {"local": true, "emoji_reactions": [{"name": "👍", "count": 3, "me": true}, "#
                              + #"{"name": "blobcat", "count": "2", "me": false, "url": "https://ak.example/emoji/blobcat.png"}, "#
                              + #"{"count": 9}]}"#)
        XCTAssertEqual(akkoma.reactions, [Reaction(name: "👍", count: 3, me: true),
                                          Reaction(name: "blobcat", count: 2, url: "https://ak.example/emoji/blobcat.png")])
        XCTAssertEqual(akkoma.reactions?.map(\.label), ["👍", ":blobcat:"])
        let fedibird = try post(#", "emoji_reactions": [{"name": "🎉", "count": 1, "me": false, "accounts": []}]"#)
        XCTAssertEqual(fedibird.reactions, [Reaction(name: "🎉", count: 1)])
        XCTAssertNil(try post("").reactions)
        XCTAssertNil(try post(#", "pleroma": {"emoji_reactions": "odd"}"#).reactions, "a malformed list costs only itself")
        // The corpus's Akkoma post has an empty list: reactions known, none made.
        let real = try MastodonDecoder.post(fromJSON: try CorpusTests.file("other-servers_tootsdk/post_akkoma_quote.json"))
        XCTAssertEqual(real.reactions, [])
    }
}

/// A real status with a custom emoji in its text and its author's name: both lists decode, with their
/// still pictures.
final class CustomEmojiDecodingTests: XCTestCase {
    func testARecordedStatusCarriesItsAndItsAuthorsEmoji() throws {
        let post = try MastodonDecoder.post(fromJSON: try CorpusTests.file("mastodon.social_mastodonpy/status_custom_emojis.json"))
        XCTAssertEqual(post.emojis?.map(\.shortcode), ["trans_heart"])
        XCTAssertTrue(post.content.plainText.contains(":trans_heart:"))
        XCTAssertEqual(post.account.emojis?.map(\.shortcode), ["icosahedron"])
        XCTAssertTrue(post.emojis?.allSatisfy { $0.url.hasPrefix("https://") } == true)
        let odd = #"{"id":"1","created_at":"2025-01-01T00:00:00Z","content":"<p>:a:</p>","account":{"id":"1","acct":"a","username":"a"},"emojis":[{"shortcode":"a"},{"url":"x"},{"shortcode":"b","url":"https://e/b.png"}]}"#
        XCTAssertEqual(try MastodonDecoder.post(fromJSON: Data(odd.utf8)).emojis, [CustomEmoji(shortcode: "b", url: "https://e/b.png")],
                       "an emoji without a picture or a shortcode is none")
    }
}
