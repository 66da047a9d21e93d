import TernFeed
import TernStore

/// What a screen asks of the list it shows. The runner carries each to the capability of the list's engine
/// that takes it (`OpenEngine.carry`); a list whose engine has no such capability says so.
enum FeedCommand: Sendable, Equatable {
    case start
    case refresh
    /// The rows in view (first and last post ids) and the viewport's anchor, for paging and positions.
    case viewed(firstID: String, lastID: String, anchorID: String?, offset: Int)
    case jump(top: Bool)
    /// Timelines: the posts around "read up to here" into the list.
    case jumpToUnread
    case fillGap(id: String, fromTop: Bool)
    case toggleFavourite(postID: String)
    case toggleBookmark(postID: String)
    case toggleBoost(postID: String)
    /// Any other mark of the user's on a post, by kind: pinning their own, muting its conversation.
    case toggleMark(PendingAction.Kind, postID: String)
    /// Profiles: follow or unfollow the account.
    case follow(Bool)
    /// Notifications: mentions only, or everything. Profiles: show boosts, or pictures only.
    case filter(FeedFilter)
    /// Notifications: everything down to this row has been seen.
    case markRead
}
