// The Mastodon wire format as the demo server writes it (snake_case keys via the encoder).

/// A custom emoji as a status lists the ones it uses.
struct WireEmoji: Encodable, Sendable {
    var shortcode: String
    var url: String
    var staticUrl: String
    var visibleInPicker = true
}

struct WireField: Encodable {
    var name: String
    var value: String
    var verifiedAt: String?
}

struct WireAccount: Encodable {
    var id: String
    var username: String
    var acct: String
    var displayName: String
    var locked = false
    var bot = false
    var discoverable = true
    var group = false
    var createdAt: String
    var note: String
    var url: String
    var uri: String
    var avatar: String
    var avatarStatic: String
    var header: String
    var headerStatic: String
    var followersCount: Int
    var followingCount: Int
    var statusesCount: Int
    var lastStatusAt: String?
    var emojis: [WireEmoji] = []
    var fields: [WireField] = []
}

struct WireImageSize: Encodable {
    var width: Int
    var height: Int
    var size: String
    var aspect: Double
}

struct WireMediaMeta: Encodable {
    var original: WireImageSize?
    var small: WireImageSize?
    var focus: WireFocus? = nil
}

struct WireFocus: Encodable {
    var x: Double
    var y: Double
}

struct WireMedia: Encodable {
    var id: String
    var type: String
    var url: String?
    var previewUrl: String
    var remoteUrl: String?
    var previewRemoteUrl: String?
    var textUrl: String?
    var meta: WireMediaMeta
    var description: String?
    var blurhash: String
}

struct WireMention: Encodable {
    var id: String
    var username: String
    var url: String
    var acct: String
}

struct WireTag: Encodable {
    var name: String
    var url: String
}

final class WireStatus: Encodable, Sendable {
    let id: String
    let createdAt: String
    let inReplyToId: String?
    let inReplyToAccountId: String?
    let sensitive: Bool
    let spoilerText: String
    let visibility: String
    let language: String?
    let uri: String
    let url: String?
    let repliesCount: Int
    let reblogsCount: Int
    let favouritesCount: Int
    let editedAt: String?
    let favourited: Bool
    let reblogged: Bool
    let muted: Bool
    let bookmarked: Bool
    /// Only on the user's own posts, as Mastodon writes it.
    let pinned: Bool?
    let content: String
    let filtered: [WireFilterResult]
    let reblog: WireStatus?
    let application: [String: String]? = nil
    let account: WireAccount
    let mediaAttachments: [WireMedia]
    let mentions: [WireMention]
    let tags: [WireTag]
    let emojis: [WireEmoji]
    let card: WireCard?
    let poll: WirePoll?
    /// Mastodon 4.4's quote: its state, and the quoted status when it may be shown.
    let quote: WireQuote?
    /// Mastodon 4.5's quote policy as it applies to the user; absent where the server has none.
    let quoteApproval: WireQuoteApproval?
    /// Akkoma's and Pleroma's own fields: here, the emoji reactions.
    let pleroma: WirePleroma?

    init(id: String, createdAt: String, inReplyToId: String?, inReplyToAccountId: String?, sensitive: Bool,
         spoilerText: String, language: String?, uri: String, url: String?, repliesCount: Int,
         reblogsCount: Int, favouritesCount: Int, favourited: Bool, reblogged: Bool, bookmarked: Bool,
         content: String, reblog: WireStatus?, account: WireAccount, mediaAttachments: [WireMedia],
         mentions: [WireMention], tags: [WireTag], editedAt: String? = nil, visibility: String = "public",
         poll: WirePoll? = nil, filtered: [WireFilterResult] = [], pinned: Bool? = nil, muted: Bool = false,
         quote: WireQuote? = nil, quoteApproval: WireQuoteApproval? = nil, pleroma: WirePleroma? = nil, card: WireCard? = nil,
         emojis: [WireEmoji] = []) {
        self.emojis = emojis
        self.card = card
        self.quote = quote
        self.pleroma = pleroma
        self.quoteApproval = quoteApproval
        self.filtered = filtered
        self.pinned = pinned
        self.muted = muted
        self.editedAt = editedAt
        self.visibility = visibility
        self.poll = poll
        self.id = id
        self.createdAt = createdAt
        self.inReplyToId = inReplyToId
        self.inReplyToAccountId = inReplyToAccountId
        self.sensitive = sensitive
        self.spoilerText = spoilerText
        self.language = language
        self.uri = uri
        self.url = url
        self.repliesCount = repliesCount
        self.reblogsCount = reblogsCount
        self.favouritesCount = favouritesCount
        self.favourited = favourited
        self.reblogged = reblogged
        self.bookmarked = bookmarked
        self.content = content
        self.reblog = reblog
        self.account = account
        self.mediaAttachments = mediaAttachments
        self.mentions = mentions
        self.tags = tags
    }

