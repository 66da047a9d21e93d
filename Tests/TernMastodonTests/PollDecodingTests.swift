import Foundation
import TernMastodon
import TernModel
import XCTest

/// Polls as real servers send them (../shared/corpus): what voting needs (the poll's id, one answer or
/// several, whether the user voted and for what) is read from a vote's answer, a poll alone and a post's.
final class PollDecodingTests: XCTestCase {
    func testAVotesAnswerFromMastodon464() throws {
        let poll = try MastodonDecoder.poll(fromJSON: try CorpusTests.file("mastodon-4.6.4-localdev_mastodonpy/poll_vote_response.json"))
        XCTAssertEqual(poll.id, "1")
        XCTAssertEqual(poll.multiple, true)
        XCTAssertTrue(poll.hasVoted)
        XCTAssertEqual(poll.ownVotes, [1])
        XCTAssertEqual(poll.options.map(\.title), ["four twenty", "sixty-nine"])
        XCTAssertEqual(poll.options.map(\.votes), [0, 1])
        XCTAssertFalse(poll.open(now: Date(timeIntervalSince1970: 0)), "voted already: nothing more to vote")
    }

    func testThePollOfAPostOnMastodonSocial() throws {
        let post = try MastodonDecoder.post(fromJSON: try CorpusTests.file("mastodon.social_mastodonpy/status_poll.json"))
        let poll = try XCTUnwrap(post.poll)
        XCTAssertEqual(poll.id, "495482")
        XCTAssertEqual(poll.multiple, true)
        XCTAssertEqual(poll.ownVotes, [1, 2, 3])
        XCTAssertTrue(poll.expired)
        XCTAssertEqual(poll.votes, 64)
    }

    func testTheDocumentationsPollWithNoVotersCount() throws {
        let poll = try MastodonDecoder.poll(fromJSON: try CorpusTests.file("mastodon-docs/entity_Poll.json"))
        XCTAssertEqual(poll.id, "34830")
        XCTAssertEqual(poll.multiple, false)
        XCTAssertEqual(poll.ownVotes, [1])
    }

    /// A server that does not say `voted` (older ones, some forks): an empty `own_votes` means not voted,
    /// and a poll still open, with its id, can be voted in.
    func testAPollWithoutVotedIsOpenUntilItsOwnVotesSayOtherwise() throws {
        let json = #"{"id": 7, "expires_at": null, "expired": false, "votes_count": 3, "options": [{"title": "a", "votes_count": 3}]}"#
        let poll = try MastodonDecoder.poll(fromJSON: Data(json.utf8))
        XCTAssertEqual(poll.id, "7", "a numeric id is read as text")
        XCTAssertNil(poll.voted)
        XCTAssertFalse(poll.hasVoted)
        XCTAssertTrue(poll.open())
    }

    func testAPollsCustomEmojiAreRead() throws {
        let body = #"{"id":"3","expired":false,"multiple":false,"votes_count":0,"options":[{"title":"tea :tern:","votes_count":0}],"emojis":[{"shortcode":"tern","url":"https://e/t.gif","static_url":"https://e/t.png"}]}"#
        XCTAssertEqual(try MastodonDecoder.poll(fromJSON: Data(body.utf8)).emojis, [CustomEmoji(shortcode: "tern", url: "https://e/t.png")],
                       "the still picture")
    }
}

/// A picture's focal point, as Mastodon's documentation gives it (`meta.focus`), and one of the wrong shape,
/// which costs only itself: the sizes beside it are still read.
final class FocalPointDecodingTests: XCTestCase {
    func testTheDocumentedFocusAndAMalformedOne() throws {
        let url = CorpusTests.corpus.appendingPathComponent("mastodon-docs/entity_MediaAttachment_image.json")
        guard FileManager.default.fileExists(atPath: url.path) else { throw XCTSkip("../shared/corpus is absent") }
        let entity = try XCTUnwrap(try JSONSerialization.jsonObject(with: try Data(contentsOf: url)) as? [String: Any])
        let status: [String: Any] = ["id": "1", "created_at": "2026-01-01T00:00:00Z", "content": "<p>x</p>",
                                     "account": ["id": "a", "acct": "ann"], "media_attachments": [entity]]
        let post = try MastodonDecoder.post(fromJSON: try JSONSerialization.data(withJSONObject: status))
        XCTAssertEqual(post.media.first?.focus, FocalPoint(x: -0.27, y: 0.51))
        var odd = entity
        odd["meta"] = ["original": ["width": 640, "height": 480], "focus": "middle"]
        var oddStatus = status
        oddStatus["media_attachments"] = [odd]
        let oddPost = try MastodonDecoder.post(fromJSON: try JSONSerialization.data(withJSONObject: oddStatus))
        XCTAssertNil(oddPost.media.first?.focus)
        XCTAssertEqual(oddPost.media.first?.width, 640, "the sizes are still read")
    }
}

/// A translation as Mastodon's documentation gives the entity: the text (HTML), the language found and the
/// service; one without its text is an unexpected answer, not an empty translation.
final class TranslationDecodingTests: XCTestCase {
    func testTheDocumentedEntity() throws {
        let json = #"{"content": "<p>Hello <b>world</b></p>", "spoiler_text": "", "media_attachments": [], "poll": null, "#
            + #""detected_source_language": "es", "language": "en", "provider": "DeepL.com"}"#
        let t = try MastodonDecoder.translation(fromJSON: Data(json.utf8))
        XCTAssertEqual(t.content.plainText, "Hello world")
        XCTAssertEqual(t.sourceLanguage, "es")
        XCTAssertEqual(t.provider, "DeepL.com")
        XCTAssertThrowsError(try MastodonDecoder.translation(fromJSON: Data(#"{"provider": "x"}"#.utf8)))
    }
}
