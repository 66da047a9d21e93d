import AsyncHTTPClient
import Foundation
import TernDemo
import TernHTTP
import TernMastodon
import TernModel
import XCTest

/// Posting, editing, deleting and uploading against the demo server, and the instance descriptions,
/// post, upload and error bodies of real servers.
final class WriteClientTests: XCTestCase {
    func testTheSameIdempotencyKeyMakesOnePost() async throws {
        try await withDemo { server, client in
            let draft = Draft(id: "new", text: "Hello from a test, 你好 👋", visibility: .unlisted, language: "en")
            let first = try await client.publish(draft, mediaIDs: [], idempotencyKey: "key-1")
            let again = try await client.publish(draft, mediaIDs: [], idempotencyKey: "key-1")
            XCTAssertEqual(first.statusID, again.statusID, "a repeat with the same key must answer with the same post")
            let other = try await client.publish(draft, mediaIDs: [], idempotencyKey: "key-2")
            XCTAssertNotEqual(other.statusID, first.statusID)
            let written = await server.writtenPosts()
            XCTAssertEqual(written.count, 2)
            XCTAssertEqual(written.first?.text, "Hello from a test, 你好 👋")
            XCTAssertEqual(written.first?.visibility, "unlisted")
            XCTAssertEqual(first.visibility, "unlisted")
            XCTAssertEqual(first.content.plainText, "Hello from a test, 你好 👋")
        }
    }

    func testUploadIsProcessedThenAttachedWithItsAltText() async throws {
        var config = DemoConfig()
        config.mediaProcessingSeconds = 0.6
        try await withDemo(config) { server, client in
            let png = try Self.png()
            let uploaded = try await client.upload(png, filename: "dot.png", mimeType: "image/png", description: "A red dot")
            XCTAssertFalse(uploaded.ready, "v2 answers 202 while processing")
            XCTAssertEqual(uploaded.description, "A red dot")
            // Posting before processing ends is refused, as on Mastodon.
            do {
                _ = try await client.publish(Draft(id: "new", text: "early"), mediaIDs: [uploaded.id], idempotencyKey: "k0")
                XCTFail("posting unprocessed media should be refused")
            } catch MastodonError.http(let status, let message) {
                XCTAssertEqual(status, 422)
                XCTAssertTrue(message?.contains("processing") == true, message ?? "")
            }
            var ready = false
            for _ in 0..<40 where !ready {
                try await Task.sleep(for: .milliseconds(100))
                ready = try await client.media(id: uploaded.id).ready
            }
            XCTAssertTrue(ready)
            let parent = await server.showcaseThreadID()
            let reply = try await client.publish(Draft(id: "x", text: "with a picture", inReplyToID: parent),
                                                 mediaIDs: [uploaded.id], idempotencyKey: "k1")
            XCTAssertEqual(reply.media.count, 1)
            XCTAssertEqual(reply.media.first?.description, "A red dot")
            XCTAssertEqual(reply.inReplyToID, parent)
            let held = await server.writtenPosts()
            XCTAssertEqual(held.last?.media.first?.mimeType, "image/png")
            XCTAssertEqual(held.last?.media.first?.bytes, png.count)
        }
    }

    func testEditReadsTheSourceAndDeleteRemoves() async throws {
        try await withDemo { server, client in
            let made = try await client.publish(Draft(id: "new", text: "first & <words>", spoiler: "cw"), mediaIDs: [], idempotencyKey: "e1")
            let source = try await client.source(statusID: made.statusID)
            XCTAssertEqual(source.text, "first & <words>")
            XCTAssertEqual(source.spoiler, "cw")
            let edited = try await client.edit(statusID: made.statusID, to: Draft(id: "edit", text: "second"), mediaIDs: [])
            XCTAssertNotNil(edited.editedAt)
            XCTAssertEqual(edited.content.plainText, "second")
            try await client.delete(statusID: made.statusID)
            let log = await server.writeLog()
            XCTAssertEqual(log, ["post \(made.statusID)", "edit \(made.statusID)", "delete \(made.statusID)"])
            do { _ = try await client.status(id: made.statusID); XCTFail("deleted post still there") }
            catch MastodonError.http(let status, _) { XCTAssertEqual(status, 404) }
            // Someone else's post can't be edited.
            let theirs = await server.showcaseThreadID()
            do { _ = try await client.edit(statusID: theirs, to: Draft(id: "e", text: "mine now"), mediaIDs: []); XCTFail("edited another's post") }
            catch MastodonError.http(let status, _) { XCTAssertEqual(status, 403) }
        }
    }

