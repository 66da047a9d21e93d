import Foundation
import TernModel
import TernStore

/// The attention each author usually gets: the median of likes and boosts over their posts the store holds,
/// each status once. What stand-outs are measured against.
package struct AuthorUsual: Sendable {
    private(set) var medians: [String: Double]

    init(medians: [String: Double]) { self.medians = medians }

    /// From any lists of posts (the window's and older): boosts count for the boosted post's author. Each
    /// post is read where it lies, not copied.
    package init(_ lists: [Post]...) {
        self.init(lists.flatMap { $0 }, older: [])
    }

    /// From the window's posts and the attention of older ones (`TimelineData.attention`), each status once.
    package init(_ posts: [Post], older: [PostAttention]) {
        var seen: Set<String> = []
        var attention: [String: [Int]] = [:]
        for i in posts.indices where seen.insert(posts[i].statusID).inserted {
            attention[posts[i].account.id, default: []].append(posts[i].favouritesCount + posts[i].boostsCount)
        }
        for post in older where seen.insert(post.statusID).inserted {
            attention[post.authorID, default: []].append(post.attention)
        }
        medians = attention.mapValues(Self.median)
    }

    /// The author's median attention; 0 for one with no post held.
    package func median(of accountID: String) -> Double { medians[accountID] ?? 0 }

    static func median(_ values: [Int]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? Double(sorted[mid]) : Double(sorted[mid - 1] + sorted[mid]) / 2
    }
}
