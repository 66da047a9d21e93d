import Foundation
/// A way the demo's next timeline read or like/save goes wrong (queued through `DemoServer.injectFaults`).
package enum DemoFault: Sendable, Equatable {
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
package struct DemoFilter: Sendable, Equatable {
    package var title: String
    /// Its words, each with its id.
    package var keywords: [(id: Int, word: String)]
    /// `warn`, `hide` or `blur`.
    package var action: String
    /// Where it applies: `home`, `notifications`, `public`, `thread`, `account`.
    package var contexts: [String] = ["home", "public", "thread", "notifications", "account"]
    package var expiresAt: Date?
    /// Its id; given as the demo's state takes it in.
    package var id = 0

    package init(title: String, keyword: String, action: String) {
        self.title = title
        self.keywords = keyword.isEmpty ? [] : [(0, keyword)]
        self.action = action
    }

    package static func == (a: DemoFilter, b: DemoFilter) -> Bool {
        a.id == b.id && a.title == b.title && a.action == b.action && a.contexts == b.contexts && a.expiresAt == b.expiresAt
            && a.keywords.map(\.word) == b.keywords.map(\.word)
    }
}

/// The knobs of the demo instance.
package struct DemoConfig: Sendable {
    /// How an action fails when the fail rate says it should.
    package enum FailureKind: String, Sendable, CaseIterable {
        /// HTTP 500 with a Mastodon-style error body.
        case serverError
        /// HTTP 503 with a Mastodon-style error body.
        case unavailable
        /// A gateway timeout: nothing for `stallSeconds`, then 504 (if the client still waits).
        case timeout
    }

    package var seed: UInt64 = 42
    package var postCount = 520
    package var accountCount = 40
    /// Added to every API response.
    package var latencyMilliseconds = 0
    /// Added to every media response.
    package var imageLatencyMilliseconds = 0
    /// Share of like/save requests that fail, 0...1.
    package var failRate = 0.0
    package var failureKinds: [FailureKind] = [.serverError, .unavailable, .timeout]
    /// A like, save, boost, pin, conversation mute or new post the fail rate picks is made before its error answer,
    /// as when a gateway gives up on a server that goes on: the error does not say it was not made.
    package var failuresMakeTheChange = false
    package var stallSeconds = 30.0
    /// A new post appears this often (seconds); nil for never.
    package var newPostInterval: Double? = nil
    /// Streaming: off makes the health check 404 and refuses the upgrade, as servers without it do.
    package var streaming = true
    /// Streaming takes the token from the `access_token` query parameter only, refusing it in headers.
    package var streamingTokenInQueryOnly = false
    /// A recent post is edited, or deleted, every so many seconds (nil: never).
    package var editInterval: Double? = nil
    package var deleteInterval: Double? = nil
    /// Streaming connections are cut every so many seconds (nil: never), for reconnect tests.
    package var dropStreamInterval: Double? = nil
    /// What `/api/v2/instance` advertises as the streaming address (nil: the server itself), e.g. an
    /// address nothing serves, as proxies do.
    package var advertisedStreamingURL: String? = nil
    /// When false, API requests need a token the demo issued through its OAuth flow (or `demo-token`);
    /// others get a 401, as on a real server.
    package var acceptAnyToken = true
    /// 0 asks the system for a free port.
    package var port = 0
    /// How this server differs from Mastodon.
    package var quirks: ServerQuirks = []
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
    package var largeThreadReplies = 0
    /// Escape sequences, C1 controls and bidi overrides in every name, note, warning and post.
    package var hostile = false
    /// The demo user's keyword filters.
    package var filters: [DemoFilter] = []
    /// The hashtags the demo user follows as the server starts (Catch-up's followed-hashtags facet).
    package var followedTags = ["birds"]
    /// What `/api/v2/instance` says a post may hold.
    package var maxCharacters = 500
    package var maxMediaAttachments = 4
    package var imageSizeLimit = 16 << 20
    /// An uploaded file is "processing" (202, no URL) for this long.
    package var mediaProcessingSeconds = 1.0
    /// Refuse connections (nothing listens) for this many seconds after start.
    package var unreachableSeconds = 0.0

    package init() {}
}