    func testAPollIsPostedWithItsChoicesAndReadBack() async throws {
        try await withDemo { _, client in
            let draft = Draft(id: "new", text: "Tea or coffee?", poll: DraftPoll(options: ["tea", "coffee", ""], expiresIn: 3_600, multiple: true))
            let made = try await client.publish(draft, mediaIDs: [], idempotencyKey: "poll-1")
            XCTAssertEqual(made.poll?.options.map(\.title), ["tea", "coffee"], "empty choices are left out")
            let read = try await client.status(id: made.statusID)
            XCTAssertEqual(read.poll?.options.count, 2)
            XCTAssertFalse(read.poll?.expired ?? true)
        }
    }

    func testTooLongAndEmptyPostsAreRefusedWithTheServersReason() async throws {
        var config = DemoConfig()
        config.maxCharacters = 50
        try await withDemo(config) { _, client in
            let limits = try await client.postingLimits()
            XCTAssertEqual(limits.maxCharacters, 50)
            do { _ = try await client.publish(Draft(id: "n", text: String(repeating: "a", count: 51)), mediaIDs: [], idempotencyKey: "t1"); XCTFail() }
            catch MastodonError.http(let status, let message) {
                XCTAssertEqual(status, 422)
                XCTAssertTrue(message?.contains("limit of 50") == true, message ?? "")
            }
            do { _ = try await client.publish(Draft(id: "n", text: "  "), mediaIDs: [], idempotencyKey: "t2"); XCTFail() }
            catch MastodonError.http(let status, _) { XCTAssertEqual(status, 422) }
        }
    }

    /// Instance descriptions of Mastodon, Pixelfed, GoToSocial, Pleroma, Friendica and Akkoma give their
    /// real limits.
    func testCorpusInstanceLimits() throws {
        let corpus = CorpusTests.corpus
        guard FileManager.default.fileExists(atPath: corpus.path) else { throw XCTSkip("../shared/corpus is absent") }
        func limits(_ path: String) throws -> PostingLimits {
            try MastodonDecoder.postingLimits(fromJSON: Data(contentsOf: corpus.appendingPathComponent(path)))
        }
        let mastodon = try limits("mastodon.social_mastodonpy/instance_v2.json")
        XCTAssertEqual(mastodon.maxCharacters, 500)
        XCTAssertEqual(mastodon.maxMediaAttachments, 4)
        XCTAssertEqual(mastodon.imageSizeLimit, 16_777_216)
        XCTAssertTrue(mastodon.supportedMimeTypes.contains("image/webp"))
        let gts = try limits("other-servers_tootsdk/instancev2_gotosocial.json")
        XCTAssertEqual(gts.maxCharacters, 5000)
        XCTAssertEqual(gts.charactersReservedPerURL, 25)
        XCTAssertEqual(gts.maxMediaAttachments, 6)
        let pixelfed = try limits("other-servers_tootsdk/instancev2_pixelfed.json")
        XCTAssertEqual(pixelfed.maxCharacters, 2000)
        XCTAssertEqual(pixelfed.pollMaxOptions, 0, "Pixelfed has no polls")
        XCTAssertEqual(try limits("other-servers_tootsdk/instance_pixelfed.json").maxMediaAttachments, 10)
        let pleroma = try limits("other-servers_tootsdk/instancev2_pleroma.json")
        XCTAssertEqual(pleroma.supportedMimeTypes, [], "octet-stream means any type")
        XCTAssertEqual(pleroma.charactersReservedPerURL, 0)
        let akkoma = try limits("other-servers_tootsdk/instance_akkoma.json")
        XCTAssertEqual(akkoma.maxCharacters, 5000)
        XCTAssertEqual(akkoma.pollMaxOptions, 20)
        XCTAssertEqual(akkoma.imageSizeLimit, 16_000_000)
        XCTAssertEqual(try limits("other-servers_tootsdk/instancev2_friendica.json").maxCharacters, 200_000)
        // Quote policies: mastodon.social (API version 9) has them; GoToSocial, Pleroma and Akkoma don't.
        XCTAssertEqual([mastodon, gts, pleroma, akkoma].map(\.takesQuotePolicies), [true, false, false, false])
    }

