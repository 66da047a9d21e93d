import AsyncHTTPClient
import Foundation
import GRDB
import TernDemo
import TernFeed
import TernHTTP
import TernMastodon
import TernModel
import TernStore
import TernTestSupport
import XCTest

/// Posts follow the like/save rules: in the outbox before anything is said, sent with one idempotency
/// key for every try, back to the drafts with the reason when the server refuses, and waiting (across
/// restarts) only while the server can't be reached, to reach it exactly once.
final class OutboxTests: XCTestCase {
    private final class Events: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [Outbox.Event] = []
        func add(_ e: Outbox.Event) { lock.withLock { list.append(e) } }
        var all: [Outbox.Event] { lock.withLock { list } }
    }

    private func outbox(_ store: Store, _ url: String, http: HTTPClient, timeout: Duration = .seconds(5)) async -> (Outbox, Events) {
        let client = MastodonClient(baseURL: URL(string: url)!, token: "t", http: http, timeout: timeout)
        let box = Outbox(store: store.account("test"), client: client, processingWait: .seconds(10))
        let events = Events()
        box.subscribe { events.add($0) }
        return (box, events)
    }

    func testAPostWithAPictureIsUploadedProcessedAndPostedOnce() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let store = try temp.open()
        var config = DemoConfig()
        config.mediaProcessingSeconds = 0.5
        let server = try await DemoServer.start(config)
        let http = httpClient()
        let picture = temp.folder.appendingPathComponent("picture.png")
        try DemoServer.samplePicture(width: 80, height: 60, format: "png").write(to: picture)
        let (box, events) = await outbox(store, server.baseURL, http: http)
        let parent = await server.showcaseThreadID()
        var draft = Draft(id: "reply:\(parent)", text: "写真です 📷", inReplyToID: parent)
        draft.attachments = [DraftAttachment(path: picture.path, description: "Rings in blue")]
        try await store.account("test").saveDraft(draft)
        try await box.send(draft)
        let draftsAfterSend = try await store.account("test").drafts()
        XCTAssertTrue(draftsAfterSend.isEmpty, "the draft moved into the outbox")
        let left = await box.sendPending()
        XCTAssertEqual(left, 0)
        let written = await server.writtenPosts()
        XCTAssertEqual(written.count, 1)
        XCTAssertEqual(written.first?.text, "写真です 📷")
        XCTAssertEqual(written.first?.inReplyToID, parent)
        XCTAssertEqual(written.first?.media.first?.description, "Rings in blue")
        let log = await server.writeLog()
        XCTAssertEqual(log.filter { $0.hasPrefix("upload") }.count, 1)
        XCTAssertTrue(events.all.contains { if case .posted(let p, false, false) = $0 { return p.inReplyToID == parent }; return false })
        let outboxAfter = try await store.account("test").outbox()
        XCTAssertTrue(outboxAfter.isEmpty)
        await box.stop()
        try await http.shutdown()
        await server.stop()
    }

    func testARefusedPostGoesBackToTheDraftsWithTheReason() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let store = try temp.open()
        let server = try await DemoServer.start(DemoConfig())
        let http = httpClient()
        let (box, events) = await outbox(store, server.baseURL, http: http)
        let draft = Draft(id: "new", text: "this will not go")
        // A 4xx is a refusal (a 5xx is not: it may have been posted, and is sent again under the same key).
        await server.injectFaults([.status(422, retryAfter: nil)])
        try await box.send(draft)
        await box.sendPending()
        let refusal = events.all.compactMap { e -> String? in if case .refused(let t) = e { return t }; return nil }
        XCTAssertEqual(refusal.count, 1)
        // What to do first, then why: a long reason is cut at the status line's end.
        XCTAssertTrue(refusal.first?.hasPrefix("Not posted, kept as a draft (w opens it): request refused 422") == true, refusal.first ?? "")
        let drafts = try await store.account("test").drafts(), queued = try await store.account("test").outbox()
        let written = await server.writtenPosts()
        XCTAssertEqual(drafts, [draft], "the text is kept as a draft")
        XCTAssertTrue(queued.isEmpty)
        XCTAssertTrue(written.isEmpty)

        // A missing file is refused at once, with the file named.
        var missing = Draft(id: "new", text: "with a ghost")
        missing.attachments = [DraftAttachment(path: "/nonexistent/ghost.png")]
        try await box.send(missing)
        await box.sendPending()
        XCTAssertTrue(events.all.contains { if case .refused(let t) = $0 { return t.contains("/nonexistent/ghost.png") }; return false })
        await box.stop()
        try await http.shutdown()
        await server.stop()
    }

    /// A 5xx does not say the server did nothing (issue 45: a gateway gives up on a server that goes on):
    /// a post the server made but answered 500, every try, is never said "Not posted" and never goes back
    /// to the drafts; it stays in the outbox, said to be maybe posted, and the next try, under the same
    /// key, finds it made: one post.
    func testAPostTheServerMadeButAnswered500IsPostedOnceAndNeverSaidNotPosted() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let store = try temp.open()
        let server = try await DemoServer.start(DemoConfig())
        let http = httpClient()
        let (box, events) = await outbox(store, server.baseURL, http: http)
        // Every try of a round (the first and RetryPolicy's retries) and the one after it is made, then
        // answered 500; then the server answers again.
        await server.injectFaults(Array(repeating: .madeThenFailed(500), count: RetryPolicy.answeredAction.attempts + 1))
        try await box.send(Draft(id: "new", text: "made, then a 500"))
        let left = await box.sendPending()
        let refusals = events.all.compactMap { e -> String? in if case .refused(let t) = e { return t }; return nil }
        XCTAssertEqual(refusals, [], "never said not posted")
        let said = events.all.compactMap { e -> String? in if case .inDoubt(let t) = e { return t }; return nil }
        XCTAssertEqual(said.count, 1, "said once: \(said)")
        XCTAssertTrue(said.first?.contains("may be posted already") == true, said.first ?? "")
        let drafts = try await store.account("test").drafts()
        XCTAssertEqual(drafts, [], "not back in the drafts")
        // The same key found the post the server had made: one post.
        XCTAssertEqual(left, 0)
        let written = await server.writtenPosts(), log = await server.writeLog()
        XCTAssertEqual(written.map(\.text), ["made, then a 500"])
        XCTAssertEqual(log.filter { $0.hasPrefix("post ") }.count, 1, "\(log)")
        XCTAssertTrue(events.all.contains { if case .posted(_, false, false) = $0 { return true }; return false })
        await box.stop()
        try await http.shutdown()
        await server.stop()
    }

    /// The first try reaches the server but its answer never comes back (the server is slower than the
    /// client waits); Tern stops; the next run tries again with the same key: one post.
    func testAPostWhoseAnswerWasLostIsPostedOnceAfterARestart() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let store = try temp.open()
        var config = DemoConfig()
        config.latencyMilliseconds = 1_500
        let server = try await DemoServer.start(config)
        let http = httpClient()
        let (first, events) = await outbox(store, server.baseURL, http: http, timeout: Duration.milliseconds(500))
        try await first.send(Draft(id: "new", text: "once only"))
        await first.sendPending()
        let waiting = await first.pending
        XCTAssertEqual(waiting.count, 1, "no answer: still waiting")
        XCTAssertTrue(events.all.contains { if case .changed(let items, waiting: true) = $0 { return items.first?.inDoubt == true }; return false })
        await first.stop()
        let madeAlready = await server.writtenPosts()
        XCTAssertEqual(madeAlready.count, 1, "the server did make it")

        // The next run, with a patient client.
        let (second, _) = await outbox(store, server.baseURL, http: http)
        await second.start()
        let left = await second.sendPending()
        XCTAssertEqual(left, 0)
        let afterRestart = await server.writtenPosts(), log = await server.writeLog()
        XCTAssertEqual(afterRestart.map(\.id), madeAlready.map(\.id), "the same key must not make a second post")
        XCTAssertEqual(log.count, 1, "\(log)")
        await second.stop()
        try await http.shutdown()
        await server.stop()
    }

    /// Written while the server is gone: the post waits, across a restart, and goes out once it is back.
    func testAPostWrittenWhileTheServerIsGoneGoesOutOnceItIsBack() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let store = try temp.open()
        var config = DemoConfig()
        config.unreachableSeconds = 2
        let server = try await DemoServer.start(config)
        let http = httpClient()
        let (first, _) = await outbox(store, server.baseURL, http: http, timeout: Duration.milliseconds(500))
        try await first.send(Draft(id: "new", text: "written offline"))
        await first.sendPending()
        let queued = try await store.account("test").outbox()
        XCTAssertEqual(queued.map(\.draft.text), ["written offline"])
        await first.stop()

        try await Task.sleep(for: .milliseconds(2_300))
        let (second, _) = await outbox(store, server.baseURL, http: http)
        await second.start()
        let stillWaiting = await second.sendPending()
        XCTAssertEqual(stillWaiting, 0)
        let written = await server.writtenPosts()
        XCTAssertEqual(written.map(\.text), ["written offline"])
        await second.stop()
        try await http.shutdown()
        await server.stop()
    }

    /// A row this Tern can't read (a newer Tern's, or damaged) is never sent, never deleted, and said.
    func testAnUnreadableOutboxRowIsKeptAndSaid() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let store = try temp.open()
        try await store.account("test").enqueuePost(OutgoingPost(idempotencyKey: "k", draft: Draft(id: "new", text: "fine"), createdAt: Date()))
        let raw = try DatabaseQueue(path: temp.url.path)
        try await raw.write { try $0.execute(sql: "INSERT INTO journal (account, key, kind, wanted, confirmed, in_doubt, created_at, body) VALUES ('test', 'future', 'post', 1, 0, 0, 0, X'7B7D')") }
        let server = try await DemoServer.start()
        let http = httpClient()
        let (box, events) = await outbox(store, server.baseURL, http: http)
        await box.start()
        _ = await box.sendPending()
        let said = events.all.compactMap { e -> String? in if case .refused(let t) = e { return t }; return nil }
        XCTAssertEqual(said, ["1 draft or waiting post in the cache can't be read by this Tern (written by a newer one?); they are kept, untouched."])
        let written = await server.writtenPosts()
        XCTAssertEqual(written.map(\.text), ["fine"])
        let left = try await store.account("test").unreadableWriting()
        XCTAssertEqual(left, 1, "the unreadable row is still there")
        await box.stop()
        try await http.shutdown()
        await server.stop()
    }
}
