import Foundation
import Logging
import Synchronization
import TernModel
import TernStore

/// The session's posts, held once: the newest copy of each status that any of its lists, its stream or its
/// outbox heard from the server. Every engine of the session hears each copy (`feed`) and shows it wherever
/// it shows the status, and the store takes it into every stored entry of the status, so a reply count a
/// thread fetched is the count on Home too, now and after a restart. Each list once kept what it had read,
/// and Home said `↩ 3` beside a thread's `↩ 4` until it read the post again.
///
/// Copies are ordered by when they were asked for, not when they came: a slow answer asked before a newer
/// one gives way to it (`heard` hands back the newer). The user's marks waiting for the server are not the
/// server's and are not held here (the action queue's overlay shows them); its answers are, so a copy
/// held never says less than the last answer.
package final class SessionPosts: HeardQueue {
    /// What an engine hears: newer copies of statuses, or statuses gone from the server.
    package enum News: Sendable, Equatable {
        case copies([Post])
        case deleted([String])
    }

    private struct Held {
        var status: Post
        var askedAt: Date
    }

    private struct State {
        /// The newest copies, by status id; the oldest used give way past the budget (one unit a status).
        var held = MemoryCache<String, Held>(budget: SessionPosts.capacity)
    }

    /// Enough for every list a session has open (each keeps about 240 entries in memory).
    static let capacity = 4_000

    private let state = Mutex(State())
    /// The engines that hear the copies (`feed`), each until it stops.
    package let listeners = Listeners<News>()
    private let data: AccountData
    private let writes = OrderedWrites(label: "tern.session-posts")
    private let logger = Logger(label: "tern.posts")

    init(data: AccountData, actions: ActionQueue) {
        self.data = data
        _ = actions.subscribe { [weak self] event in self?.heard(event) }
    }

    /// Copies of statuses from the server, asked for at `askedAt`, as the session now holds them: each the
    /// reported one, or the one held when that was asked for later. Every engine hears the copies (each
    /// shows what changed for it) and the store takes those that differ from what was held.
    @discardableResult
    package func heard(_ posts: [Post], askedAt: Date = Date()) -> [Post] {
        guard !posts.isEmpty else { return posts }
        let (shown, news) = state.withLock { s -> ([Post], [Post]) in
            var news: [Post] = []
            let shown = posts.map { post -> Post in
                let status = post.bareStatus, held = s.held.get(post.statusID)
                if let held, held.askedAt > askedAt { return post.showing(held.status) }
                s.held.set(post.statusID, Held(status: status, askedAt: askedAt), bytes: 1)
                if held?.status != status { news.append(status) }
                return post
            }
            return (shown, news)
        }
        guard !news.isEmpty else { return shown }
        listeners.notify(.copies(news))
        let (data, logger) = (data, logger)
        writes.write({ try data.takeServerCopies(news) }, failed: { error in
            logger.error("couldn't store the server's newer copies of posts", metadata: ["error": "\(error)", "posts": "\(news.count)"])
        })
        return shown
    }

    /// What the stream says changed (and the user's own deletions): an edit is a newer copy; a deleted status
    /// leaves every list (each says so in its place) and the store, with its boosts.
    package func streamed(_ changes: [StreamChange]) {
        var edits: [Post] = [], gone: [String] = []
        for change in changes {
            switch change {
            case .edited(let post): edits.append(post)
            case .deleted(let id): gone.append(id)
            }
        }
        heard(edits)
        guard !gone.isEmpty else { return }
        state.withLock { s in for id in gone { s.held.remove(id) } }
        listeners.notify(.deleted(gone))
        let (data, logger, removed) = (data, logger, gone)
        writes.write({ for id in removed { try data.removeStatusNow(id) } }, failed: { error in
            logger.error("couldn't remove deleted posts from the store", metadata: ["error": "\(error)"])
        })
    }

    /// The posts as the session holds them: each showing the held copy of its status, where there is one. An
    /// engine reads them so as it publishes, as what it took from the store (a thread opened again, a page
    /// read back) may be older than what the session heard since.
    package func current(_ posts: [Post]) -> [Post] {
        state.withLock { s in posts.map { post in s.held.get(post.statusID).map { post.showing($0.status) } ?? post } }
    }

    /// The post a reply answered, read again from the server (`fetch`) beside the caller once the reply was
    /// made or deleted: its reply count reaches every list. A failure is logged, and the lists keep the count
    /// they had until they read the post again.
    package func readAnsweredAgain(_ statusID: String, _ fetch: @escaping @Sendable (String) async throws -> Post) {
        let logger = logger
        Task {
            let asked = Date()
            do { heard([try await fetch(statusID)], askedAt: asked) } catch {
                logger.info("couldn't read the answered post again for its reply count", metadata: ["error": "\(error)"])
            }
        }
    }

    /// The held copy of a status, if the session has heard one.
    package func copy(of statusID: String) -> Post? {
        state.withLock { $0.held.get(statusID)?.status }
    }

    /// Returns once the store has taken every copy heard so far.
    func stored() async { await writes.settled() }

    /// Waits until the store has taken every copy heard (at exit, before the store closes).
    package func finishWriting() { writes.drain() }

    /// The action queue's answers are the server's word on a status too: the copy held takes them, as of when
    /// they came, so a later copy that says the same is no news and an older one gives way to them.
    private func heard(_ event: ActionQueue.Event) {
        state.withLock { s in
            switch event {
            case .confirmed(let answer):
                // The server's word as of now: a page asked for before it, answered after, gives way to it (a
                // profile opened while a boost was on its way showed the post not boosted once it was).
                var held = s.held.get(answer.statusID) ?? Held(status: answer.bareStatus, askedAt: .distantPast)
                held.status.takeMarksAndCounts(from: answer)
                held.askedAt = Date()
                s.held.set(answer.statusID, held, bytes: 1)
            case .pollCounted(let statusID, let poll):
                guard var held = s.held.get(statusID) else { return }
                held.status.poll = poll
                s.held.set(statusID, held, bytes: 1)
            case .deleted(let statusID):
                s.held.remove(statusID)
            case .changed, .relationship, .refused, .hashtag, .unreachable:
                break
            }
        }
    }
}
