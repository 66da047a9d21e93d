import Foundation
import Logging
import TernMastodon
import TernModel
import TernStore

/// Posts (and edits) on their way to the server, under the same rules as likes: a post is in the store's
/// outbox before the screen says it is sent; it shows as pending until the server has it; when the server
/// *answers* with an error (at once for a 4xx, after a short bounded retry for a 5xx or 429) it goes back
/// to the drafts with the reason; only when the server *cannot be reached* does it wait, to go out when
/// the server answers again, in this run or the next. Every try carries the post's `Idempotency-Key`, so
/// a try whose answer was lost can be repeated without ever making two posts.
package actor Outbox {
    package enum Event: Sendable, Equatable {
        /// What is waiting changed: redraw the pending rows. `waiting` while the server can't be reached
        /// (or `--offline`), rather than being sent to.
        case changed([OutgoingPost], waiting: Bool)
        /// The server made (or changed) the post; `quoteAsked`: the draft quoted a post (whether the answer
        /// carries the quote says whether the server took it).
        case posted(Post, edit: Bool, quoteAsked: Bool)
        /// The server holds it to publish at its time.
        case scheduled(ScheduledPost)
        /// The server refused it; the draft is kept. The text says why, for the status line.
        case refused(String)
        /// The server answered it with an error that does not say it was not made (a 5xx after the post
        /// went): it stays in the outbox and is sent again under its key. Said once, for the status line.
        case inDoubt(String)
    }

    /// What the server made of a post: the post, or what it holds to publish later.
    package enum Sent: Sendable {
        case post(Post)
        case scheduled(ScheduledPost)
    }

    private let store: AccountData
    private let client: MastodonClient
    /// The session's posts (none for `tern sync`): every list hears an edit made, and the answered post's
    /// reply count as the server has it once the reply is made.
    private let posts: SessionPosts?
    private let sendsNothing: Bool
    private let logger: Logger
    private var items: [OutgoingPost] = []
    /// Each post's place in the session's order of writes, by its key.
    private var orders: [String: DeliveryOrder] = [:]
    package nonisolated let listeners = Listeners<Event>()
    /// Posts already said to be maybe posted (by their keys): said once, not after every round of tries.
    private var saidInDoubt: Set<String> = []
    /// The session's one delivery loop, shared with its action queue and change queue.
    private nonisolated let deliveries: Deliveries
    /// How long an upload may stay "processing" before the post is tried again later.
    private let processingWait: Duration

    /// `offline`: keep everything in the outbox and send nothing (`--offline`). `deliveries`: the session's
    /// (its action queue's); nil makes this outbox its own.
    package init(store: AccountData, client: MastodonClient, posts: SessionPosts? = nil, offline: Bool = false,
                deliveries: Deliveries? = nil, processingWait: Duration = .seconds(60), logger: Logger = Logger(label: "tern.outbox")) {
        self.store = store
        self.client = client
        self.posts = posts
        self.sendsNothing = offline
        self.processingWait = processingWait
        self.logger = logger
        self.deliveries = deliveries ?? Deliveries(offline: offline)
        self.deliveries.carry(self)
    }

    /// Reads what a previous run left in the outbox and starts sending it.
    package func start() async {
        do {
            items = try await store.outbox()
            let journal = try await store.journalOrder()
            for item in items where orders[item.idempotencyKey] == nil {
                orders[item.idempotencyKey] = .journaled(journal[item.idempotencyKey] ?? 0)
            }
            let unreadable = try await store.unreadableWriting()
            if unreadable > 0 {
                logger.error("drafts or outbox posts this Tern can't read", metadata: ["count": "\(unreadable)"])
                notify(.refused("\(unreadable) draft\(unreadable == 1 ? "" : "s") or waiting post\(unreadable == 1 ? "" : "s") in the cache can't be "
                                + "read by this Tern (written by a newer one?); they are kept, untouched."))
            }
        } catch {
            logger.error("couldn't read the outbox", metadata: ["error": "\(error)"])
            notify(.refused("Couldn't read the posts waiting to be sent: \(error)"))
        }
        notifyChanged()
        resume()
    }

    /// What is waiting to go out, oldest first.
    package var pending: [OutgoingPost] { items }

    /// Moves a draft into the outbox and sends it. Throws (and the draft stays a draft) when the outbox
    /// cannot be written, so nothing is ever shown as sent that is not on disk.
    package func send(_ draft: Draft, now: Date = Date()) async throws {
        let post = OutgoingPost(idempotencyKey: UUID().uuidString, draft: draft, createdAt: now)
        try await store.enqueuePost(post)
        orders[post.idempotencyKey] = deliveries.order()
        items.append(post)
        notifyChanged()
        resume()
    }

    /// Starts sending, e.g. when the server answers again (the session's marks and changes too).
    package func resume() {
        guard !items.isEmpty else { return }
        deliveries.resume()
    }

    /// Sends what is waiting (with the session's marks and changes, in their one order) and returns when
    /// nothing waits or the server can't be reached (`tern sync`, tests). Returns how many posts still wait.
    @discardableResult
    package func sendPending() async -> Int {
        if !items.isEmpty { await deliveries.sendPending() }
        return items.count
    }

    /// Sends nothing more, of the session's marks and changes either.
    package func stop() {
        deliveries.stop()
    }

    // MARK: Delivery (the shared loop's side of it)

    func nextInLine() async -> DeliveryOrder? {
        items.first.map { orders[$0.idempotencyKey] ?? .journaled(0) }
    }

    func nextToDeliver() async -> OutgoingPost? { items.first }

    nonisolated func deliveryKey(_ item: OutgoingPost) -> String { item.idempotencyKey }

    func delivered(_ item: OutgoingPost, _ sent: Sent) async {
        items.removeAll { $0.idempotencyKey == item.idempotencyKey }
        orders[item.idempotencyKey] = nil
        saidInDoubt.remove(item.idempotencyKey)
        await journal("take a sent post out of the outbox") { try await store.removeFromJournal(item.idempotencyKey) }
        guard case .post(let post) = sent else {
            if case .scheduled(let held) = sent {
                logger.info("post scheduled", metadata: ["at": "\(held.scheduledAt)"])
                notify(.scheduled(held))
            }
            notifyChanged()
            return
        }
        if item.draft.editingID != nil {
            await journal("store the edited post") { try await store.applyEdit(post) }
        }
        logger.info("post sent", metadata: ["edit": "\(item.draft.editingID != nil)"])
        notify(.posted(post, edit: item.draft.editingID != nil, quoteAsked: item.draft.quotedStatusID != nil))
        notifyChanged()
        guard let posts else { return }
        if item.draft.editingID != nil { posts.heard([post]) }
        if let answered = post.inReplyToID {
            let client = client
            posts.readAnsweredAgain(answered) { try await client.status(id: $0) }
        }
    }

    /// Tries ran out on error answers. Once the post itself went (its row marked in doubt), a 5xx does not
    /// say it was not posted (a gateway gives up on a server that goes on): like a lost answer, it keeps the
    /// post in the outbox, sent again under its key, which the server makes once; the user is told it may be
    /// posted already, never "Not posted". Before the post went (an upload failed) it certainly was not.
    func mayGiveUp(_ item: OutgoingPost, after error: MastodonError) async -> Bool {
        let key = item.idempotencyKey
        guard error.mayHaveBeenMade, items.first(where: { $0.idempotencyKey == key })?.inDoubt == true else { return true }
        logger.notice("post answered with a server error; kept in the outbox to be sent again", metadata: ["error": "\(error)"])
        if saidInDoubt.insert(key).inserted {
            // What it means first, the server's words last: a long reason is cut at the status line's end (at 80
            // columns the longer wording lost what happens next).
            let (what, done) = item.draft.editingID != nil ? ("edit", "saved") : ("post", "posted")
            notify(.inDoubt("The \(what) may be \(done) already: sent again, it is \(done) only once (\(error))"))
        }
        notifyChanged()
        return false
    }

    func unreachable(_ item: OutgoingPost, _ error: MastodonError, retryIn seconds: Double) async {
        logger.info("server unreachable; posts wait in the outbox", metadata: ["error": "\(error)", "retryIn": "\(Int(seconds)) s"])
        notifyChanged()
    }

    /// A mark or change found the server unreachable: the posts wait with it, and the screen says so.
    func waiting() async {
        if !items.isEmpty { notifyChanged() }
    }

    func answeredWithError(_ item: OutgoingPost, _ error: MastodonError, retryIn seconds: Double) async {
        logger.notice("server answered a post with an error; trying again", metadata: ["error": "\(error)", "retryIn": "\(seconds)"])
    }

    func refused(_ item: OutgoingPost, _ error: Error) async {
        // Neither the server's answer nor a file: the store could not mark the post as on its way, so it
        // was not sent (the disk failed, say), and it says so rather than blame the server.
        let reason = error as? OutboxRefusal.Reason ?? (error as? MastodonError).map { .server($0) }
            ?? .file("the cache could not record it as being sent (\(error))")
        logger.warning("post refused; back to drafts", metadata: ["error": "\(reason)"])
        items.removeAll { $0.idempotencyKey == item.idempotencyKey }
        orders[item.idempotencyKey] = nil
        saidInDoubt.remove(item.idempotencyKey)
        await journal("put a refused post back in the drafts") { try await store.returnToDrafts(item) }
        // What to do first: a long reason is cut at the status line's end, and the advice with it.
        let what = item.draft.editingID != nil ? "Edit not saved" : "Not posted"
        let reopen = item.draft.inReplyToID != nil ? "a" : "w"
        notify(.refused("\(what), kept as a draft (\(reopen) opens it): \(reason)"))
        notifyChanged()
    }

    /// Stopped mid-try: the post stays, marked in doubt; its key makes the next try harmless.
    func abandoned(_ item: OutgoingPost) async {}

    func idle() async {}

    /// One try: the attachments not uploaded yet, then the post itself, marked in doubt before it goes.
    func deliver(_ original: OutgoingPost) async throws -> Sent {
        var item = original
        for i in item.draft.attachments.indices where item.draft.attachments[i].mediaID == nil {
            let a = item.draft.attachments[i]
            let file = try AttachmentFile.read(a.path)
            let uploaded = try await client.upload(file.data, filename: file.name, mimeType: file.mimeType, description: a.description)
            item.draft.attachments[i].mediaID = uploaded.id
            // Recorded at once: a retry or the next run attaches this upload rather than sending the file again.
            try await store.updateOutgoing(item)
            replace(item)
            if !uploaded.ready { try await waitUntilProcessed(uploaded.id) }
        }
        let mediaIDs = item.draft.attachments.compactMap(\.mediaID)
        if !item.inDoubt {
            item.inDoubt = true
            try await store.updateOutgoing(item)
            replace(item)
        }
        if let editing = item.draft.editingID {
            return .post(try await client.edit(statusID: editing, to: item.draft, mediaIDs: mediaIDs))
        }
        if let at = item.draft.scheduledAt {
            return .scheduled(try await client.schedule(item.draft, at: at, mediaIDs: mediaIDs, idempotencyKey: item.idempotencyKey))
        }
        return .post(try await client.publish(item.draft, mediaIDs: mediaIDs, idempotencyKey: item.idempotencyKey))
    }

    /// The server takes a post only once its media are processed (`/api/v2/media` may answer 202).
    private func waitUntilProcessed(_ id: String) async throws {
        let clock = ContinuousClock(), deadline = clock.now + processingWait
        var pause = Duration.milliseconds(250)
        while clock.now < deadline {
            try await Task.sleep(for: pause)
            if try await client.media(id: id).ready { return }
            pause = min(pause * 2, .seconds(4))
        }
        throw MastodonError.http(status: 503, message: "the server is still processing an attachment")
    }

    private func replace(_ item: OutgoingPost) {
        if let i = items.firstIndex(where: { $0.idempotencyKey == item.idempotencyKey }) { items[i] = item }
    }

    /// A store write after the server answered; if it fails the outbox row replays later and its key
    /// keeps that harmless. Logged, not shown.
    private func journal(_ what: String, _ write: () async throws -> Void) async {
        do { try await write() } catch { logger.error("couldn't \(what) in the store", metadata: ["error": "\(error)"]) }
    }

    private func notifyChanged() {
        notify(.changed(items, waiting: sendsNothing || deliveries.waitingForServer))
    }

    private func notify(_ event: Event) {
        listeners.notify(event)
    }
}

extension Outbox: DeliveryQueue {}

extension Outbox: HeardQueue {}

/// Why a post can't go out that is not the server's doing (a file gone or too big).
enum OutboxRefusal {
    enum Reason: Error, CustomStringConvertible {
        case file(String)
        case server(MastodonError)

        var description: String {
            switch self {
            case .file(let why): return why
            case .server(let m): return m.description
            }
        }
    }
}

/// A file to attach, read from disk and typed by its bytes.
struct AttachmentFile {
    var name: String
    var data: Data
    var mimeType: String

    /// Refuses files that are missing, unreadable, or of no type a server takes.
    static func read(_ path: String) throws -> AttachmentFile {
        let url = URL(fileURLWithPath: HomePath.expand(path))
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw OutboxRefusal.Reason.file("can't read \(url.path) (\(error.localizedDescription))")
        }
        guard let type = MediaSniffer.mimeType(of: data) else {
            throw OutboxRefusal.Reason.file("\(url.lastPathComponent) is not a picture, video or sound file Tern knows")
        }
        return AttachmentFile(name: url.lastPathComponent, data: data, mimeType: type)
    }
}
