import TernModel
import TernStore

/// An engine behind a list: takes commands, publishes snapshots, never makes the UI wait. What else it can
/// do is a protocol of its own below, so a list is asked only for what its engine has: the UI holds its
/// engines by kind (`OpenEngine`), each kind's capabilities are known to the compiler, and a request the
/// list's engine lacks is answered with a message, never dropped.
package protocol FeedEngine: Sendable {
    /// Queues a command; returns at once.
    func perform(_ command: ListCommand)
    func stop()
}

/// What every list takes.
package enum ListCommand: Sendable, Equatable {
    case start
    case refresh
    /// The rows in view (first and last row ids), the viewport's anchor and the selected row, for paging,
    /// positions and read markers. A list with none of those still hears it: it is a report, not a request.
    case viewed(firstID: String, lastID: String, anchorID: String?, offset: Int, selectedID: String? = nil)
}

/// A list of posts the user can like, save, boost, pin or mute the conversation of. `wanted`: the state the
/// screen showed the user asking for (nil: the other of what the engine knows, a toggle).
package protocol MarkingFeed: FeedEngine {
    func mark(_ kind: PendingAction.Kind, postID: String, wanted: Bool?)
}

extension MarkingFeed {
    /// A toggle of what the engine knows.
    package func mark(_ kind: PendingAction.Kind, postID: String) { mark(kind, postID: postID, wanted: nil) }
}

/// A list paged through a stored timeline: it jumps to either end and fills its gaps.
package protocol PagedFeed: FeedEngine {
    func jump(top: Bool)
    func fillGap(id: String, fromTop: Bool)
}

/// A timeline read again in the background (the stream's catch-up, `--poll`): what is new arrives without
/// a message.
package protocol PolledFeed: FeedEngine {
    func poll()
}

/// A list whose posts' counts are asked for again now and then (servers stream edits, not likes).
package protocol CountedFeed: FeedEngine {
    func refreshCounts()
}

/// A list that shows the posts waiting in the outbox (the home timeline, where they will appear; a
/// thread, under what they answer).
package protocol OutboxFeed: FeedEngine {
    func showOutgoing(_ posts: [OutgoingPost], waiting: Bool)
}

/// A list with narrower views: notifications (mentions only), a profile (without boosts, pictures only).
package protocol FilteredFeed: FeedEngine {
    func filter(_ filter: FeedFilter)
}

/// A profile's list (or a hashtag's timeline): the user follows or unfollows its account (its hashtag).
/// The wish is what the user asked on what the screen showed, not a flip of what the engine knows when the
/// command arrives: a relationship read in between once turned a confirmed "Unfollow?" into a follow.
package protocol FollowingFeed: FeedEngine {
    func follow(_ wanted: Bool)
}

/// A list with a read marker the server keeps (notifications).
package protocol ReadMarkedFeed: FeedEngine {
    /// Everything down to the last row in view has been seen.
    func markRead()
}

/// A timeline that keeps where the user had read up to, for "read up to here" and `u`.
package protocol UnreadMarkedFeed: FeedEngine {
    /// Brings the posts around the mark into the list.
    func jumpToUnread()
}

/// A list of direct conversations: opening one marks it read on the server.
package protocol ConversationsFeed: FeedEngine {
    func readConversation(postID: String)
}
