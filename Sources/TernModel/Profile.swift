import Foundation

/// An account as its profile shows it: the header of the profile screen.
package struct Profile: Sendable, Hashable, Codable {
    /// A name/value line of the profile; `verified` when the server checked the link points back.
    package struct Field: Sendable, Hashable, Codable {
        package var name: String
        package var value: StyledText
        package var verified: Bool

        package init(name: String, value: StyledText, verified: Bool) {
            self.name = name
            self.value = value
            self.verified = verified
        }
    }

    package var account: Account
    package var note: StyledText
    package var fields: [Field]
    package var followers: Int
    package var following: Int
    package var posts: Int
    package var createdAt: Date?
    package var locked: Bool
    package var bot: Bool
    /// The counts and the joining date came from the server (or its stored copy): a header made from a post's
    /// author alone, opened offline, has none, which are not zeros.
    package var countsKnown = true

    enum CodingKeys: String, CodingKey {
        case account, note, fields, followers, following, posts, createdAt, locked, bot
    }

    package init(account: Account, note: StyledText = .empty, fields: [Field] = [], followers: Int = 0, following: Int = 0,
                posts: Int = 0, createdAt: Date? = nil, locked: Bool = false, bot: Bool = false) {
        self.account = account
        self.note = note
        self.fields = fields
        self.followers = followers
        self.following = following
        self.posts = posts
        self.createdAt = createdAt
        self.locked = locked
        self.bot = bot
    }
}

/// How the user and another account are related.
package struct Relationship: Sendable, Hashable, Codable {
    package var following: Bool
    package var followedBy: Bool
    /// A follow request is waiting for the other side (locked accounts).
    package var requested: Bool
    package var muting: Bool
    package var blocking: Bool
    /// The account asked to follow the user, who has not answered yet (Mastodon's `requested_by`).
    package var requestedBy: Bool

    package init(following: Bool = false, followedBy: Bool = false, requested: Bool = false, muting: Bool = false,
                blocking: Bool = false, requestedBy: Bool = false) {
        self.following = following
        self.followedBy = followedBy
        self.requested = requested
        self.muting = muting
        self.blocking = blocking
        self.requestedBy = requestedBy
    }

    /// Stored relationships from before muting, blocking and requests to follow the user were kept read as none.
    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        following = try c.decode(Bool.self, forKey: .following)
        followedBy = try c.decode(Bool.self, forKey: .followedBy)
        requested = try c.decode(Bool.self, forKey: .requested)
        muting = try c.decodeIfPresent(Bool.self, forKey: .muting) ?? false
        blocking = try c.decodeIfPresent(Bool.self, forKey: .blocking) ?? false
        requestedBy = try c.decodeIfPresent(Bool.self, forKey: .requestedBy) ?? false
    }
}
