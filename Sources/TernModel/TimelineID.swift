import Foundation

/// Which timeline is shown.
package enum TimelineID: Sendable, Hashable, CustomStringConvertible, Codable {
    case home
    case local
    case federated
    case bookmarks
    case favourites
    /// Posts with a hashtag (without the #).
    case hashtag(String)
    case list(id: String, title: String)
    /// One account's posts and boosts.
    case account(id: String, acct: String)
    /// One account's own posts, without boosts.
    case accountOriginals(id: String, acct: String)
    /// One account's posts with pictures or video.
    case accountMedia(id: String, acct: String)
    /// Cached posts matching a search: read from the local store, never from the server.
    case search(String)
    /// Web feeds' items, as `tern sync` and refreshes store them: all (`"all"`), a feed's (`"feed:ID"`) or a
    /// tag's (`"tag:T"`), with the title the list shows.
    case webFeeds(name: String, title: String)
    /// The user's direct conversations, each as its newest message (`Post.conversation`).
    case conversations
    /// The posts trending on the server (in the server's order, paged by its links).
    case trending

    /// What to say when the server has no such timeline (it answers 404): a list some servers lack.
    package var absentWords: String? {
        switch self {
        case .conversations: return "This server keeps no list of direct messages."
        case .trending: return "This server has no trending posts."
        default: return nil
        }
    }

    /// The account whose posts this is (a profile's timelines), else nil.
    package var accountID: String? {
        switch self {
        case .account(let id, _), .accountOriginals(let id, _), .accountMedia(let id, _): return id
        default: return nil
        }
    }

    /// The API path of the timeline, relative to the server's base URL.
    package var path: String {
        func escaped(_ s: String) -> String { s.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? s }
        switch self {
        case .home: return "/api/v1/timelines/home"
        case .local: return "/api/v1/timelines/public?local=true"
        case .federated: return "/api/v1/timelines/public"
        case .bookmarks: return "/api/v1/bookmarks"
        case .favourites: return "/api/v1/favourites"
        case .hashtag(let tag): return "/api/v1/timelines/tag/\(escaped(tag))"
        case .list(let id, _): return "/api/v1/timelines/list/\(escaped(id))"
        case .account(let id, _): return "/api/v1/accounts/\(escaped(id))/statuses"
        case .accountOriginals(let id, _): return "/api/v1/accounts/\(escaped(id))/statuses?exclude_reblogs=true"
        case .accountMedia(let id, _): return "/api/v1/accounts/\(escaped(id))/statuses?only_media=true"
        case .search(let q): return "/api/v2/search?type=statuses&q=\(escaped(q))"
        case .webFeeds: return ""
        case .conversations: return "/api/v1/conversations"
        case .trending: return "/api/v1/trends/statuses"
        }
    }

    package var description: String {
        switch self {
        case .home: return "Home"
        case .local: return "Local"
        case .federated: return "Federated"
        case .bookmarks: return "Saved"
        case .favourites: return "Liked"
        case .hashtag(let tag): return "#\(tag)"
        case .list(_, let title): return "List: \(title)"
        case .account(_, let acct): return "@\(acct)"
        case .accountOriginals(_, let acct): return "@\(acct) (no boosts)"
        case .accountMedia(_, let acct): return "@\(acct) (media)"
        case .search(let q): return "Search: \(q)"
        case .webFeeds(_, let title): return title
        case .conversations: return "Direct messages"
        case .trending: return "Trending posts"
        }
    }

    /// The timeline's name in the local store: stable across runs, one per timeline.
    package var storageKey: String {
        switch self {
        case .home: return "home"
        case .local: return "local"
        case .federated: return "federated"
        case .bookmarks: return "bookmarks"
        case .favourites: return "favourites"
        case .hashtag(let tag): return "tag:\(tag.lowercased())"
        case .list(let id, _): return "list:\(id)"
        case .account(let id, _): return "account:\(id)"
        case .accountOriginals(let id, _): return "account-originals:\(id)"
        case .accountMedia(let id, _): return "account-media:\(id)"
        case .search(let q): return "search:\(q)"
        case .webFeeds(let name, _): return name
        case .conversations: return "conversations"
        case .trending: return "trending"
        }
    }

    /// Whether posts come from the local store only (search results, though a search asks the server too).
    package var isLocal: Bool {
        if case .search = self { return true }
        return false
    }

    package var isHashtag: Bool {
        if case .hashtag = self { return true }
        return false
    }

    /// Web feeds' items: stored in the feeds' own part of the store, refreshed from the feeds, not a server.
    package var isWebFeeds: Bool {
        if case .webFeeds = self { return true }
        return false
    }

    /// The id the server pages this timeline by for a post of it (`max_id`): the entry's own, but for a
    /// conversation, whose list is ordered and paged by its newest message.
    package func cursor(of post: Post) -> String {
        self == .conversations ? post.statusID : post.id
    }

    /// Every web feed's items.
    package static let allWebFeeds = TimelineID.webFeeds(name: "all", title: "Feeds")
}
