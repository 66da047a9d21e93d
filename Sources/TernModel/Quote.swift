/// A post quoted in another: Mastodon 4.4's `quote` (a state and the quoted post, or only its id when
/// nested), or the older form of Akkoma, Pleroma and Fedibird (the quoted post itself, and `quote_id`).
package struct Quote: Sendable, Hashable, Codable {
    /// Mastodon's states of a quote; anything else a server sends is `unknown`, said as such.
    package enum State: String, Sendable, Codable {
        case accepted, pending, rejected, revoked, deleted, unauthorized
        case blockedAccount = "blocked_account", blockedDomain = "blocked_domain", mutedAccount = "muted_account"
        case unknown
    }

    package var state: State
    /// The quoted post's id, when the server gave it (with or without the post).
    package var quotedID: String?
    /// The quoted post, when the server sent it and its state lets it show, without a quote of its own
    /// (one level, as Mastodon nests them). Kept in an array: a post cannot hold a post directly.
    private var quoted: [Post]

    package var post: Post? { quoted.first }

    package init(state: State, post: Post?, quotedID: String? = nil) {
        self.state = state
        var inner = post
        inner?.quote = nil
        quoted = inner.map { [$0] } ?? []
        self.quotedID = quotedID ?? post?.statusID
    }

    /// What the frame says instead of the post, when there is none to show; nil when it shows.
    package var words: String? {
        switch state {
        case .accepted: return post == nil ? "The quoted post was not sent with this one" : nil
        case .pending: return "The quoted post's author has not yet allowed this quote"
        case .rejected: return "The quoted post's author did not allow this quote"
        case .revoked: return "The quoted post's author withdrew it from this quote"
        case .deleted: return "The quoted post was deleted"
        case .unauthorized: return "The quoted post is not visible to you"
        case .blockedAccount: return "The quoted post is by someone you blocked"
        case .blockedDomain: return "The quoted post is from a server you blocked"
        case .mutedAccount: return "The quoted post is by someone you muted"
        case .unknown: return post == nil ? "A quoted post this server describes in a way Tern does not know" : nil
        }
    }
}
