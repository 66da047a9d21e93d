import Foundation
import Logging
import TernMastodon
import TernModel
import TernStore

extension TimelineEngine {
    /// What the UI asks for.
    package enum Command: Sendable, Equatable {
        case start
        case refresh
        /// A background refresh (`--poll`, or probing for the server while offline): new posts feed the
        /// new-posts count without a message.
        case poll
        /// The visible posts (indexes into the snapshot's posts), the viewport's anchor and the selected post.
        case viewed(first: Int, last: Int, anchorID: String?, offset: Int, selectedID: String? = nil)
        /// The same, by the ids of the first and last posts in view (the screens' form).
        case viewedIDs(first: String, last: String, anchorID: String?, offset: Int, selectedID: String? = nil)
        /// Moves the window to the newest (`top`) or oldest cached posts.
        case jump(top: Bool)
        /// Moves the window to where "read up to here" is.
        case jumpToUnread
        /// Web feeds: items were read (or all marked read); the list shows it.
        case readMarksChanged
        /// Catch-up was read to this post: "read up to here" moves to it (never back), so the engine's next
        /// saved place keeps it.
        case caughtUp(String)
        /// The timeline's store was filled by another engine (Catch-up's fetch, `reachBack`): the window and
        /// the cursors are read again, so the posts it brought show and the next page follows on from them.
        case storeFilled
        /// Loads posts into a gap: from its newer end (`fromTop`) or its older end.
        case fillGap(id: String, fromTop: Bool)
        /// A like, save, boost or other mark of the user's on a post in the window.
        case mark(PendingAction.Kind, postID: String, wanted: Bool?)
        case actions(ActionQueue.Event)
        /// The session's posts: a newer copy of statuses, from any list, the stream or the outbox; deletions.
        case posts(SessionPosts.News)
        /// Counts of the posts in view are asked for again (servers stream edits, not likes and boosts).
        case refreshCounts
        /// The posts in the outbox, shown above the newest (the home timeline is where they will appear).
        case outgoing([OutgoingPost], waiting: Bool)
        /// `F` on a hashtag's timeline: what the user asked.
        case follow(Bool)
        /// Direct messages: a conversation was opened; the server is told it was read.
        case readConversation(postID: String)
        case conversationRead(Conversation)
        case conversationNotRead(String)
    }
}
