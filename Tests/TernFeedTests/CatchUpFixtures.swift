import Foundation
import TernModel

/// Fixed posts for the catch-up's tests: a person, a post of theirs and a boost of it, at fixed times.
enum CatchUpFixtures {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func person(_ id: String, _ name: String? = nil) -> Account {
        Account(id: id, acct: id, displayName: name ?? id.capitalized)
    }

    /// A post `minutesAgo` old; its id grows with time, as servers' ids do.
    static func post(_ id: String, by author: Account, minutesAgo: Int, likes: Int = 0, boosts: Int = 0, replies: Int = 0,
                     text: String = "words", links: [String] = [], tags: [String] = [], card: String? = nil,
                     inReplyTo: String? = nil, pictures: Int = 0) -> Post {
        var runs = [StyledText.Run(text)]
        runs += links.map { StyledText.Run(" " + $0, style: .link($0)) }
        runs += tags.map { StyledText.Run(" #" + $0, style: .hashtag("https://example.social/tags/\($0)")) }
        var p = Post(id: id, statusID: id, account: author, createdAt: now.addingTimeInterval(-Double(minutesAgo) * 60),
                     content: StyledText(paragraphs: [[runs]]), inReplyToID: inReplyTo, repliesCount: replies,
                     boostsCount: boosts, favouritesCount: likes,
                     card: card.map { LinkCard(url: $0, title: "A page", provider: "example.org") })
        p.media = (0..<pictures).map { MediaAttachment(id: "\(id)-m\($0)", kind: .image, url: "https://example.org/\($0).png", previewURL: nil) }
        return p
    }

    /// `booster`'s boost of `post`, an entry of its own (`id`).
    static func boost(_ post: Post, id: String, by booster: Account) -> Post {
        var b = post
        b.id = id
        b.boostedBy = booster
        return b
    }
}
