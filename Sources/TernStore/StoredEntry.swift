import Foundation
import TernModel

/// One row of a stored timeline: a post, or a gap where posts are known to be missing.
package enum StoredEntry: Sendable {
    case post(Post, seq: Int64)
    case gap(StoredGap)

    /// Position in the timeline: smaller is newer.
    package var seq: Int64 {
        switch self {
        case .post(_, let seq): return seq
        case .gap(let g): return g.seq
        }
    }

    package var post: Post? {
        if case .post(let p, _) = self { return p }
        return nil
    }
}

/// A gap and the server's links that page into it from each side.
package struct StoredGap: Sendable, Hashable {
    /// Stable while the gap exists ("gap-" and its row id).
    package var id: String
    package var seq: Int64
    /// Pages into the gap from its newer end.
    package var fromTop: URL?
    /// Pages into the gap from its older end.
    package var fromBottom: URL?

    package init(id: String = "", seq: Int64 = 0, fromTop: URL?, fromBottom: URL?) {
        self.id = id
        self.seq = seq
        self.fromTop = fromTop
        self.fromBottom = fromBottom
    }
}

/// Where new entries go in a timeline.
package enum InsertPosition: Sendable {
    /// Above the newest entry.
    case top
    /// Below the oldest entry.
    case bottom
    /// Between two adjacent entries, given by their seqs.
    case between(newer: Int64, older: Int64)
}

/// A run of stored entries, newest first, and whether the timeline goes on beyond either end.
package struct StoredRun: Sendable {
    package var entries: [StoredEntry]
    package var hasNewer: Bool
    package var hasOlder: Bool
}

/// A timeline's cursors and the user's place in it.
package struct TimelineState: Sendable, Equatable {
    package var olderURL: URL?
    package var newerURL: URL?
    package var reachedEnd = false
    package var anchorID: String?
    package var anchorOffset = 0
    /// The newest post the user has had in view (`TimelineEngine`'s read mark).
    package var seenID: String?
    /// The post that was selected, drawn `anchorOffset` lines into the view from the anchor's top (nil: the anchor).
    package var selectedID: String?

    package init(olderURL: URL? = nil, newerURL: URL? = nil, reachedEnd: Bool = false, anchorID: String? = nil,
                anchorOffset: Int = 0, seenID: String? = nil, selectedID: String? = nil) {
        self.seenID = seenID
        self.selectedID = selectedID
        self.olderURL = olderURL
        self.newerURL = newerURL
        self.reachedEnd = reachedEnd
        self.anchorID = anchorID
        self.anchorOffset = anchorOffset
    }
}

/// How much attention a stored post drew (likes and boosts), and whose it is: all Catch-up needs of the posts
/// older than its window (`TimelineData.attention`).
package struct PostAttention: Sendable, Hashable {
    package var statusID: String
    package var authorID: String
    package var attention: Int

    package init(statusID: String, authorID: String, attention: Int) {
        (self.statusID, self.authorID, self.attention) = (statusID, authorID, attention)
    }
}
