import Foundation
import TernModel
import TernStore

/// Reads a catch-up's window from the stored home timeline, a page at a time from its newest entry down,
/// never the whole table: the window's entries, then a few older posts so each author's usual attention
/// (`AuthorUsual`) is measured on more than the window.
package struct CatchUpReader: Sendable {
    /// Where the last catch-up's newest post is kept (a marker of the store's, never sent to the server).
    package static let lastCatchUpMarker = "catchup"

    package var data: AccountData
    package var pageSize = 200
    /// The most entries a window holds; beyond, the oldest are left (and said: `Window.cut`).
    package var limit = 5_000
    /// Older posts read past the window for the authors' usual attention.
    package var baseline = 1_000

    package init(data: AccountData) {
        self.data = data
    }

    /// What was read: the window's entries, newest first; the attention of the older posts read for the
    /// baseline; whether the window went on past `limit`; the gaps met inside it (posts the cache never fetched).
    package struct Window: Sendable {
        package var entries: [Post]
        package var older: [PostAttention]
        package var cut: Bool
        package var gaps = 0
        /// A post older than the window's start was met: the cache reaches back to it.
        package var reachesStart = false
    }

    /// The read mark (the newest post the user had at the top of Home) and the last catch-up's newest post.
    package func marks() async throws -> (readMark: String?, lastCatchUp: String?) {
        let home = data.timeline(TimelineID.home.storageKey)
        return (try home.state().seenID, try await data.marker(Self.lastCatchUpMarker)?.lastReadID)
    }

    /// The window's entries. An original post older than the window ends it; a boost's time is its post's,
    /// not the boost's, so a boost of an old post above that point is in it. Posts past the window are read
    /// only for their attention (`TimelineData.attention`), not decoded.
    package func read(_ bounds: CatchUpBounds) throws -> Window {
        let home = data.timeline(TimelineID.home.storageKey)
        var entries: [Post] = []
        var page = try home.run(around: nil, before: 0, after: pageSize).entries
        var gaps = 0, cut = false
        var end: Int64?
        reading: while !page.isEmpty {
            for entry in page {
                guard let post = entry.post else {
                    gaps += 1
                    continue
                }
                let inside = bounds.holds(post)
                if !inside || entries.count == limit {
                    end = entry.seq
                    cut = inside
                    break reading
                }
                entries.append(post)
            }
            guard let last = page.last else { break }
            page = try home.entries(olderThan: last.seq, limit: pageSize).entries
        }
        let older = try end.map { try home.attention(from: $0, limit: baseline) } ?? []
        return Window(entries: entries, older: older, cut: cut, gaps: gaps, reachesStart: end != nil)
    }

    /// The catch-up is read: the read mark (Home's newest seen post) and the last catch-up move to `newestID`.
    package func finish(newestID: String) async throws {
        let home = data.timeline(TimelineID.home.storageKey)
        if try home.state().seenID.map({ ServerID.isNewer(newestID, than: $0) }) ?? true { try home.saveSeen(newestID) }
        try await data.saveMarker(Self.lastCatchUpMarker, lastReadID: newestID, unsent: false)
    }
}
