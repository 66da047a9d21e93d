import Foundation

/// One timeline entry as the reader shows it. A boost is flattened: the shown content is the boosted
/// post's, `boostedBy` names who boosted it, and actions go to `statusID`.
package struct Post: Sendable, Hashable, Identifiable, Codable {
    /// The timeline entry's id (the boost's own id for a boost): what cursors and de-duplication use.
    package var id: String
    /// The id of the status that actions (like, save) apply to: the boosted one for a boost.
    package var statusID: String
    package var account: Account
    package var boostedBy: Account?
    /// When `boostedBy` boosted it (the boost's own time; `createdAt` is the post's). Nil for a post, and for a
    /// boost stored before Tern kept it.
    package var boostedAt: Date?
    package var createdAt: Date
    package var content: StyledText
    package var spoilerText: String
    package var sensitive: Bool
    package var media: [MediaAttachment]
    package var url: String?
    package var inReplyToID: String?
    package var repliesCount: Int
    package var boostsCount: Int
    package var favouritesCount: Int
    package var favourited: Bool
    package var bookmarked: Bool
    package var boosted: Bool
    package var poll: Poll?
    package var card: LinkCard?
    /// The post this one quotes, and whether it may be shown.
    package var quote: Quote?
    /// Whether the user may quote this post (nil: the server did not say).
    package var quoteApproval: QuoteApproval?
    /// The custom emoji its text (and spoiler warning, and poll) uses, as `:shortcode:` (nil where none).
    package var emojis: [CustomEmoji]?
    /// Emoji reactions, where the server has them (nil where it does not).
    package var reactions: [Reaction]?
    /// Through which API reactions are made, as the post's form said (nil with `reactions`; a post stored
    /// before Tern kept it has reactions and no API: Akkoma's is the likeliest).
    package var reactionAPI: ReactionAPI?
    /// When the author last edited the post, if they did.
    package var editedAt: Date?
    /// `public`, `unlisted`, `private` or `direct`; nil from servers (and stored posts) that didn't say.
    package var visibility: String?
    package var language: String?
    /// The handles (`acct`) the post mentions, in order; nil when not known.
    package var mentions: [String]?
    /// The user's keyword filters this post matches, as the server says (Mastodon 4's `filtered`).
    package var filters: [PostFilter]?
    /// The user's own post, pinned to their profile; nil where the server did not say.
    package var pinned: Bool?
    /// The user muted this conversation's notifications (Mastodon's `muted`); nil where not said.
    package var threadMuted: Bool?
    /// For an entry of the "Direct messages" list: the conversation this newest message stands for.
    package var conversation: Conversation?
    /// The user's marks the server has not confirmed yet. Shown, never stored: it is not the server's.
    package var pending: PendingMarks = []
    /// A web feed's item not read yet (nil for posts, which have no read marks). Shown, never stored with the
    /// post: its read mark is the store's, beside its text.
    package var unread: Bool?
    /// More words to find the post by than it shows (a web feed's item's whole text): indexed by the store's
    /// search as the post is written, never kept in its body.
    package var searchableText: String?

    /// Everything but `pending` is the server's and goes to the store.
    enum CodingKeys: String, CodingKey {
        case id, statusID, account, boostedBy, boostedAt, createdAt, content, spoilerText, sensitive, media, url, inReplyToID,
             repliesCount, boostsCount, favouritesCount, favourited, bookmarked, boosted, poll, card, quote, quoteApproval, emojis, reactions, reactionAPI, editedAt,
             visibility, language, mentions, filters, pinned, threadMuted, conversation
    }

    package init(id: String, statusID: String, account: Account, boostedBy: Account? = nil, createdAt: Date,
                content: StyledText, spoilerText: String = "", sensitive: Bool = false,
                media: [MediaAttachment] = [], url: String? = nil, inReplyToID: String? = nil,
                repliesCount: Int = 0, boostsCount: Int = 0, favouritesCount: Int = 0,
                favourited: Bool = false, bookmarked: Bool = false, boosted: Bool = false,
                poll: Poll? = nil, card: LinkCard? = nil, editedAt: Date? = nil, visibility: String? = nil,
                language: String? = nil, mentions: [String]? = nil, filters: [PostFilter]? = nil, pinned: Bool? = nil,
                threadMuted: Bool? = nil) {
        self.id = id
        self.statusID = statusID
        self.account = account
        self.boostedBy = boostedBy
        self.createdAt = createdAt
        self.content = content
        self.spoilerText = spoilerText
        self.sensitive = sensitive
        self.media = media
        self.url = url
        self.inReplyToID = inReplyToID
        self.repliesCount = repliesCount
        self.boostsCount = boostsCount
        self.favouritesCount = favouritesCount
        self.favourited = favourited
        self.bookmarked = bookmarked
        self.boosted = boosted
        self.poll = poll
        self.card = card
        self.editedAt = editedAt
        self.visibility = visibility
        self.language = language
        self.mentions = mentions
        self.filters = filters
        self.pinned = pinned
        self.threadMuted = threadMuted
    }
}

extension Post {
    /// Takes the server's word on the user's marks and the counts from another copy of the same status
    /// (an action's answer, a refetch), keeping this copy's id, booster and text.
    package mutating func takeMarksAndCounts(from status: Post) {
        favourited = status.favourited
        bookmarked = status.bookmarked
        boosted = status.boosted
        favouritesCount = status.favouritesCount
        boostsCount = status.boostsCount
        repliesCount = status.repliesCount
        pinned = status.pinned ?? pinned
        threadMuted = status.threadMuted ?? threadMuted
        reactions = status.reactions ?? reactions
        reactionAPI = status.reactionAPI ?? reactionAPI
    }
}

/// One of the user's filters a post matched: its title, and whether to warn (shown folded, with the
/// title) or hide (not shown at all).
package struct PostFilter: Sendable, Hashable, Codable {
    package enum Action: String, Sendable, Codable {
        case warn, hide, blur
    }

    package var title: String
    package var action: Action

    package init(title: String, action: Action) {
        self.title = title
        self.action = action
    }
}

extension Post {
    /// An item of a web feed (its "author" is the feed): nothing of the fediverse acts on it.
    package var isWebFeedItem: Bool { account.id.hasPrefix("feed:") }

    /// A filter says to hide the post.
    package var filteredOut: Bool { filters?.contains { $0.action == .hide } ?? false }

    /// The titles of the filters that fold the post behind a warning.
    package var filterWarnings: [String] { (filters ?? []).filter { $0.action == .warn }.map(\.title) }

    /// Its pictures show only blurred until revealed: marked sensitive, or a filter of the user's says blur.
    package var blursMedia: Bool { sensitive || filters?.contains { $0.action == .blur } == true }
}

/// Marks on a post that are the user's wish, not yet the server's word.
package struct PendingMarks: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let favourite = PendingMarks(rawValue: 1 << 0)
    package static let bookmark = PendingMarks(rawValue: 1 << 1)
    package static let boost = PendingMarks(rawValue: 1 << 2)
    package static let vote = PendingMarks(rawValue: 1 << 3)
}
