import Foundation
/// A way the demo's next timeline read or like/save goes wrong (queued through `DemoServer.injectFaults`).
public enum DemoFault: Sendable, Equatable {
    /// An HTTP error with a Mastodon error body; with `retryAfter`, a `Retry-After` header in seconds.
    case status(Int, retryAfter: Int?)
    /// 200 with an HTML page, as a proxy in front of a server sends.
    case html
    /// 200 with an empty body.
    case empty
    /// 200 with JSON cut off halfway.
    case truncated
    /// 200 with its head and the first bytes of a body, then nothing for `stallSeconds`.
    case stalledBody
    /// 200 with a body sent one byte a second.
    case trickle
    /// 200 with a body of this many bytes (JSON whitespace around an empty list), sent as fast as it goes.
    case oversized(bytes: Int)
    /// For a like or save: made, then answered as `stalledBody` is, so the client can't know it was made.
    case madeThenStalled
    /// For a like or save: held on its way (as in a proxy's queue) and made `seconds` later; answered as
    /// `stalledBody` is, so the client that sent it may be gone by the time it is made.
    case madeLater(seconds: Double)
    /// For a like, a save, a vote or a new post: made, then answered with this 5xx, as a proxy that gave up
    /// on a backend that went on to do the work answers: an error answer does not say the change was not made.
    case madeThenFailed(Int)
}

/// One of the demo user's keyword filters (`/api/v2/filters`): posts whose text holds the keyword say
/// so in `filtered`, and the client warns or hides.
public struct DemoFilter: Sendable, Equatable {
    public var title: String
    /// Its words, each with its id.
    public var keywords: [(id: Int, word: String)]
    /// `warn`, `hide` or `blur`.
    public var action: String
    /// Where it applies: `home`, `notifications`, `public`, `thread`, `account`.
    public var contexts: [String] = ["home", "public", "thread", "notifications", "account"]
    public var expiresAt: Date?
    /// Its id; given as the demo's state takes it in.
    public var id = 0

    public init(title: String, keyword: String, action: String) {
        self.title = title
        self.keywords = keyword.isEmpty ? [] : [(0, keyword)]
        self.action = action
    }

    public static func == (a: DemoFilter, b: DemoFilter) -> Bool {
        a.id == b.id && a.title == b.title && a.action == b.action && a.contexts == b.contexts && a.expiresAt == b.expiresAt
            && a.keywords.map(\.word) == b.keywords.map(\.word)
    }
}

/// The knobs of the demo instance.
public struct DemoConfig: Sendable {
    /// How an action fails when the fail rate says it should.
    public enum FailureKind: String, Sendable, CaseIterable {
        /// HTTP 500 with a Mastodon-style error body.
        case serverError
        /// HTTP 503 with a Mastodon-style error body.
        case unavailable
        /// A gateway timeout: nothing for `stallSeconds`, then 504 (if the client still waits).
        case timeout
    }

    public var seed: UInt64 = 42
    public var postCount = 520
    public var accountCount = 40
    /// Added to every API response.
    public var latencyMilliseconds = 0
    /// Added to every media response.
    public var imageLatencyMilliseconds = 0
    /// Share of like/save requests that fail, 0...1.
    public var failRate = 0.0
    public var failureKinds: [FailureKind] = [.serverError, .unavailable, .timeout]
    /// A like, save, boost, pin, conversation mute or new post the fail rate picks is made before its error answer,
    /// as when a gateway gives up on a server that goes on: the error does not say it was not made.
    public var failuresMakeTheChange = false
    public var stallSeconds = 30.0
    /// A new post appears this often (seconds); nil for never.
    public var newPostInterval: Double? = nil
    /// Streaming: off makes the health check 404 and refuses the upgrade, as servers without it do.
    public var streaming = true
    /// Streaming takes the token from the `access_token` query parameter only, refusing it in headers.
    public var streamingTokenInQueryOnly = false
    /// A recent post is edited, or deleted, every so many seconds (nil: never).
    public var editInterval: Double? = nil
    public var deleteInterval: Double? = nil
    /// Streaming connections are cut every so many seconds (nil: never), for reconnect tests.
    public var dropStreamInterval: Double? = nil
    /// What `/api/v2/instance` advertises as the streaming address (nil: the server itself), e.g. an
    /// address nothing serves, as proxies do.
    public var advertisedStreamingURL: String? = nil
    /// When false, API requests need a token the demo issued through its OAuth flow (or `demo-token`);
    /// others get a 401, as on a real server.
    public var acceptAnyToken = true
    /// 0 asks the system for a free port.
    public var port = 0
    /// How this server differs from Mastodon.
    public var quirks: ServerQuirks = []
    /// The server software `quirks` imitate, as its instance description names it; nil for Mastodon's own.
    var imitated: String? {
        switch ServerQuirks.sets.first(where: { $0.quirks == quirks && !$0.quirks.isEmpty })?.name {
        case "gotosocial"?: return "GoToSocial"
        case "akkoma"?: return "Akkoma"
        case "takahe"?: return "Takahē"
        default: return nil
        }
    }
    /// Replies under one more post, for measuring long threads (0: none).
    public var largeThreadReplies = 0
    /// Escape sequences, C1 controls and bidi overrides in every name, note, warning and post.
    public var hostile = false
    /// The demo user's keyword filters.
    public var filters: [DemoFilter] = []
    /// What `/api/v2/instance` says a post may hold.
    public var maxCharacters = 500
    public var maxMediaAttachments = 4
    public var imageSizeLimit = 16 << 20
    /// An uploaded file is "processing" (202, no URL) for this long.
    public var mediaProcessingSeconds = 1.0
    /// Refuse connections (nothing listens) for this many seconds after start.
    public var unreachableSeconds = 0.0

    public init() {}
}
