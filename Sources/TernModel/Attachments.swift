import Foundation

/// A poll on a post, as text to show.
public struct Poll: Sendable, Hashable, Codable {
    public struct Option: Sendable, Hashable, Codable {
        public var title: String
        /// Nil when the server hides counts until the poll closes.
        public var votes: Int?
        public init(title: String, votes: Int?) {
            self.title = title
            self.votes = votes
        }
    }

    public var options: [Option]
    public var votes: Int
    public var expiresAt: Date?
    public var expired: Bool
    /// Indices of the options the user chose.
    public var ownVotes: [Int]
    /// The server's id of the poll, to vote in it (optional: posts stored before it was kept have none).
    public var id: String?
    /// Whether several options may be chosen.
    public var multiple: Bool?
    /// Whether the user has voted (servers that do not say leave it to `ownVotes`).
    public var voted: Bool?

    public init(options: [Option], votes: Int, expiresAt: Date?, expired: Bool, ownVotes: [Int], id: String? = nil,
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
    public var hasVoted: Bool { voted ?? !ownVotes.isEmpty }

    /// The user can still vote: open, not voted, and known by its id.
    public func open(now: Date = Date()) -> Bool {
        id != nil && !hasVoted && !expired && (expiresAt.map { $0 > now } ?? true)
    }
}

/// The preview card of a post's link.
public struct LinkCard: Sendable, Hashable, Codable {
    public var url: String
    public var title: String
    public var provider: String
    /// What the page says of itself (its description), when the server sent it.
    public var summary: String?

    public init(url: String, title: String, provider: String, summary: String? = nil) {
        self.url = url
        self.title = title
        self.provider = provider
        self.summary = summary
    }
}
