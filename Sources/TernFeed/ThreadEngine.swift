import Foundation
import Logging
import TernMastodon
import TernModel
import TernStore

/// The thread around one post: what it answers, the post, and the replies under it as a tree. It opens
/// at once from what it was given and what the store has, then asks the server and stores the answer,
/// so a thread read once reads offline.
package actor ThreadEngine: MarkingFeed, OutboxFeed {
    private let client: MastodonClient
    private let store: AccountData
    private let actions: ActionQueue
    private let posts: SessionPosts
    private let offlineOnly: Bool
    private let rootID: String
    private let publish: @Sendable (FeedSnapshot) -> Void
    private let inbox: EngineInbox<Command>
    private let logger = Logger(label: "tern.thread")

    private var entries: [(post: Post, depth: Int)] = []
    private var missing: String?
    private var loading = false
    private var offline = false
    private let reachability: Reachability
    private var version = 0
    private var messages = Messages()
    private var started = false
    /// Posts deleted on the server while the thread is open: their lines say so, the replies stay.
    private var deleted: Set<String> = []
    private var outgoing: (posts: [OutgoingPost], waiting: Bool) = ([], false)
    /// The thread came from the store or the server, not only from the post that opened it.
    private var fetched = false

    /// `seed` is the post as the list that opened the thread had it, shown before anything else arrives.
    package init(sources: TimelineEngine.Sources, rootID: String, seed: Post?, publish: @escaping @Sendable (FeedSnapshot) -> Void) {
        client = sources.client
        store = sources.data
        actions = sources.actions
        posts = sources.posts
        offlineOnly = sources.offline
        reachability = sources.reachability
        self.rootID = rootID
        self.publish = publish
        if let seed { entries = [(seed, 0)] }
        inbox = EngineInbox(actions: sources.actions, posts: sources.posts)
    }

    private enum Command: Sendable {
        case list(ListCommand)
        case mark(PendingAction.Kind, postID: String, wanted: Bool?)
        case outgoing([OutgoingPost], waiting: Bool)
        /// The server's answer to a fetch asked for at `asked`, in reading order.
        case fetched(Result<[Entry], Error>, asked: Date)
    }

    typealias Entry = (post: Post, depth: Int)

    package nonisolated func perform(_ command: ListCommand) { inbox.send(.list(command)) }
    package nonisolated func mark(_ kind: PendingAction.Kind, postID: String, wanted: Bool?) { inbox.send(.mark(kind, postID: postID, wanted: wanted)) }
    package nonisolated func showOutgoing(_ posts: [OutgoingPost], waiting: Bool) { inbox.send(.outgoing(posts, waiting: waiting)) }
    package nonisolated func stop() { inbox.finish() }

    package func run() async {
        for await input in inbox.inputs {
            let command: Command
            switch input {
            case .command(let c): command = c
            case .actions(let event): heard(event); continue
            case .posts(let news): take(news); continue
            case .people: continue
            }
            switch command {
            case .list(.start):
                guard !started else { continue }
                started = true
                await load()
            case .list(.refresh):
                fetch()
            case .fetched(let answer, let asked):
                await take(answer, asked: asked)
            case .list(.viewed):
                // A thread is read whole when opened: it has no pages to load or place to keep.
                continue
            case .mark(let kind, let id, let wanted): toggle(kind, id, wanted)
            case .outgoing(let queued, let waiting):
                outgoing = (queued, waiting)
                emit()
            }
        }
    }

    private func load() async {
        emit()
        do {
            if let stored = try await store.thread(rootID), !stored.posts.isEmpty {
                entries = stored.posts
                fetched = true
                emit()
            }
        } catch {
            logger.error("couldn't read a stored thread", metadata: ["error": "\(error)"])
        }
        if offlineOnly {
            offline = true
            messages.say(entries.count > 1 ? "Offline: showing the stored thread" : "Offline: this thread was never opened online", error: false)
            emit()
            return
        }
        fetch()
    }

    /// Asks the server for the thread off the engine's loop, so a like pressed while it loads is taken
    /// (shown, journaled) at once rather than after the answer; the answer comes back as a command.
    private func fetch() {
        guard !loading else { return }
        loading = true
        emit()
        let (client, rootID, inbox) = (client, rootID, inbox)
        Task {
            let asked = Date()
            do {
                async let post = client.status(id: rootID)
                async let context = client.context(of: rootID)
                let (focus, around) = try await (post, context)
                inbox.send(.fetched(.success(Self.tree(ancestors: around.ancestors, focus: focus, descendants: around.descendants)), asked: asked))
            } catch {
                inbox.send(.fetched(.failure(error), asked: asked))
            }
        }
    }

    private func take(_ answer: Result<[Entry], Error>, asked: Date) async {
        loading = false
        defer { emit() }
        do {
            let fresh = try answer.get()
            offline = false
            reachability.answered()
            missing = nil
            // The session's news: Home shows the reply count this thread read, and this thread a copy newer still.
            entries = zip(fresh, posts.heard(fresh.map(\.post), askedAt: asked)).map { ($1, $0.depth) }
            fetched = true
            do { try await store.saveThread(rootID, posts: entries) }
            catch { logger.error("couldn't store a thread", metadata: ["error": "\(error)"]) }
        } catch let error as MastodonError {
            if case .http(let status, _) = error, status == 404 || status == 410 {
                missing = "This post was deleted, or is not visible to you."
                entries = []
            } else if error.serverUnreachable {
                offline = true
                reachability.lost()
                messages.say(entries.count > 1 ? "Offline: showing the stored thread" : "Can't reach the server: \(error.description)", error: entries.count <= 1)
            } else {
                messages.say("Couldn't load the thread: \(error.description)", error: true)
            }
        } catch {
            messages.say("Couldn't load the thread: \(error)", error: true)
        }
    }

    /// Reading order: ancestors, the post, then the replies depth first. Each reply goes under the post
    /// it answers, siblings in the server's order; replies whose parent is missing go last, one level in.
    package static func tree(ancestors: [Post], focus: Post, descendants: [Post]) -> [(post: Post, depth: Int)] {
        var children: [String: [Post]] = [:]
        let known = Set(descendants.map(\.statusID) + [focus.statusID])
        var orphans: [Post] = []
        for d in descendants {
            if let parent = d.inReplyToID, known.contains(parent) { children[parent, default: []].append(d) }
            else { orphans.append(d) }
        }
        var out = ancestors.map { ($0, 0) } + [(focus, 0)]
        var seen: Set<String> = [focus.statusID]
        func walk(_ id: String, _ depth: Int) {
            for c in children[id] ?? [] where seen.insert(c.statusID).inserted {
                out.append((c, depth))
                walk(c.statusID, depth + 1)
            }
        }
        walk(focus.statusID, 1)
        for o in orphans where seen.insert(o.statusID).inserted {
            out.append((o, 1))
            walk(o.statusID, 2)
        }
        return out
    }

    /// A newer copy of a post in the thread shows in its place; a deleted one leaves a line saying so, the
    /// replies staying.
    private func take(_ news: SessionPosts.News) {
        switch news {
        case .copies(let copies):
            let byStatus = Post.byStatus(copies)
            guard entries.contains(where: { byStatus[$0.post.statusID] != nil }) else { return }
            entries = entries.map { entry in byStatus[entry.post.statusID].map { (entry.post.showing($0), entry.depth) } ?? entry }
            emit()
        case .deleted(let ids):
            let gone = ids.filter { id in !deleted.contains(id) && entries.contains { $0.post.statusID == id } }
            guard !gone.isEmpty else { return }
            deleted.formUnion(gone)
            messages.say("Deleted.", error: false)
            emit()
        }
    }

    private func heard(_ event: ActionQueue.Event) {
        switch event {
        case .changed, .unreachable: break
        case .confirmed, .pollCounted:
            var took = false
            for i in entries.indices where event.answer(&entries[i].post) { took = true }
            if took, let said = event.saidOfAnswer { messages.say(said, error: false) }
        case .refused(let why): messages.say(why)
        case .relationship, .hashtag: break
        case .deleted(let id): if entries.contains(where: { $0.post.statusID == id }) { deleted.insert(id) }
        }
        emit()
    }

    private func toggle(_ kind: PendingAction.Kind, _ postID: String, _ wanted: Bool?) {
        guard let post = entries.first(where: { $0.post.id == postID })?.post else { return }
        actions.toggle(kind, of: post, wanted: wanted)
    }

    private func emit() {
        version += 1
        var rows: [FeedRow] = []
        if let missing { rows.append(.notice(id: "missing", text: missing)) }
        // The oldest post we have answers one we don't: deleted, or not visible to the user.
        if fetched, let first = entries.first, first.post.inReplyToID != nil {
            rows.append(.notice(id: "above", text: "↑ in reply to a post that is not available"))
        }
        let current = posts.current(entries.map(\.post))
        // A reply the server made though its answer was lost is in the thread already: its outbox row gives way
        // to it, as in a timeline (both showed, the reply twice).
        let waiting = outgoing.posts.filter { $0.published(among: current) == nil }
        for ((_, depth), entry) in zip(entries, current) {
            let post = actions.filtered(entry, in: .thread)
            let indent = String(repeating: "  ", count: min(depth, 6))
            let focused = post.statusID == rootID
            if deleted.contains(post.statusID) {
                rows.append(.notice(id: post.id, text: indent + FeedRow.deletedText))
            } else if !focused, actions.hides(post) {
                // The thread keeps its shape; what was hidden says so in one line.
                rows.append(.notice(id: post.id, text: indent + "(hidden: you muted or blocked its author, or filtered it)"))
            } else {
                rows.append(.post(actions.apply(to: post), depth: depth, focused: focused))
            }
            // A reply on its way shows under what it answers, where it will appear.
            for o in waiting where o.draft.inReplyToID == post.statusID && o.draft.editingID == nil {
                rows.append(.outgoing(o, waiting: outgoing.waiting))
            }
        }
        var s = FeedSnapshot(version: version, feed: .thread(rootID: rootID), rows: rows)
        s.loadingNewer = loading
        s.offline = offline
        s.reachedEnd = !loading
        s.message = messages.latest
        s.pendingActions = actions.pendingCount
        s.focusID = entries.first { $0.post.statusID == rootID }?.post.id
        publish(s)
    }
}
