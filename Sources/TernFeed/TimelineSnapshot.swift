import TernMastodon
import TernModel
import TernStore

/// A message for the status line. `id` grows with every new message, so the UI shows each one once.
package struct StatusMessage: Sendable, Equatable {
    package var id: Int
    package var text: String
    package var isError: Bool
    /// About something the user did (a like the server refused), not about this list: every list that
    /// shows the post says it, and the screen says it once, under no list's name.
    package var aboutAction = false
    /// A press that went back, with what it was about: the screen words it with the post's name.
    package var failure: ActionFailure?
}

/// Posts known to be missing between two loaded ones: a refresh spent its page budget before it caught up.
package struct Gap: Sendable, Hashable {
    package var id: String
    /// The loaded post just above the gap (newer).
    package var newerID: String
    /// The loaded post just below it (older).
    package var olderID: String
    package var loading: Bool

    package init(id: String, newerID: String, olderID: String, loading: Bool) {
        self.id = id
        self.newerID = newerID
        self.olderID = olderID
        self.loading = loading
    }
}

/// An engine's latest status-line message; each new one gets the next id.
struct Messages {
    private var count = 0
    private(set) var latest: StatusMessage?

    mutating func say(_ text: String, error: Bool, aboutAction: Bool = false) {
        count += 1
        latest = StatusMessage(id: count, text: text, isError: error, aboutAction: aboutAction)
    }

    /// A press that went back: about an action, an error, said by every list that hears it.
    mutating func say(_ failure: ActionFailure) {
        say(failure.plainText, error: true, aboutAction: true)
        latest?.failure = failure
    }

    /// Another engine's message, said again under this one's numbering.
    mutating func repeating(_ m: StatusMessage) {
        say(m.text, error: m.isError, aboutAction: m.aboutAction)
        latest?.failure = m.failure
    }
}

/// Where the user was in a timeline when they last left it: the post at the top of the view, `offset`
/// lines of it above the view (negative: that many lines of rows that are not posts, such as "read up to
/// here", above it in view), and the selected post (nil: the anchor).
package struct SavedPosition: Sendable, Equatable {
    package var anchorID: String
    package var offset: Int
    package var selectedID: String?

    package init(anchorID: String, offset: Int, selectedID: String? = nil) {
        self.anchorID = anchorID
        self.offset = offset
        self.selectedID = selectedID
    }

    /// The place the store kept, when its post is among `posts` (the window read around it).
    init?(_ state: TimelineState, in posts: [Post]) {
        guard let id = state.anchorID, posts.contains(where: { $0.id == id }) else { return nil }
        self.init(anchorID: id, offset: state.anchorOffset, selectedID: state.selectedID)
    }
}

/// What one save of the place writes: the place and the newest post seen.
struct Place: Sendable {
    var position: SavedPosition
    var seenID: String?
}

/// What the UI draws: an immutable, versioned picture of one timeline. `posts` is a window of the
/// timeline around the viewport; the store holds the rest (`moreNewer`/`moreOlder` say whether there is
/// any). Posts carry the state the user wants (optimistic), not only what the server has confirmed.
package struct TimelineSnapshot: Sendable {
    package var version: Int
    package var timeline: TimelineID
    package var posts: [Post]
    /// The store has newer posts than the window's first.
    package var moreNewer = false
    /// The store has older posts than the window's last.
    package var moreOlder = false
    /// How many rows (posts and gaps) the store holds above and below `posts`; nil while not counted.
    package var rowsAbove: Int? = 0
    package var rowsBelow: Int? = 0
    /// Posts that arrived above from the server during this session (for "↑ N new").
    package var arrivals: Set<String> = []
    /// Where to put the viewport when the timeline is first shown.
    package var savedPosition: SavedPosition?
    /// The post "read up to here" sits above: posts newer than it had not been seen when they came.
    package var readUpTo: String?
    /// The server could not be reached, or `--offline`: posts come from the store.
    package var offline = false
    /// A search's finds on the server (nil for every other list).
    package var finds: ServerFinds?
    /// A hashtag's timeline's hashtag, with a follow or unfollow waiting for the server (nil for other lists).
    package var hashtag: HashtagHeader?
    /// Likes and saves journaled but not yet confirmed by the server.
    package var pendingActions = 0
    package var loadingOlder: Bool
    package var loadingNewer: Bool
    /// The server has no older posts, and the window shows the oldest.
    package var reachedEnd: Bool
    /// The server has no older posts than the store's oldest: the rows above, in and below the window
    /// are all there are (bar newer ones).
    package var endStored = false
    package var message: StatusMessage?
    /// Set while a failed read waits to be tried again, e.g. "server error 503; retrying in 2s".
    package var retrying: String?
    package var gaps: [Gap]
    /// Status ids the server deleted while they were shown: they stay in place, saying so.
    package var deleted: Set<String> = []
    /// Entries the server sent that could not be read, each below the post that came before it.
    package var unreadable: [UnreadablePost] = []
    /// Posts in the outbox, waiting (`outgoingWaiting`: for the server to answer) or being sent.
    package var outgoing: [OutgoingPost] = []
    package var outgoingWaiting = false

    package init(version: Int = 0, timeline: TimelineID, posts: [Post] = [], loadingOlder: Bool = false,
                loadingNewer: Bool = false, reachedEnd: Bool = false, message: StatusMessage? = nil,
                retrying: String? = nil, gaps: [Gap] = []) {
        self.version = version
        self.timeline = timeline
        self.posts = posts
        self.loadingOlder = loadingOlder
        self.loadingNewer = loadingNewer
        self.reachedEnd = reachedEnd
        self.message = message
        self.retrying = retrying
        self.gaps = gaps
    }
}
