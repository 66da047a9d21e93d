import Foundation
import TernMastodon
import TernModel

/// What the streaming API changes in a timeline, and the counts that it doesn't stream.
extension TimelineEngine {
    /// The session's news: a newer copy of a status changes every entry showing it in place; a deletion
    /// leaves a line in its place until the window is read again. One snapshot per batch. The store has
    /// them from `SessionPosts`, so the next start shows neither the old copy nor the deleted post.
    func take(_ news: SessionPosts.News) {
        switch news {
        case .copies(let copies):
            // Published whenever the window shows one of them: what it shows is the session's copy (`emit`),
            // which may have moved on since the last snapshot even where the window's own copy had not.
            let ids = Set(copies.map(\.statusID))
            if window.show(copies) || window.posts.contains(where: { ids.contains($0.statusID) }) { emit() }
        case .deleted(let statusIDs):
            let shown = Set(window.posts.map(\.statusID))
            let gone = statusIDs.filter { shown.contains($0) && !deleted.contains($0) }
            guard !gone.isEmpty else { return }
            deleted.formUnion(gone)
            emit()
        }
    }

    /// The posts in view, asked for one by one (at most eight): the session hears them (`SessionPosts`), and so
    /// does every list showing them, this one whatever the session held.
    func fetchCounts() {
        guard !offline, !forcedOffline, !timeline.isLocal, !timeline.isWebFeeds else { return }
        let posts = window.posts
        let ids = posts.indices.contains(visible.lowerBound)
            ? Array(posts[visible.lowerBound...min(visible.upperBound, posts.count - 1)].map(\.statusID).prefix(8)) : []
        guard !ids.isEmpty else { return }
        let client = self.client, logger = self.logger, session = self.posts
        Task {
            let asked = Date()
            var fresh: [Post] = []
            for id in ids {
                do { fresh.append(try await client.status(id: id)) }
                catch { logger.info("couldn't refresh a post's counts", metadata: ["error": "\(error)"]) }
            }
            // Every list showing them hears the copies that changed; this one takes them whatever the
            // session held, as its window may have been read from the store before the last copy was stored.
            let shown = session.heard(fresh, askedAt: asked)
            if !shown.isEmpty { self.send(.posts(.copies(shown))) }
        }
    }
}
