import Foundation
import TernFeed
import TernMastodon
import TernModel
import TernStore

/// One account's part of Tern: its engines and their latest snapshots, its writes on their way (the
/// action queue, the outbox, drafts), its streaming connection, who the user is there and what its server
/// takes in a post, and its own stack of screens, so that switching accounts comes back to the same place.
/// Several live side by side in one runner; the screen shows the active one. Confined to the UI loop: what
/// its tasks find comes back through the mailbox tagged with its `id` (`AccountMail`).
final class AccountSession {
    let id: Int
    let parts: AccountParts
    let mail: AccountMail
    var stack: LayerStack
    var engines: [FeedID: OpenEngine] = [:]
    /// Each engine's serial number, to tell its snapshots from those of an engine it replaced.
    var serials: [FeedID: Int] = [:]
    var feeds: [FeedID: FeedSnapshot] = [:]
    var lastMessage: [FeedID: Int] = [:]
    var lists: [TimelineID]?
    /// The server's trending hashtags; nil until fetched, and for a server without trends.
    var trends: [Hashtag]?
    /// The server's custom emoji, for completing `:name` in a post and reacting with.
    let customEmoji = CustomEmojiCache()
    /// The user's latest reactions in this run, newest first, offered first by `+`.
    var recentReactions: [String] = []
    /// Drafts on their way to the store; the runner waits for them before it ends.
    let drafts: DraftKeeper
    var savedDraft: Draft?
    /// The last post handed to the outbox, until the store has it there. The compose screen opens after it:
    /// before, it would find the sent text still kept as a draft and write on after it (a post sent twice,
    /// the second with the next one's words appended, when `w` follows Ctrl-S at once).
    var sending: Task<Void, Never>?
    /// The user's account id and handle ("" until known).
    var me: (id: String, acct: String)
    var limits = PostingLimits()
    var outgoing: (posts: [OutgoingPost], waiting: Bool) = ([], false)
    /// The streaming connection's state for the status line.
    var liveState: String?
    var subscribed: Set<String> = []
    /// The first screenful of the first timeline, read at start-up; handed to its engine.
    var glance: Glance?
    /// Drafts, the outbox and the server's limits start after the session's first frame.
    var writingStarted = false
    var notificationsStarted = false

    var sources: TimelineEngine.Sources { parts.sources }
    var writing: Writing? { parts.writing }

    init(id: Int, parts: AccountParts, mailbox: Mailbox, timeline: TimelineID, glance: Glance? = nil) {
        self.id = id
        self.parts = parts
        let mail = AccountMail(mailbox: mailbox, account: id)
        self.mail = mail
        stack = LayerStack(root: timeline, accountless: parts.accountless)
        me = (parts.writing?.ownAccountID ?? "", parts.writing?.ownAcct ?? "")
        self.glance = glance
        drafts = DraftKeeper(store: parts.sources.data) { mail.post(.draftSaved($0)) }
    }

    /// The timeline at the bottom of the stack.
    var rootTimeline: TimelineID {
        if let root = stack.layers.first as? FeedLayer, case .timeline(let t) = root.opening { return t }
        return .home
    }

    /// The inbox is on this session's stack (it shows every session's notifications).
    var showsInbox: Bool { stack.layers.contains { ($0 as? FeedLayer)?.feed == .inbox } }

    /// The streams of every timeline opened so far, subscribed to when they changed.
    func resubscribe() {
        guard let live = parts.live else { return }
        let names = Set(engines.keys.compactMap { id -> String? in
            if case .timeline(let t) = id { return StreamName.of(t) }
            return nil
        })
        guard names != subscribed else { return }
        subscribed = names
        live.subscribe(names)
    }

    /// The outbox's posts, shown where they will appear: above Home's newest, under what a reply answers.
    func showOutgoing(_ posts: [OutgoingPost], waiting: Bool) {
        outgoing = (posts, waiting)
        engines[.timeline(.home)]?.showsOutbox?.showOutgoing(posts, waiting: waiting)
        for (id, e) in engines { if case .thread = id { e.showsOutbox?.showOutgoing(posts, waiting: waiting) } }
    }

    /// A post the server made appears where it belongs through the same fetch as `r`: in Home, and a direct
    /// message in the list of conversations (as its conversation's newest); an open thread it answers is read
    /// again. (The post it answers reaches every list through `SessionPosts`, from the outbox.)
    func posted(_ post: Post) {
        engines[.timeline(.home)]?.polled?.poll()
        if post.visibility == "direct" { engines[.timeline(.conversations)]?.polled?.poll() }
        if post.inReplyToID != nil {
            for (id, e) in engines { if case .thread = id { e.list.perform(.refresh) } }
        }
    }

    /// The timelines' engines, for what every timeline hears (a poll after a break).
    var timelineEngines: [any PolledFeed] {
        engines.compactMap { id, engine in
            if case .timeline = id { return engine.polled }
            return nil
        }
    }
}

/// What is opened for an account before it has a session: the store handle, the client, the action queue
/// and outbox, the streaming connection. Made off the UI loop (reading the journal is a file read).
package struct AccountParts: Sendable {
    /// The account's name as stored (`user@host`), or the demo's or a hand-given server's.
    package var name: String
    /// The title bar's words for it.
    package var title: String
    package var sources: TimelineEngine.Sources
    package var writing: Writing?
    package var live: LiveStream?
    package var fetchLists: @Sendable () async -> [TimelineID]
    /// The server's trending hashtags for the picker; nil when it has no trends (or is not reached).
    package var fetchTrends: @Sendable () async -> [Hashtag]?
    /// No fediverse account, only web feeds (`NoAccount`): a stand-in account no server answers.
    package var accountless = false

    package init(name: String, title: String, sources: TimelineEngine.Sources, writing: Writing?, live: LiveStream?,
                fetchLists: @escaping @Sendable () async -> [TimelineID],
                fetchTrends: @escaping @Sendable () async -> [Hashtag]? = { nil }) {
        self.name = name
        self.title = title
        self.sources = sources
        self.writing = writing
        self.live = live
        self.fetchLists = fetchLists
        self.fetchTrends = fetchTrends
    }
}

/// The mailbox as one account's tasks see it: what they post is tagged with the account's session.
package struct AccountMail: Sendable {
    let mailbox: Mailbox
    /// The session's id in its runner.
    package let account: Int

    func post(_ event: UIEvent) { mailbox.post(.account(account, event)) }

    /// The streaming connection's report callback.
    package func live(_ news: LiveStream.News) { post(.live(news)) }
}
