/// What a server's search found (`/api/v2/search`): people, hashtags and posts, each in the server's order.
package struct SearchResults: Sendable, Equatable {
    package var accounts: [Account]
    package var hashtags: [Hashtag]
    package var posts: [Post]
    /// Entries the reader could not read, each with its reason: said beside the results, never dropped unsaid.
    package var unreadable: [String]

    package init(accounts: [Account] = [], hashtags: [Hashtag] = [], posts: [Post] = [], unreadable: [String] = []) {
        self.accounts = accounts
        self.hashtags = hashtags
        self.posts = posts
        self.unreadable = unreadable
    }

    package var isEmpty: Bool { accounts.isEmpty && hashtags.isEmpty && posts.isEmpty }
}

/// A hashtag as a server knows it: its name (without `#`), how many posts used it in the last week where
/// the server counts, and whether the user follows it where the server says.
package struct Hashtag: Sendable, Hashable {
    package var name: String
    package var weeklyUses: Int?
    package var following: Bool?

    package init(name: String, weeklyUses: Int? = nil, following: Bool? = nil) {
        self.name = name
        self.weeklyUses = weeklyUses
        self.following = following
    }
}
