import Foundation

/// An account as its profile shows it: the header of the profile screen.
public struct Profile: Sendable, Hashable, Codable {
    /// A name/value line of the profile; `verified` when the server checked the link points back.
    public struct Field: Sendable, Hashable, Codable {
        public var name: String
        public var value: StyledText
        public var verified: Bool

        public init(name: String, value: StyledText, verified: Bool) {
            self.name = name
            self.value = value
            self.verified = verified
        }
    }

    public var account: Account
    public var note: StyledText
    public var fields: [Field]
    public var followers: Int
    public var following: Int
    public var posts: Int
    public var createdAt: Date?
    public var locked: Bool
    public var bot: Bool

    public init(account: Account, note: StyledText = .empty, fields: [Field] = [], followers: Int = 0, following: Int = 0,
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
public struct Relationship: Sendable, Hashable, Codable {
    public var following: Bool
    public var followedBy: Bool
    /// A follow request is waiting for the other side (locked accounts).
    public var requested: Bool
    public var muting: Bool
    public var blocking: Bool

    public init(following: Bool = false, followedBy: Bool = false, requested: Bool = false, muting: Bool = false,
                blocking: Bool = false) {
        self.following = following
        self.followedBy = followedBy
        self.requested = requested
        self.muting = muting
        self.blocking = blocking
    }

    /// Stored relationships from before muting and blocking were kept read as neither.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        following = try c.decode(Bool.self, forKey: .following)
        followedBy = try c.decode(Bool.self, forKey: .followedBy)
        requested = try c.decode(Bool.self, forKey: .requested)
        muting = try c.decodeIfPresent(Bool.self, forKey: .muting) ?? false
        blocking = try c.decodeIfPresent(Bool.self, forKey: .blocking) ?? false
    }
}
