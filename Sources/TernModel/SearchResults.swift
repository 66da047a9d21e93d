/// What a server's search found (`/api/v2/search`): people, hashtags and posts, each in the server's order.
public struct SearchResults: Sendable, Equatable {
    public var accounts: [Account]
    public var hashtags: [Hashtag]
    public var posts: [Post]
    /// Entries the reader could not read, each with its reason: said beside the results, never dropped unsaid.
    public var unreadable: [String]

    public init(accounts: [Account] = [], hashtags: [Hashtag] = [], posts: [Post] = [], unreadable: [String] = []) {
        self.accounts = accounts
        self.hashtags = hashtags
        self.posts = posts
        self.unreadable = unreadable
    }

    public var isEmpty: Bool { accounts.isEmpty && hashtags.isEmpty && posts.isEmpty }
}

/// A hashtag as a server knows it: its name (without `#`), how many posts used it in the last week where
/// the server counts, and whether the user follows it where the server says.
public struct Hashtag: Sendable, Hashable {
    public var name: String
    public var weeklyUses: Int?
    public var following: Bool?

    public init(name: String, weeklyUses: Int? = nil, following: Bool? = nil) {
        self.name = name
        self.weeklyUses = weeklyUses
        self.following = following
    }
}
