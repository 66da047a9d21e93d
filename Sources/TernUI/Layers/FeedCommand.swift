import TernFeed
import TernStore

/// What a screen asks of the list it shows. The runner carries each to the capability of the list's engine
/// that takes it (`OpenEngine.carry`); a list whose engine has no such capability says so.
enum FeedCommand: Sendable, Equatable {
    case start
    case refresh
    /// The rows in view (first and last post ids), the viewport's anchor and the selected post, for paging
    /// and positions.
    case viewed(firstID: String, lastID: String, anchorID: String?, offset: Int, selectedID: String? = nil)
    case jump(top: Bool)
    /// Timelines: the posts around "read up to here" into the list.
    case jumpToUnread
    case fillGap(id: String, fromTop: Bool)
    /// A mark of the user's on a post (like, save, boost, pin their own, mute its conversation), set to what
    /// the screen showed them asking for: the other of the mark as drawn. A toggle of what the engine knew
    /// when the key arrived could undo the press the user meant, had the post changed in between.
    case setMark(PendingAction.Kind, postID: String, wanted: Bool)
    /// Profiles: follow or unfollow the account.
    case follow(Bool)
    /// Notifications: mentions only, or everything. Profiles: show boosts, or pictures only.
    case filter(FeedFilter)
    /// Notifications: everything down to this row has been seen.
    case markRead
    /// Direct messages: the conversation this row stands for was opened.
    case readConversation(postID: String)
}
