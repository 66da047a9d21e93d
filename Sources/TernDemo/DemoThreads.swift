import TernModel
import Foundation

/// Reply trees under some demo posts, made from the seed. Replies live outside the timelines (as on a
/// real server, where most replies never reach your home timeline) and are found through contexts.
extension DemoWorld {
    /// Ids of replies sit between their root's id and the next post's, clear of its media ids.
    static let replyIDBase: UInt64 = 4_096
    static let replyIDStep: UInt64 = 8

    /// Replies under `root`: `count` of them, none deeper than `maxDepth` below the root, each answering
    /// the root or an earlier reply. The demo user ("you", account 0) writes every fifth.
    func replies(under root: DemoPost, count: Int, maxDepth: Int, deepChain: Bool = false) -> [DemoPost] {
        var rng = SeededRandom.derived(seed, root.id ^ 0x7E4D)
        var made: [(post: DemoPost, depth: Int)] = []
        let text = DemoText(host: host)
        for k in 0..<count {
            let id = root.id + Self.replyIDBase + UInt64(k) * Self.replyIDStep
            // A chain answers the reply before; a tree answers anything not yet at the depth limit.
            let open = made.filter { $0.depth < maxDepth }
            let parent: (post: DemoPost, depth: Int)
            if deepChain, let last = made.last, last.depth < maxDepth { parent = last }
            else if open.isEmpty || rng.chance(0.3) { parent = (root, 0) }
            else { parent = rng.pick(open) }
            let author = k % 5 == 2 ? 0 : 1 + Int.random(in: 0..<(accounts.count - 1), using: &rng)
            let words = Int.random(in: 4...20, using: &rng)
            let html = "<p>" + text.escape("Reply \(k + 1): " + text.sentence(&rng, words: words)) + "</p>"
            let post = DemoPost(id: id, authorIndex: author,
                                createdAt: root.createdAt.addingTimeInterval(Double(k + 1) * 45),
                                html: html, spoilerText: "", sensitive: false, language: "en", media: [], mentions: [parent.post.authorIndex],
                                tags: [], inReplyTo: (parent.post.id, parent.post.authorIndex), repliesCount: 0,
                                boostsCount: Int.random(in: 0...3, using: &rng), favouritesCount: Int.random(in: 0...9, using: &rng),
                                boostOf: nil)
            made.append((post, parent.depth + 1))
        }
        return made.map(\.post)
    }
}

/// One notification of the demo user's, before it is written to the wire.
struct DemoNotification: Sendable {
    var id: UInt64
    var type: String
    var account: Int
    var statusID: UInt64?
    var createdAt: Date
    /// How Mastodon would group it: likes and boosts of one post, and follows, close in time.
    var groupKey: String
}

extension DemoWorld {
    static let firstNotificationID: UInt64 = 7_000_000

    /// The demo user's notifications, oldest first, about `yours` (posts by the demo user) and `others` (posts
    /// by others, with their authors: a mention, a post or an edit comes from whoever wrote it). Every type
    /// appears; one mention's post has since been deleted (its status is gone), as happens.
    func notifications(yours: [UInt64], others: [(id: UInt64, author: Int)], count: Int, now: Date) -> [DemoNotification] {
        var rng = SeededRandom.derived(seed, 0x40717)
        var out: [DemoNotification] = []
        let types = ["favourite", "favourite", "favourite", "reblog", "reblog", "follow", "follow", "mention", "mention",
                     "status", "update", "poll", "follow_request"]
        var t = now.addingTimeInterval(-3 * 86_400)
        for i in 0..<count {
            let id = Self.firstNotificationID + UInt64(i) * 16
            // The last few are one of each type, so the newest page shows them all, after a burst of likes
            // of one post by six people.
            let burst = (count - types.count - 6)..<(count - types.count)
            let type = i >= count - types.count ? types[i - (count - types.count)] : burst.contains(i) ? "favourite" : rng.pick(types)
            var account = 1 + Int.random(in: 0..<(accounts.count - 1), using: &rng)
            var status: UInt64?
            switch type {
            case "favourite", "reblog", "poll": status = yours.isEmpty ? nil : yours[Int.random(in: 0..<min(3, yours.count), using: &rng)]
            case "mention", "status", "update":
                if !others.isEmpty {
                    let post = rng.pick(others)
                    (status, account) = (post.id, post.author)
                }
            default: status = nil
            }
            if burst.contains(i), let first = yours.first { status = first }
            t = t.addingTimeInterval(burst.contains(i) ? 30 : Double.random(in: 60...3_000, using: &rng))
            let bucket = Int(t.timeIntervalSince1970 / 21_600)
            let key: String
            switch type {
            case "favourite", "reblog": key = "\(type)-\(status ?? 0)-\(bucket)"
            case "follow": key = "follow-\(bucket)"
            default: key = "ungrouped-\(id)"
            }
            out.append(DemoNotification(id: id, type: type, account: account, statusID: status, createdAt: t, groupKey: key))
        }
        // A mention whose post was deleted: the server sends it with no status.
        if let i = out.indices.dropLast(types.count).last(where: { out[$0].type == "mention" }) { out[i].statusID = 1 }
        return out
    }
}
