import Foundation
import TernMastodon
import TernModel

/// What the streaming API changes in a timeline, and the counts that it doesn't stream.
extension TimelineEngine {
    /// Edits change posts in place; a deletion leaves a line in its place until the window is read
    /// again. One snapshot per batch. The store takes both, so the next start shows neither the old
    /// text nor the deleted post.
    func applyStreamed(_ changes: [StreamChange]) {
        var touched = false
        for change in changes {
            switch change {
            case .edited(let status):
                guard window.posts.contains(where: { $0.statusID == status.statusID }) else { continue }
                window.replace(with: status)
                touched = true
            case .deleted(let statusID):
                guard window.posts.contains(where: { $0.statusID == statusID }) else { continue }
                deleted.insert(statusID)
                touched = true
            }
        }
        if touched { emit() }
        let data = self.data, logger = self.logger
        Task {
            for change in changes {
                do {
                    switch change {
                    case .edited(let status): try await data.applyEdit(status)
                    case .deleted(let statusID): try await data.removeStatus(statusID)
                    }
                } catch {
                    logger.error("couldn't store a streamed change", metadata: ["error": "\(error)"])
                }
            }
        }
    }

    /// The posts in view, asked for one by one (at most eight; `.countsFetched` brings them back).
    func fetchCounts() {
        guard !offline, !forcedOffline, !timeline.isLocal, !timeline.isWebFeeds else { return }
        let posts = window.posts
        let ids = posts.indices.contains(visible.lowerBound)
            ? Array(posts[visible.lowerBound...min(visible.upperBound, posts.count - 1)].map(\.statusID).prefix(8)) : []
        guard !ids.isEmpty else { return }
        let client = self.client, logger = self.logger
        Task {
            var fresh: [Post] = []
            for id in ids {
                do { fresh.append(try await client.status(id: id)) }
                catch { logger.info("couldn't refresh a post's counts", metadata: ["error": "\(error)"]) }
            }
            if !fresh.isEmpty { self.send(.countsFetched(fresh)) }
        }
    }
}
