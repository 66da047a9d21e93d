import Foundation
import Logging
import TernFeed
import TernMastodon
import TernModel
import TernStore

/// One account's part of Tern: its engines and their latest snapshots, its writes on their way (the
/// action queue, the outbox, drafts), its streaming connection, who the user is there and what its server
/// takes in a post, and its own stack of screens, so that switching accounts comes back to the same place.
/// Several live side by side in one runner; the screen shows the active one. Confined to the UI loop: what
/// its tasks find comes back through the mailbox tagged with its `id` (`AccountMail`).
///
/// It owns what the account does: the runner hands it the effects that are the account's (a write, a
/// question for the server: `carry`) and the news of its outbox, change queue and stream (`heard`), and
/// performs the effects it hands back (what to say, what to fetch) as this session.
final class AccountSession {
    let id: Int
    let parts: AccountParts
    let mail: AccountMail
    var stack: LayerStack
    var engines: [FeedID: OpenEngine] = [:]
    /// Each engine's serial number, to tell its snapshots from those of an engine it replaced.
    var serials: [FeedID: Int] = [:]
    private var nextSerial = 0
    var feeds: [FeedID: FeedSnapshot] = [:]
    var lastMessage: [FeedID: Int] = [:]
    var lists: [TimelineID]?
    /// The server's trending hashtags; nil until fetched, and for a server without trends.
    var trends: [Hashtag]?
    /// The web feeds' lists as last read, for the picker; nil until asked for.
    var webFeedLists: [WebFeedList]?
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
    /// Catch-up's window being fetched and read (`loadCatchUp`), cancelled by Esc on its screen or another window.
    var catchUpWork: Task<Void, Never>?
    /// What must reach the store before Tern ends: the drafts on their way there, and a post on its way into
    /// the outbox (Ctrl-S just pressed).
    var unfinished: [@Sendable () async -> Void] {
        let drafts = self.drafts, sending = self.sending
        return [{ await drafts.flush() }, { await sending?.value }]
    }
    /// What of the user's is not on the server yet ("demo: 1 change and 1 post"); nil when nothing is. Said
    /// as Tern ends, since the status line that said "pending" is gone with the screen.
    var unsentLine: String? {
        let changes = sources.actions.pendingCount, posts = outgoing.posts.count
        let parts = (changes > 0 ? [Counted.words(changes, "change")] : []) + (posts > 0 ? [Counted.words(posts, "post")] : [])
        return parts.isEmpty ? nil : self.parts.name + ": " + parts.joined(separator: " and ")
    }
    /// The user's account id and handle ("" until known).
    var me: (id: String, acct: String)
    var limits = PostingLimits()
    var outgoing: (posts: [OutgoingPost], waiting: Bool) = ([], false)
    /// The streaming connection's state for the status line.
    var liveState: String?
    /// When the counts of the posts in view were last asked for again.
    private var countsAsked = Date()
    /// How often the counts of the posts in view are asked for again while online.
    static let countsInterval: TimeInterval = 60
    var subscribed: Set<String> = []
    /// The first screenful of the first timeline, read at start-up; handed to its engine.
    var glance: Glance?
    /// Drafts, the outbox and the server's limits start after the session's first frame (`startBehindFirstFrame`).
    private var writingStarted = false
    private var notificationsStarted = false
    /// The user's presses on people and on their own posts, until the action queue says them done.
    var awaited = AwaitedActions()
    /// The news of the action queue, the outbox and the change queue the session listens to, from
    /// `startWriting` on until it closes.
    var actionNews: Subscription?
    var outboxNews: Subscription?
    var changeNews: Subscription?
    let log = Logger(label: "tern.session")

    var sources: TimelineEngine.Sources { parts.sources }
    var writing: Writing? { parts.writing }
    var asks: ServerAsks { ServerAsks(client: sources.client, offline: sources.offline, mail: mail, log: log) }

    /// How many posts a page of its timelines asks for.
    private let pageSize: Int
    /// Hears of each engine made and the task running it (the caller stops them and waits for them at the end).
    private let engineStarted: (OpenEngine, Task<Void, Never>) -> Void

    init(id: Int, parts: AccountParts, mailbox: Mailbox, timeline: TimelineID, glance: Glance? = nil, pageSize: Int,
         engineStarted: @escaping (OpenEngine, Task<Void, Never>) -> Void) {
        self.id = id
        self.parts = parts
        self.pageSize = pageSize
        self.engineStarted = engineStarted
        let mail = AccountMail(mailbox: mailbox, account: id)
        self.mail = mail
        stack = LayerStack(root: timeline, accountless: parts.accountless)
        me = (parts.writing?.ownAccountID ?? "", parts.writing?.ownAcct ?? "")
        self.glance = glance
        drafts = DraftKeeper(store: parts.sources.data) { mail.post(.draftSaved($0)) }
    }

    deinit {
        if let actionNews { sources.actions.unsubscribe(actionNews) }
        if let outboxNews { writing?.outbox.unsubscribe(outboxNews) }
        if let changeNews { writing?.changes.unsubscribe(changeNews) }
    }

    /// The timeline at the bottom of the stack.
    var rootTimeline: TimelineID {
        if let root = stack.layers.first as? FeedLayer, case .timeline(let t) = root.opening { return t }
        return .home
    }

    /// The inbox is on this session's stack (it shows every session's notifications).
    var showsInbox: Bool { stack.layers.contains { ($0 as? FeedLayer)?.feed == .inbox } }

