import Foundation
import Logging
import TernMastodon
import TernModel
import TernStore

/// The timeline engine. It starts from the store (the first snapshot needs no network), writes every
/// page it fetches through to the store, keeps only a window of posts around the viewport in memory,
/// and hands likes and saves to the account's action queue. It takes commands in order and publishes
/// snapshots; it never makes the UI wait.
package actor TimelineEngine {
    /// How the engine is wired: where posts come from and go to.
    package struct Sources: Sendable {
        package var client: MastodonClient
        /// The account's part of the store.
        package var data: AccountData
        package var actions: ActionQueue
        /// `--offline`: never ask the server.
        package var offline: Bool
        /// The web feeds, for the timelines of their items (`TimelineID.webFeeds`).
        package var webFeeds: WebFeedSource?
        /// Whether the server answers, shared by every list of the session (a class: copies share it).
        package let reachability: Reachability
        /// The session's posts, held once for every list (a class: copies share it).
        package let posts: SessionPosts
        /// The session's relationships and answered follow requests, held once (a class: copies share it).
        package let people: SessionPeople
        /// The user's own account on the server, as the session knows it (a class: copies share it).
        package let me: OwnAccount

        /// The account's name in the store.
        package var account: String { data.account }

        package init(client: MastodonClient, data: AccountData, actions: ActionQueue, offline: Bool = false,
                    webFeeds: WebFeedSource? = nil, ownAccountID: String? = nil) {
            self.client = client
            me = OwnAccount(id: ownAccountID)
            self.data = data
            self.actions = actions
            self.offline = offline
            self.webFeeds = webFeeds
            reachability = Reachability(offline: offline)
            posts = SessionPosts(data: data, actions: actions)
            people = SessionPeople(actions: actions, data: data)
        }
    }

    /// The web feeds as a timeline engine sees them: their part of the store, and a refresh of every feed
    /// that says in a line what came of it.
    package struct WebFeedSource: Sendable {
        package var data: AccountData
        package var refresh: @Sendable () async -> String
        /// An item's whole text (HTML), marked read as it is.
        package var article: @Sendable (String) async throws -> String
        /// `--offline`: the feeds are not fetched either (without an account, the fediverse is offline and they are not).
        package var offline: Bool
        /// The feeds' lists beyond all of them (each tag's, each feed's), with their unread items.
        package var lists: @Sendable () async -> [(TimelineID, unread: Int)]
        /// Which of these items are unread (synchronous, as the timeline's own reads are).
        package var unread: @Sendable ([String]) throws -> Set<String>
        /// Every item of a feeds' list (by its store name) read.
        package var markAllRead: @Sendable (String) async throws -> Void

        package init(data: AccountData, offline: Bool = false, refresh: @escaping @Sendable () async -> String,
                    article: @escaping @Sendable (String) async throws -> String,
                    lists: @escaping @Sendable () async -> [(TimelineID, unread: Int)] = { [] },
                    unread: @escaping @Sendable ([String]) throws -> Set<String> = { _ in [] },
                    markAllRead: @escaping @Sendable (String) async throws -> Void = { _ in }) {
            self.data = data
            self.offline = offline
            self.refresh = refresh
            self.article = article
            self.lists = lists
            self.unread = unread
            self.markAllRead = markAllRead
        }
    }

    let client: MastodonClient
    let data: AccountData
    /// This timeline's part of the store.
    let store: TimelineData
    let actions: ActionQueue
    let me: OwnAccount
    /// The session's posts: what this list reads from the server goes there, and what any list reads comes back.
    let posts: SessionPosts
    let forcedOffline: Bool
    let webFeeds: WebFeedSource?
    let timeline: TimelineID
    let key: TimelineKey
    let pageSize: Int
    /// Older posts load (from the store, else the server) when the last visible row is this close to the end.
    let prefetchThreshold: Int
    let refreshPageBudget: Int
    let retry: RetryPolicy
    let publish: @Sendable (TimelineSnapshot) -> Void
    private let commands: AsyncStream<Command>
    private let continuation: AsyncStream<Command>.Continuation

    var window = TimelineWindow()
    var cursors = TimelineState()
    var loadingOlder = false
    var loadingNewer = false
    var olderRetryAfter = Date.distantPast
    var fillingGaps: Set<String> = []
    var retrying: String?
    var offline = false
    let reachability: Reachability
    var arrivals: Set<String> = []
    /// Status ids deleted on the server while in the window.
    var deleted: Set<String> = []
    /// Entries the server sent that could not be read, shown where they were (this run only: a later read
    /// may bring them readable).
    var unreadable: [UnreadablePost] = []
    var started = false
    var savedPosition: SavedPosition?
    /// Home: the server's read marker, waiting for its post to be in the window; what was last sent.
    var pendingMarker: String?
    var readAnchor: String?
    var markerSent: String?
    var lastMarkerPush = Date.distantPast
    /// The server's marker was asked for: until then (and while its post is still to load) nothing is
    /// written over it.
    var markerFetched = false
    /// The marker write under way, which quitting waits for.
    var markerPush: Task<Void, Never>?
    /// The newest post the user has had in view, kept with the position (`TimelineEngine+ReadMark`).
    var newestSeen: String?
    /// The post under "read up to here": what was seen before the newer posts above it came.
    var readUpTo: String?
    var visible = 0...0
    private var unsavedPosition: SavedPosition?
    /// Positions go to the store off the engine: a save waits for the store's one writer, which may be
    /// syncing a like's journal row, and the next key press must not wait behind it.
    private let positionWrites: LatestWrite<Place>
    var version = 0
    var messages = Messages()
    /// Why the last read failed, for `tern sync` when nothing was said on screen.
    var lastFailure: String?
    /// Reads of newer posts that failed since the last one that worked: said with an offline failure, so an
    /// `r` that fails again as the last did is seen to have been tried.
    var failuresInARow = 0
    /// `r` came while a quiet read (the poll's) was under way: that read speaks when it ends, as `r`'s would.
    var refreshHeard = false
    /// Pages read from the server since the engine started, for a fetch's progress (`reachBack`).
    var pagesRead = 0
    let logger = Logger(label: "tern.timeline")
    var probe: Task<Void, Never>?
    var outgoing: [OutgoingPost] = []
    /// A search's: what the server found, the request under way, and the cached matches in words.
    var finds: ServerFinds?
    var serverSearch: Task<Void, Never>?
    var cachedMatches: (shown: Int, text: String) = (0, "")
    /// A hashtag's timeline's hashtag, as the server last said.
    var hashtag: Hashtag?
    var outgoingWaiting = false
    /// The first screenful, already read at start-up (`Glance`); used once, instead of reading it again.
    private var glance: Glance?

    package init(sources: Sources, timeline: TimelineID, pageSize: Int = 20, prefetchThreshold: Int = 10,
                refreshPageBudget: Int = 5, retry: RetryPolicy = RetryPolicy(), glance: Glance? = nil,
                publish: @escaping @Sendable (TimelineSnapshot) -> Void) {
        client = sources.client
        // A web feeds' timeline is of the feeds' part of the store, whichever account is shown.
        let data = timeline.isWebFeeds ? sources.webFeeds?.data ?? sources.data : sources.data
        self.data = data
        let store = data.timeline(timeline.storageKey)
        self.store = store
        webFeeds = sources.webFeeds
        actions = sources.actions
        posts = sources.posts
        reachability = sources.reachability
        me = sources.me
        forcedOffline = timeline.isWebFeeds ? sources.webFeeds?.offline ?? true : sources.offline
        key = store.key
        self.glance = glance?.key == key ? glance : nil
        self.retry = retry
        self.timeline = timeline
        self.pageSize = pageSize
        self.prefetchThreshold = prefetchThreshold
        self.refreshPageBudget = refreshPageBudget
        self.publish = publish
        let (logger, name) = (Logger(label: "tern.timeline"), timeline.description)
        positionWrites = LatestWrite(label: "tern.position", write: { place in
            try store.savePosition(anchorID: place.position.anchorID, offset: place.position.offset,
                                   selectedID: place.position.selectedID, seenID: place.seenID)
        }, failed: { error in
            logger.error("couldn't save the reading position", metadata: ["timeline": "\(name)", "error": "\(error)"])
        })
        (commands, continuation) = AsyncStream.makeStream(of: Command.self)
        let continuation = self.continuation
        sources.actions.feed(continuation) { .actions($0) }
        sources.posts.feed(continuation) { .posts($0) }
    }

    /// Queues a command; returns at once.
    package nonisolated func send(_ command: Command) {
        continuation.yield(command)
    }

    /// Processes commands until `stop()` is called; then saves where the user was.
    package func run() async {
        for await command in commands {
            handle(command)
        }
        probe?.cancel()
        savePosition()
        await positionWrites.settled()
        await pushMarkerBeforeLeaving()
    }

    package nonisolated func stop() { continuation.finish() }

    private func handle(_ command: Command) {
        switch command {
        case .start:
            if !started { started = true; start() }
        case .refresh:
            if timeline.isLocal { showSearch(); return }
            if timeline.isWebFeeds { refreshWebFeeds(); return }
            if hashtag == nil { lookUpHashtag() }
            if loadingNewer { refreshHeard = true } else { startLoadingNewer() }
        case .poll:
            // An empty list is read too when looking for a server that was away: a start without it left
            // "Nothing here yet" until `r`.
            if !loadingNewer, !window.isEmpty || offline, !timeline.isLocal, !timeline.isWebFeeds { startLoadingNewer(quiet: true) }
        case .viewed(let first, let last, let anchorID, let offset, let selectedID):
            viewed(first: first, last: last)
            if let anchorID {
                unsavedPosition = SavedPosition(anchorID: anchorID, offset: offset, selectedID: selectedID)
                readAnchor = anchorID
                let previous = markerPush
                markerPush = Task { await previous?.value; await self.pushMarker(force: false) }
            }
            savePosition()
        case .viewedIDs(let firstID, let lastID, let anchorID, let offset, let selectedID):
            let posts = window.posts
            // Rows that aren't this timeline's (a profile's pinned posts above it) are not in the window.
            guard let first = posts.firstIndex(where: { $0.id == firstID }) ?? posts.firstIndex(where: { $0.id == lastID }) else { return }
            let last = posts[first...].firstIndex(where: { $0.id == lastID }) ?? first
            handle(.viewed(first: first, last: last, anchorID: anchorID, offset: offset, selectedID: selectedID))
        case .jump(let top):
            moveWindow(top: top)
        case .jumpToUnread:
            moveWindowToReadMark()
        case .readMarksChanged:
            emit()
        case .caughtUp(let id):
            adoptServerReadMark(id)
            // Done reading told the server (or will): the marker is not pushed back below it.
            if markerSent.map({ ServerID.isNewer(id, than: $0) }) ?? true { markerSent = id }
            // What Catch-up marked read is no longer news: "↑ N new" counts only what came in after it.
            arrivals = arrivals.filter { ServerID.isNewer($0, than: id) }
            emit()
        case .storeFilled:
            adoptStoreFilled()
        case .fillGap(let id, let fromTop):
            startFilling(id, fromTop: fromTop)
        case .posts(let news):
            take(news)
        case .refreshCounts:
            fetchCounts()
        case .outgoing(let posts, let waiting):
            outgoing = posts
            outgoingWaiting = waiting
            emit()
        case .mark(let kind, let id, let wanted):
            toggle(kind, postID: id, wanted: wanted)
        case .follow(let wanted):
            followHashtag(wanted)
        case .readConversation(let id):
            readConversation(id)
        case .conversationRead(let conversation):
            conversationRead(conversation)
        case .conversationNotRead(let why):
            say("The conversation stays unread on the server: \(why)", error: false)
            emit()
        case .actions(let event):
            switch event {
            case .changed: break
            // The same backoff looks for the server as after a failed read, and says so. A web feeds' list
            // asks no account's server: the account's being out of reach is not its news (it said
            // "offline" for the rest of the run, its probe never answered).
            case .unreachable: if !timeline.isWebFeeds { wentOffline() }
            case .confirmed, .pollCounted:
                if case .confirmed = event { reachability.answered() }
                if window.take(event), let said = event.saidOfAnswer { say(said, error: false) }
            case .refused(let why): messages.say(why)
            case .relationship: break
            case .hashtag(let tag): heard(tag)
            // The queue has taken it out of the store; here it keeps its place, saying so.
            case .deleted(let statusID):
                guard window.posts.contains(where: { $0.statusID == statusID }) else { break }
                deleted.insert(statusID)
                say("Deleted.", error: false)
            }
            emit()
        }
    }

    // MARK: The window

    /// Paints from the store at the saved position first, then asks the server for what is newer.
    private func start() {
        if timeline.isLocal { showSearch(); return }
        lookUpHashtag()
        do {
            // A screenful first (decoding cached posts is most of the start-up), then the rest of the
            // window (30 above the saved place, 60 below) around it, while the first frame is drawn.
            if let glance {
                cursors = glance.state
                window = TimelineWindow(glance.run)
                self.glance = nil
            } else {
                cursors = try store.state()
                window = TimelineWindow(try store.run(around: cursors.anchorID, before: Glance.before, after: Glance.after))
            }
            savedPosition = SavedPosition(cursors, in: window.posts)
            (newestSeen, readUpTo) = (cursors.seenID, cursors.seenID)
            arrivals = unseenSinceLastRun()
            // A feeds' list holds what the feeds hold: there is nothing older to page to.
            if timeline.isWebFeeds { cursors.reachedEnd = true }
            emit()
            if window.hasOlder, let seq = window.entries.last?.seq {
                let (more, hasMore) = try store.entries(olderThan: seq, limit: 48)
                window.extendDown(more, more: hasMore)
            }
            if window.hasNewer, let seq = window.entries.first?.seq {
                let (more, hasMore) = try store.entries(newerThan: seq, limit: 26)
                window.extendUp(more, more: hasMore)
            }
            arrivals = unseenSinceLastRun()
        } catch {
            say("Couldn't read the cache: \(error)", error: true)
        }
        emit()
        if timeline.isWebFeeds {
            if !forcedOffline { refreshWebFeeds() }
            return
        }
        if timeline == .home, !forcedOffline { Task { await self.fetchMarker() } }
        if forcedOffline {
            offline = true
            say(window.isEmpty ? "Offline: nothing cached for \(timeline) yet (run `tern sync` while online)"
                               : "Offline: showing cached posts", error: false)
            emit()
            return
        }
        startLoadingNewer(quiet: !window.isEmpty)
    }

    private func viewed(first: Int, last: Int) {
        guard !timeline.isLocal else { return }
        visible = min(first, last)...max(first, last)
        let count = window.posts.count
        if first >= 0, first < count { noteSeen(window.posts[first].id) }
        do {
            if last >= count - prefetchThreshold {
                if window.hasOlder, let seq = window.entries.last?.seq {
                    let (more, hasMore) = try store.entries(olderThan: seq, limit: 60)
                    window.extendDown(more, more: hasMore)
                    keepWindowBounded()
                    emit()
                } else {
                    startLoadingOlder()
                }
            }
            if first < prefetchThreshold, window.hasNewer, let seq = window.entries.first?.seq {
                let (more, hasMore) = try store.entries(newerThan: seq, limit: 60)
                keepWindowBounded(addedAbove: window.extendUp(more, more: hasMore))
                emit()
            }
        } catch {
            say("Couldn't read the cache: \(error)", error: true)
            emit()
        }
    }

    private func moveWindow(top: Bool) {
        do {
            window = TimelineWindow(top ? try store.run(around: nil, before: 0, after: 80) : try store.bottom(count: 80))
            visible = top ? 0...0 : max(0, window.posts.count - 1)...max(0, window.posts.count - 1)
        } catch {
            say("Couldn't read the cache: \(error)", error: true)
        }
        emit()
    }

    /// Each move of the place goes to the store as it is made (a kill loses none that was written), through
    /// one waiting write that always holds the newest place.
    private func savePosition() {
        guard let p = unsavedPosition else { return }
        positionWrites.save(Place(position: p, seenID: newestSeen))
        unsavedPosition = nil
    }

    // MARK: Like and save

    private func toggle(_ kind: PendingAction.Kind, postID: String, wanted: Bool?) {
        guard let post = window.posts.first(where: { $0.id == postID }) else { return }
        actions.toggle(kind, of: post, wanted: wanted)
    }

    // MARK: Publishing

    func say(_ text: String, error: Bool, aboutAction: Bool = false) {
        messages.say(text, error: error, aboutAction: aboutAction)
    }

    func describe(_ error: Error) -> String { MastodonError.words(for: error) }

    /// A store read or write whose failure leaves the timeline usable (it shows less, or forgets a
    /// position): logged with what was being done, never silently dropped.
    func logged<T>(_ what: String, _ body: () throws -> T) -> T? {
        do { return try body() } catch {
            logger.error("couldn't \(what)", metadata: ["timeline": "\(timeline)", "error": "\(error)"])
            return nil
        }
    }
}
