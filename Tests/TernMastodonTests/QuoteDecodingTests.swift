import Foundation
import TernMastodon
import TernModel
import XCTest

/// Quotes as real servers send them (../shared/corpus): Mastodon 4.4's `{state, quoted_status}` and
/// Akkoma's older form (the quoted status as `quote`, its id as `quote_id`); Mastodon's "RE:" fallback for
/// clients that do not show quotes is left out, as Tern shows the quote itself. States without a post say
/// why in words.
final class QuoteDecodingTests: XCTestCase {
    func testMastodonsQuoteFromMastodonSocial() throws {
        let post = try MastodonDecoder.post(fromJSON: try CorpusTests.file("mastodon.social_mastodonpy/status_quote.json"))
        let quote = try XCTUnwrap(post.quote)
        XCTAssertEqual(quote.state, .accepted)
        XCTAssertEqual(quote.post?.statusID, "115044070560414080")
        XCTAssertEqual(quote.quotedID, "115044070560414080")
        XCTAssertNil(quote.post?.quote, "one level: the quoted post's own quote is left out")
        XCTAssertNil(quote.words)
        XCTAssertFalse(post.content.plainText.contains("RE:"), post.content.plainText)
    }

    func testAkkomasOlderForm() throws {
        let post = try MastodonDecoder.post(fromJSON: try CorpusTests.file("other-servers_tootsdk/post_akkoma_quote.json"))
        let quote = try XCTUnwrap(post.quote)
        XCTAssertEqual(quote.state, .accepted)
        XCTAssertEqual(quote.quotedID, "Al2KABLN3tuRoeE0A4")
        XCTAssertEqual(quote.post?.statusID, "Al2KABLN3tuRoeE0A4")
    }

    func testEveryStateWithoutAPostSaysWhy() throws {
        for state in ["pending", "rejected", "revoked", "deleted", "unauthorized", "blocked_account", "blocked_domain",
                      "muted_account", "accepted", "something_new"] {
            let json = #"{"id": "1", "created_at": "2026-01-01T00:00:00Z", "content": "<p>hi</p>", "account": {"id": "a", "acct": "ann"}, "#
                + #""quote": {"state": "\#(state)", "quoted_status": null}}"#
            let quote = try XCTUnwrap(try MastodonDecoder.post(fromJSON: Data(json.utf8)).quote, state)
            XCTAssertNil(quote.post, state)
            XCTAssertFalse((quote.words ?? "").isEmpty, "\(state): never an empty frame")
        }
        let nested = #"{"id": "2", "created_at": "2026-01-01T00:00:00Z", "content": "<p>hi</p>", "account": {"id": "a", "acct": "ann"}, "#
            + #""quote": {"state": "accepted", "quoted_status_id": "77"}}"#
        XCTAssertEqual(try MastodonDecoder.post(fromJSON: Data(nested.utf8)).quote?.quotedID, "77", "the shallow form of a nested quote")
    }

    /// Mastodon 4.5's `quote_approval`: whether the user may quote the post, which `Q` asks before it opens
    /// compose. A value Tern does not know is unknown (never a yes); a server that does not say leaves it nil.
    func testWhetherAPostMayBeQuoted() throws {
        let posted = try MastodonDecoder.post(fromJSON: try CorpusTests.file("mastodon-4.6.4-localdev_mastodonpy/status_post_response.json"))
        XCTAssertEqual(posted.quoteApproval, .automatic)
        func approval(_ field: String) throws -> QuoteApproval? {
            let json = #"{"id": "1", "created_at": "2026-01-01T00:00:00Z", "content": "<p>hi</p>", "account": {"id": "a", "acct": "ann"}"#
                + field + "}"
            return try MastodonDecoder.post(fromJSON: Data(json.utf8)).quoteApproval
        }
        XCTAssertEqual(try approval(#", "quote_approval": {"automatic": [], "manual": [], "current_user": "denied"}"#), .denied)
        XCTAssertEqual(try approval(#", "quote_approval": {"automatic": [], "manual": ["public"], "current_user": "manual"}"#), .manual)
        XCTAssertEqual(try approval(#", "quote_approval": {"current_user": "something_new"}"#), .unknown)
        XCTAssertNil(try approval(""))
        XCTAssertNil(try approval(#", "quote_approval": "odd""#), "a malformed policy costs only itself")
    }
}

/// Mastodon 4.5's notifications of quotes: someone quoted the user's post, a quoted post was edited. Each
/// is about a post, says what happened, and is no longer shown by its raw type name.
final class QuoteNotificationTests: XCTestCase {
    func testQuoteNotificationsSayWhatHappened() throws {
        let account = Account(id: "1", acct: "ann", displayName: "Ann")
        let post = Post(id: "9", statusID: "9", account: account, createdAt: Date(timeIntervalSince1970: 0), content: StyledText(plain: "x"))
        for (wire, words) in [("quote", "Ann quoted your post"), ("quoted_update", "Ann edited a post you quoted")] {
            let kind = NotificationKind(wire: wire)
            XCTAssertTrue(kind.concernsPost, wire)
            let group = NotificationGroup(id: "g", kind: kind, accounts: [account], count: 1, newestID: "1", oldestID: "1",
                                          latestAt: Date(timeIntervalSince1970: 0), post: post)
            XCTAssertEqual(group.summary, words)
        }
    }
}
