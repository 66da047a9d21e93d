import Foundation

/// A poll on a post, as text to show.
package struct Poll: Sendable, Hashable, Codable {
    package struct Option: Sendable, Hashable, Codable {
        package var title: String
        /// Nil when the server hides counts until the poll closes.
        package var votes: Int?
        package init(title: String, votes: Int?) {
            self.title = title
            self.votes = votes
        }
    }

    package var options: [Option]
    package var votes: Int
    package var expiresAt: Date?
    package var expired: Bool
    /// Indices of the options the user chose.
    package var ownVotes: [Int]
    /// The server's id of the poll, to vote in it (optional: posts stored before it was kept have none).
    package var id: String?
    /// Whether several options may be chosen.
    package var multiple: Bool?
    /// Whether the user has voted (servers that do not say leave it to `ownVotes`).
    package var voted: Bool?
    /// The custom emoji its options use, as `:shortcode:` (nil where none).
    package var emojis: [CustomEmoji]?

    /// Closed for votes at `now`: said so by the server, or past its end (a stored post may not know yet).
    package func isClosed(at now: Date) -> Bool { expired || expiresAt.map { $0 <= now } == true }

    package init(options: [Option], votes: Int, expiresAt: Date?, expired: Bool, ownVotes: [Int], id: String? = nil,
                multiple: Bool? = nil, voted: Bool? = nil) {
        self.options = options
        self.votes = votes
        self.expiresAt = expiresAt
        self.expired = expired
        self.ownVotes = ownVotes
        self.id = id
        self.multiple = multiple
        self.voted = voted
    }

    /// The user's vote is in.
    package var hasVoted: Bool { voted ?? !ownVotes.isEmpty }

    /// The user can still vote: open, not voted, and known by its id.
    package func open(now: Date = Date()) -> Bool {
        id != nil && !hasVoted && !expired && (expiresAt.map { $0 > now } ?? true)
    }
}

/// The preview card of a post's link.
package struct LinkCard: Sendable, Hashable, Codable {
    package var url: String
    package var title: String
    package var provider: String
    /// What the page says of itself (its description), when the server sent it.
    package var summary: String?
    /// The page's picture, as the server fetched it, and its size when said (for its shape on screen).
    package var image: String?
    package var imageWidth: Int?
    package var imageHeight: Int?

    package init(url: String, title: String, provider: String, summary: String? = nil, image: String? = nil,
                imageWidth: Int? = nil, imageHeight: Int? = nil) {
        self.url = url
        self.title = title
        self.provider = provider
        self.summary = summary
        self.image = image
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
    }

    /// Width over height of the picture, when both are known and sane.
    package var imageAspect: Double? {
        guard let w = imageWidth, let h = imageHeight, w > 0, h > 0 else { return nil }
        return Double(w) / Double(h)
    }
}
