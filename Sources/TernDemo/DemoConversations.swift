import Foundation
import TernModel

/// One of the demo user's direct conversations (`/api/v1/conversations`): who else is in it (account
/// indexes), its messages oldest first, and whether the newest is unread.
struct DemoConversation: Sendable {
    var id: Int
    var participants: [Int]
    var messages: [UInt64]
    var unread: Bool
}

extension DemoWorld {
    /// Messages of a conversation sit just below the next post's id, clear of the replies under a post.
    static let directIDBase: UInt64 = 61_000
    static let directIDStep: UInt64 = 8

    /// Three conversations among the newest posts: one the user has not read (someone asked, the user
    /// answered, they answered back), a group one, and one the user began.
    func directMessages(among posts: [DemoPost]) -> (messages: [DemoPost], conversations: [DemoConversation]) {
        let originals = posts.filter { $0.boostOf == nil }
        let plans: [(anchorFromNewest: Int, participants: [Int], authors: [Int], unread: Bool)] = [
            (3, [7], [7, 0, 7], true),
            (10, [12, 3], [12, 3], false),
            (25, [20], [0, 20], false),
        ]
        var rng = SeededRandom.derived(seed, 0xD1EC7)
        let text = DemoText(host: host)
        var messages: [DemoPost] = [], conversations: [DemoConversation] = []
        for (n, plan) in plans.enumerated() where originals.count > plan.anchorFromNewest && plan.participants.allSatisfy({ $0 < accounts.count }) {
            let anchor = originals[originals.count - 1 - plan.anchorFromNewest]
            var ids: [UInt64] = []
            for (m, author) in plan.authors.enumerated() {
                let id = anchor.id + Self.directIDBase + UInt64(m) * Self.directIDStep
                // Everyone in the conversation but the writer is addressed, as a direct message must be.
                let addressed = ([0] + plan.participants).filter { $0 != author }
                let handles = addressed.map { "@" + accounts[$0].username }.joined(separator: " ")
                let words = Int.random(in: 6...18, using: &rng)
                let html = "<p>" + text.escape(handles + " " + text.sentence(&rng, words: words)) + "</p>"
                var post = DemoPost(id: id, authorIndex: author, createdAt: anchor.createdAt.addingTimeInterval(Double(m + 1) * 90),
                                    html: html, spoilerText: "", sensitive: false, language: "en", media: [], mentions: addressed,
                                    tags: [], inReplyTo: ids.last.map { ($0, plan.authors[m - 1]) }, repliesCount: 0,
                                    boostsCount: 0, favouritesCount: 0, boostOf: nil)
                post.visibility = "direct"
                // Each message answers the one before, which counts it (they all said ↩ 0 over their answer).
                if m > 0 { messages[messages.count - 1].repliesCount += 1 }
                messages.append(post)
                ids.append(id)
            }
            conversations.append(DemoConversation(id: n + 1, participants: plan.participants, messages: ids, unread: plan.unread))
        }
        return (messages, conversations)
    }
}

extension DemoState {
    /// Conversations newest message first, below or above a message id (`max_id`, `min_id`), as Mastodon
    /// orders and pages them; each with its newest message still there (nil when all are deleted).
    func conversationPage(maxID: UInt64?, minID: UInt64?, limit: Int) -> [(DemoConversation, DemoPost?)] {
        let listed = conversations.map { c in (c, c.messages.reversed().lazy.compactMap { self.post(id: $0) }.first) }
            .sorted { ($0.1?.id ?? $0.0.messages.last ?? 0) > ($1.1?.id ?? $1.0.messages.last ?? 0) }
        let key: ((DemoConversation, DemoPost?)) -> UInt64 = { $0.1?.id ?? $0.0.messages.last ?? 0 }
        var page = listed.filter { maxID == nil || key($0) < maxID! }
        if let minID {
            // The ones just above `min_id`, still newest first.
            page = Array(page.filter { key($0) > minID }.suffix(max(1, min(40, limit))))
        }
        return Array(page.prefix(max(1, min(40, limit))))
    }

    /// Marks a conversation read; nil when there is none by that id.
    func markConversationRead(_ id: Int) -> (DemoConversation, DemoPost?)? {
        guard let i = conversations.firstIndex(where: { $0.id == id }) else { return nil }
        conversations[i].unread = false
        let c = conversations[i]
        return (c, c.messages.reversed().lazy.compactMap { self.post(id: $0) }.first)
    }

    /// A direct post of the user's joins the conversation of the message it answers, or begins one with
    /// the accounts it mentions.
    func joinConversation(_ post: DemoPost, answering parent: DemoPost?) {
        guard post.visibility == "direct" else { return }
        if let parent, let i = conversations.firstIndex(where: { $0.messages.contains(parent.id) }) {
            conversations[i].messages.append(post.id)
            return
        }
        let others = post.mentions.filter { $0 != 0 }
        conversations.append(DemoConversation(id: (conversations.map(\.id).max() ?? 0) + 1, participants: others,
                                              messages: [post.id], unread: false))
    }
}
