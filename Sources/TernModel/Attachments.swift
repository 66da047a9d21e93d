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

    public init(options: [Option], votes: Int, expiresAt: Date?, expired: Bool, ownVotes: [Int]) {
        self.options = options
        self.votes = votes
        self.expiresAt = expiresAt
        self.expired = expired
        self.ownVotes = ownVotes
    }
}

/// The preview card of a post's link.
public struct LinkCard: Sendable, Hashable, Codable {
    public var url: String
    public var title: String
    public var provider: String

    public init(url: String, title: String, provider: String) {
        self.url = url
        self.title = title
        self.provider = provider
    }
}
