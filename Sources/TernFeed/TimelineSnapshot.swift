import TernModel

/// A message for the status line. `id` grows with every new message, so the UI shows each one once.
public struct StatusMessage: Sendable, Equatable {
    public var id: Int
    public var text: String
    public var isError: Bool
}

/// Posts known to be missing between two loaded ones: a refresh spent its page budget before it caught up.
public struct Gap: Sendable, Hashable {
    public var id: String
    /// The loaded post just above the gap (newer).
    public var newerID: String
    /// The loaded post just below it (older).
    public var olderID: String
    public var loading: Bool
}

/// What the UI draws: an immutable, versioned picture of one timeline. Posts carry the state the user
/// wants (optimistic), not only what the server has confirmed.
public struct TimelineSnapshot: Sendable {
    public var version: Int
    public var timeline: TimelineID
    public var posts: [Post]
    public var loadingOlder: Bool
    public var loadingNewer: Bool
    /// The server has no older posts.
    public var reachedEnd: Bool
    public var message: StatusMessage?
    /// Like/save requests on their way to the server.
    public var actionsInFlight: Int
    /// Set while a failed read waits to be tried again, e.g. "server error 503; retrying in 2s".
    public var retrying: String?
    public var gaps: [Gap]

    public init(version: Int = 0, timeline: TimelineID, posts: [Post] = [], loadingOlder: Bool = false,
                loadingNewer: Bool = false, reachedEnd: Bool = false, message: StatusMessage? = nil,
                actionsInFlight: Int = 0, retrying: String? = nil, gaps: [Gap] = []) {
        self.version = version
        self.timeline = timeline
        self.posts = posts
        self.loadingOlder = loadingOlder
        self.loadingNewer = loadingNewer
        self.reachedEnd = reachedEnd
        self.message = message
        self.actionsInFlight = actionsInFlight
        self.retrying = retrying
        self.gaps = gaps
    }
}