    /// A thread or profile that was closed stops its engine and forgets its rows; opening it again
    /// starts from the store. Timelines keep theirs (each keeps its place), and notifications run on
    /// for the unread count.
    /// Returns the lists it closed.
    func stopClosedScreens(open: Set<FeedID>) -> [FeedID] {
        var closed: [FeedID] = []
        for (id, engine) in engines {
            switch id {
            case .thread, .profile:
                guard !open.contains(id) else { continue }
                engine.list.stop()
                engines[id] = nil
                // What it posted before it stopped is still in the mail: without its serial it is not taken
                // for the list's latest (it was, and a thread opened again showed that dead engine's last
                // snapshot over the new engine's, whose versions start again).
                serials[id] = nil
                feeds[id] = nil
                lastMessage[id] = nil
                closed.append(id)
            case .timeline, .notifications, .inbox:
                continue
            }
        }
        return closed
    }

    /// What starts behind the session's first frame: drafts, the outbox, the server's limits and Catch-up's
    /// kept choices at once (none is needed for the frame), the notifications' engine (for the unread count) once the frame is
    /// `up`, since it would compete with the timeline's for the store. The effects to carry out.
    func startBehindFirstFrame(up: Bool) -> [Effect] {
        if !writingStarted {
            writingStarted = true
            startWriting()
            readCatchUpChoices()
        }
        guard up, !notificationsStarted else { return [] }
        notificationsStarted = true
        return [.feed(.notifications, .start)]
    }

    /// The engine behind a list, made and started the first time it is asked for.
    /// The inbox has none: it is every account's notifications (`Inbox`).
    func engine(for opening: FeedOpening) -> OpenEngine? {
        if let e = engines[opening.id] { return e }
        nextSerial += 1
        let mail = self.mail, serial = nextSerial, glance = self.glance
        serials[opening.id] = serial
        let engine: OpenEngine
        let task: Task<Void, Never>
        switch opening {
        case .timeline(let t):
            let e = TimelineEngine(sources: sources, timeline: t, pageSize: pageSize, glance: glance) {
                mail.post(.snapshot(FeedSnapshot($0), engine: serial))
            }
            self.glance = nil
            if t == .home, !outgoing.posts.isEmpty { e.showOutgoing(outgoing.posts, waiting: outgoing.waiting) }
            engine = .timeline(e)
            task = Task.detached { await e.run() }
        case .thread(let root, let seed):
            let e = ThreadEngine(sources: sources, rootID: root, seed: seed) { mail.post(.snapshot($0, engine: serial)) }
            if !outgoing.posts.isEmpty { e.showOutgoing(outgoing.posts, waiting: outgoing.waiting) }
            engine = .thread(e)
            task = Task.detached { await e.run() }
        case .notifications:
            let e = NotificationsEngine(sources: sources) { mail.post(.snapshot($0, engine: serial)) }
            engine = .notifications(e)
            task = Task.detached { await e.run() }
        case .profile(let account):
            let e = ProfileEngine(sources: sources, account: account, isYou: account.id == me.id) { mail.post(.snapshot($0, engine: serial)) }
            engine = .profile(e)
            task = Task.detached { await e.run() }
        case .inbox:
            return nil
        }
        engines[opening.id] = engine
        engineStarted(engine, task)
        return engine
    }

    /// A list's snapshot from the engine with `serial`: taken if that engine is the list's now (not one
    /// stopped since) and it is newer than the one held. Nil when it is not taken; else the snapshot it
    /// replaced, and its status message when that is new (each is said once).
    func take(_ s: FeedSnapshot, from serial: Int) -> (before: FeedSnapshot?, news: StatusMessage?)? {
        guard serial == serials[s.feed], s.version > feeds[s.feed]?.version ?? -1 else { return nil }
        let before = feeds[s.feed]
        feeds[s.feed] = s
        guard let m = s.message, m.id > lastMessage[s.feed] ?? 0 else { return (before, nil) }
        lastMessage[s.feed] = m.id
        return (before, m)
    }

    /// The session's part of what the layers see: its lists, who the user is there, its connection, what it
    /// has on its way.
    func describe(_ e: inout LayerEnv) {
        e.unread = feeds[.notifications]?.unread
        e.lists = lists
        e.trends = trends
        e.webFeedLists = webFeedLists
        e.sessionTitle = parts.title
        e.activeAccount = parts.name
        e.liveState = liveState
        e.offline = sources.reachability.offline
        e.ownAccountID = me.id
        e.ownAcct = me.acct
        e.limits = limits
        e.savedDraft = savedDraft
        e.queuedPosts = outgoing.posts.count
    }

    /// While the stream is live, the counts of the posts in view (on the timeline shown) are asked for again
    /// every `countsInterval`: the stream tells of new posts and edits, not of likes and replies.
    func refreshCountsIfDue(_ now: Date, shown: FeedID?) {
        guard liveState != nil, now.timeIntervalSince(countsAsked) >= Self.countsInterval else { return }
        countsAsked = now
        if let shown, case .timeline = shown { engines[shown]?.counted?.refreshCounts() }
    }

    /// Its notifications read afresh (started, the first time), for the inbox.
    func readNotifications() -> Effect {
        defer { notificationsStarted = true }
        return .feed(.notifications, notificationsStarted ? .refresh : .start)
    }

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

    /// The engines of the web feeds' lists open now.
    var webFeedEngines: [TimelineEngine] {
        engines.compactMap { id, engine in
            guard case .timeline(let t) = id, t.isWebFeeds, case .timeline(let e) = engine else { return nil }
            return e
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