    /// Quote policies are offered where the server says Mastodon's API version 7 (4.5) or later; before it says
    /// anything, as on Mastodon.
    func testQuotePoliciesFollowTheServersAPIVersion() throws {
        func limits(_ json: String) throws -> PostingLimits { try MastodonDecoder.postingLimits(fromJSON: Data(json.utf8)) }
        XCTAssertTrue(try limits(#"{"api_versions":{"mastodon":7}}"#).takesQuotePolicies)
        XCTAssertFalse(try limits(#"{"api_versions":{"mastodon":6}}"#).takesQuotePolicies)
        XCTAssertFalse(try limits(#"{"version":"2.7.2 (compatible; Akkoma 3.13)"}"#).takesQuotePolicies)
        XCTAssertTrue(PostingLimits().takesQuotePolicies)
        // Q says before anything is written where the quote would be dropped, naming the server; Akkoma takes
        // quotes under its older name.
        let akkoma = try limits(#"{"version":"2.7.2 (compatible; Akkoma 3.13)"}"#)
        XCTAssertEqual(akkoma.software, "Akkoma")
        XCTAssertNil(akkoma.quoteRefusal)
        XCTAssertEqual(try limits(#"{"version":"4.3.0 (compatible; GoToSocial 0.17)"}"#).quoteRefusal,
                       "This server (GoToSocial) doesn't take quote posts: yours would go out without the post it quotes.")
        XCTAssertEqual(try limits(#"{"version":"4.3.5","api_versions":{"mastodon":2}}"#).quoteRefusal,
                       "This server (Mastodon before 4.5, or one like it) doesn't take quote posts: yours would go out without the post it quotes.")
        XCTAssertNil(try limits(#"{"version":"4.5.0","api_versions":{"mastodon":7}}"#).quoteRefusal)
        XCTAssertNil(PostingLimits().quoteRefusal, "before the server said: tried")
        // Limits stored by an older Tern, without the field, still read.
        let older = #"{"maxCharacters":500,"charactersReservedPerURL":23,"maxMediaAttachments":4,"imageSizeLimit":1,"videoSizeLimit":1,"#
            + #""descriptionLimit":1500,"supportedMimeTypes":[],"pollMaxOptions":4,"pollMaxCharactersPerOption":50}"#
        let stored = try JSONDecoder().decode(PostingLimits.self, from: Data(older.utf8))
        XCTAssertTrue(stored.takesQuotePolicies)
    }

    /// An instance answer that can't be read says which way: broken JSON, or JSON that is not the object asked
    /// for (a server's changed API looks so), not one for the other.
    func testAnUnreadableInstanceAnswerSaysWhatIsWrongWithIt() {
        func said(_ json: String) -> String {
            do { _ = try MastodonDecoder.postingLimits(fromJSON: Data(json.utf8)); return "read" } catch { return "\(error)" }
        }
        let list = said("[1, 2]")
        XCTAssertFalse(list.contains("malformed"), "well-formed JSON of another shape: \(list)")
        XCTAssertTrue(list.contains("not a JSON object"), list)
        let broken = said(#"{"configuration": "#)
        XCTAssertTrue(broken.contains("malformed JSON"), broken)
    }

    /// A real post answer, a poll post, a 202 upload and Mastodon's refusals decode.
    func testCorpusPostUploadAndErrorBodies() throws {
        let dir = CorpusTests.corpus.appendingPathComponent("mastodon-4.6.4-localdev_mastodonpy")
        guard FileManager.default.fileExists(atPath: dir.path) else { throw XCTSkip("../shared/corpus is absent") }
        func data(_ name: String) throws -> Data { try Data(contentsOf: dir.appendingPathComponent(name)) }
        let posted = try MastodonDecoder.post(fromJSON: data("status_post_response.json"))
        XCTAssertFalse(posted.statusID.isEmpty)
        XCTAssertNotNil(posted.visibility)
        let poll = try MastodonDecoder.post(fromJSON: data("poll_status_post.json"))
        XCTAssertGreaterThanOrEqual(poll.poll?.options.count ?? 0, 2)
        let media = try MastodonClient.media(fromJSON: data("media_upload_202_processing.json"))
        XCTAssertEqual(media.id, "117020619601888181")
        XCTAssertFalse(media.ready, "url is null while processing")
        XCTAssertEqual(media.description, "me when a cat")
        for (file, status, words) in [("error_422_too_long_de.json", 422, "500 Zeichen"), ("error_422_empty_status_ja.json", 422, "Text"),
                                      ("error_422_with_details.json", 422, "Password can't be blank")] {
            let error = MastodonClient.error(status: status, headers: [:], body: try data(file))
            guard case .http(422, let message?) = error else { return XCTFail("\(file): \(error)") }
            XCTAssertTrue(message.contains(words), "\(file): \(message)")
        }
    }

    /// A picture made by the demo's real encoder, for uploads.
    static func png() throws -> Data { try DemoServer.samplePicture(width: 64, height: 48, format: "png") }
}

/// A real Mastodon status with a filter result decodes to a warning with the filter's title.
final class FilterCorpusTests: XCTestCase {
    func testARecordedFilteredStatusWarns() throws {
        let file = CorpusTests.corpus.appendingPathComponent("mastodon.social_mastodonpy/status_custom_emojis.json")
        guard FileManager.default.fileExists(atPath: file.path) else { throw XCTSkip("../shared/corpus is absent") }
        let post = try MastodonDecoder.post(fromJSON: Data(contentsOf: file))
        XCTAssertEqual(post.filters, [PostFilter(title: "animes", action: .warn)])
        XCTAssertEqual(post.filterWarnings, ["animes"])
        XCTAssertFalse(post.filteredOut)
    }
}

/// Real video and sound attachments say how long they are.
final class MediaDurationCorpusTests: XCTestCase {
    func testRecordedVideoAndSoundHaveTheirLength() throws {
        let dir = CorpusTests.corpus.appendingPathComponent("mastodon.social_mastodonpy")
        guard FileManager.default.fileExists(atPath: dir.path) else { throw XCTSkip("../shared/corpus is absent") }
        let video = try MastodonDecoder.post(fromJSON: Data(contentsOf: dir.appendingPathComponent("status_media_video.json")))
        XCTAssertEqual(video.media.first?.kind, .video)
        XCTAssertEqual(video.media.first?.durationText, "0:10")
        let sound = try MastodonDecoder.post(fromJSON: Data(contentsOf: dir.appendingPathComponent("status_media_audio_remote.json")))
        XCTAssertEqual(sound.media.first?.kind, .audio)
        XCTAssertEqual(sound.media.first?.durationText, "3:38")
        XCTAssertTrue(sound.media.first?.plays == true)
    }
}