    // Mastodon always writes these keys, null or not; the defaults of Encodable would drop them.
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(inReplyToId, forKey: .inReplyToId)
        try c.encode(inReplyToAccountId, forKey: .inReplyToAccountId)
        try c.encode(sensitive, forKey: .sensitive)
        try c.encode(spoilerText, forKey: .spoilerText)
        try c.encode(visibility, forKey: .visibility)
        try c.encode(language, forKey: .language)
        try c.encode(uri, forKey: .uri)
        try c.encode(url, forKey: .url)
        try c.encode(repliesCount, forKey: .repliesCount)
        try c.encode(reblogsCount, forKey: .reblogsCount)
        try c.encode(favouritesCount, forKey: .favouritesCount)
        try c.encode(editedAt, forKey: .editedAt)
        try c.encode(favourited, forKey: .favourited)
        try c.encode(reblogged, forKey: .reblogged)
        try c.encode(muted, forKey: .muted)
        try c.encode(bookmarked, forKey: .bookmarked)
        try c.encodeIfPresent(pinned, forKey: .pinned)
        try c.encode(content, forKey: .content)
        try c.encode(filtered, forKey: .filtered)
        try c.encode(reblog, forKey: .reblog)
        try c.encode(application, forKey: .application)
        try c.encode(account, forKey: .account)
        try c.encode(mediaAttachments, forKey: .mediaAttachments)
        try c.encode(mentions, forKey: .mentions)
        try c.encode(tags, forKey: .tags)
        try c.encode(emojis, forKey: .emojis)
        try c.encode(card, forKey: .card)
        try c.encode(poll, forKey: .poll)
        try c.encode(quote, forKey: .quote)
        try c.encodeIfPresent(quoteApproval, forKey: .quoteApproval)
        try c.encodeIfPresent(pleroma, forKey: .pleroma)
    }

    enum CodingKeys: String, CodingKey {
        case id, createdAt, inReplyToId, inReplyToAccountId, sensitive, spoilerText, visibility, language, uri,
             url, repliesCount, reblogsCount, favouritesCount, editedAt, favourited, reblogged, muted, bookmarked,
             pinned, content, filtered, reblog, application, account, mediaAttachments, mentions, tags, emojis,
             card, poll, quote, quoteApproval, pleroma
    }
}

/// `pleroma`: Akkoma's and Pleroma's additions to a status.
struct WirePleroma: Encodable, Sendable {
    struct Reaction: Encodable, Sendable {
        var name: String
        var count: Int
        var me: Bool
        var url: String?
    }
    var emojiReactions: [Reaction]
}

/// `quote_approval`: who may quote the post at once, who after review, and what that means for the user.
struct WireQuoteApproval: Encodable, Sendable {
    var automatic: [String]
    var manual: [String]
    var currentUser: String
}

struct WireQuote: Encodable, Sendable {
    var state: String
    var quotedStatus: WireStatus?

    enum CodingKeys: String, CodingKey { case state, quotedStatus }

    // Mastodon writes `quoted_status` null when the quote may not be shown.
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(state, forKey: .state)
        try c.encode(quotedStatus, forKey: .quotedStatus)
    }
}

struct WirePoll: Encodable {
    struct Option: Encodable {
        var title: String
        var votesCount: Int
    }
    var id: String
    var expiresAt: String
    var expired: Bool
    var multiple: Bool
    var votesCount: Int
    var votersCount: Int
    var options: [Option]
    var voted = false
    var ownVotes: [Int] = []
    var emojis: [WireEmoji] = []
}

struct WireFilter: Encodable {
    struct Keyword: Encodable {
        var id: String
        var keyword: String
        var wholeWord: Bool
    }
    var id: String
    var title: String
    var context: [String]
    var expiresAt: String?
    var filterAction: String
    var keywords: [Keyword]
}

struct WireFilterResult: Encodable {
    var filter: WireFilter
    var keywordMatches: [String]
    var statusMatches: [String]?
}

struct WireError: Encodable {
    var error: String
}

struct WireContext: Encodable {
    var ancestors: [WireStatus]
    var descendants: [WireStatus]
}

struct WireRelationship: Encodable {
    var id: String
    var following: Bool
    var followedBy: Bool
    var requested: Bool
    var requestedBy = false
    var showingReblogs = true
    var notifying = false
    var blocking = false
    var blockedBy = false
    var muting = false
    var mutingNotifications = false
    var domainBlocking = false
    var endorsed = false
    var note = ""
}

final class WireNotification: Encodable, Sendable {
    let id: String
    let type: String
    let createdAt: String
    let groupKey: String?
    let account: WireAccount
    let status: WireStatus?

    init(id: String, type: String, createdAt: String, groupKey: String?, account: WireAccount, status: WireStatus?) {
        self.id = id
        self.type = type
        self.createdAt = createdAt
        self.groupKey = groupKey
        self.account = account
        self.status = status
    }
}

struct WireNotificationGroup: Encodable {
    var groupKey: String
    var notificationsCount: Int
    var type: String
    var mostRecentNotificationId: String
    var pageMinId: String
    var pageMaxId: String
    var latestPageNotificationAt: String
    var sampleAccountIds: [String]
    var statusId: String?
}

struct WireGroupedNotifications: Encodable {
    var accounts: [WireAccount]
    var statuses: [WireStatus]
    var notificationGroups: [WireNotificationGroup]
}

struct WireMarker: Encodable {
    var lastReadId: String
    var version: Int
    var updatedAt: String
}
