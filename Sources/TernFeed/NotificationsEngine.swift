import Foundation
import Logging
import TernMastodon
import TernModel
import TernStore

/// The notifications list. Starts from the store, asks the server for the newest page (grouped where
/// the server groups, grouped here otherwise), pages down as the user reads, and keeps the read position
/// in the server's markers where the server has them, so another client sees the same position.
package actor NotificationsEngine: MarkingFeed, PolledFeed, FilteredFeed, ReadMarkedFeed {
    private let client: MastodonClient
    private let store: AccountData
    private let actions: ActionQueue
    private let posts: SessionPosts
    private let people: SessionPeople
    private let offlineOnly: Bool
    private let pageSize: Int
    private let publish: @Sendable (FeedSnapshot) -> Void
    private let inbox: EngineInbox<Command>
    private let logger = Logger(label: "tern.notifications")

    private var groups: [NotificationGroup] = []
    private var filter = FeedFilter.everything
    /// Whether the server has grouped notifications; nil until asked.
    private var serverGroups: Bool?
    private var markersSupported = true
    /// The server's read position has been read this session; until then (a start with the server away)
    /// every stored notification would count as unread: 30 where the same demo otherwise shows 10.
    private var markerSynced = false
    private var lastRead: String?
    private var loadingNewer = false
    private var loadingOlder = false
    private var reachedEnd = false
    private var offline = false
    private let reachability: Reachability
    private var started = false
    private var version = 0
    private var messages = Messages()
    private var arrivals: Set<String> = []
    /// Reads and writes under way off the loop, by number, so that `run` waits for them once stopped.
    private var work: [Int: Task<Void, Never>] = [:]
    private var lastWork = 0

    package init(sources: TimelineEngine.Sources, pageSize: Int = 30, publish: @escaping @Sendable (FeedSnapshot) -> Void) {
        client = sources.client
        store = sources.data
        actions = sources.actions
        posts = sources.posts
        people = sources.people
        offlineOnly = sources.offline
        reachability = sources.reachability
        self.pageSize = pageSize
        self.publish = publish
        inbox = EngineInbox(actions: sources.actions, posts: sources.posts, people: sources.people)
    }

    private enum Command: Sendable {
        case list(ListCommand)
        case mark(PendingAction.Kind, postID: String, wanted: Bool?)
        case filter(FeedFilter)
        case markRead
    }

    package nonisolated func perform(_ command: ListCommand) { inbox.send(.list(command)) }
    package nonisolated func mark(_ kind: PendingAction.Kind, postID: String, wanted: Bool?) { inbox.send(.mark(kind, postID: postID, wanted: wanted)) }
    package nonisolated func filter(_ filter: FeedFilter) { inbox.send(.filter(filter)) }
    package nonisolated func markRead() { inbox.send(.markRead) }
    /// Notifications have no quieter read than `r`'s: a poll reads them again the same way.
    package nonisolated func poll() { inbox.send(.list(.refresh)) }
    package nonisolated func stop() { inbox.finish() }

    package func run() async {
        for await input in inbox.inputs {
            switch input {
            case .actions(let event):
                heard(event)
                emit()
            case .command(let command):
                handle(command)
            case .posts(let news):
                take(news)
            case .people(.requestAnswered(let id, _)):
                // A request answered (from the requests' menu, or the row's own): its row says so.
                if groups.contains(where: { $0.kind == .followRequest && $0.accounts.first?.id == id }) { emit() }
            case .people(.relationship):
                break
            }
        }
        // Finished before `run` returns, as when the loop itself did the work: a page read is stored (not
        // cancelled halfway, which lost it and logged an error), and the store is let go after.
        for task in work.values { await task.value }
    }

    /// Runs a read or write that waits on the server beside the loop, on this actor, so a like pressed
    /// meanwhile is taken at once rather than after a slow page (each load guards against a second of
    /// its kind).
    private func besideTheLoop(_ body: @escaping @Sendable (isolated NotificationsEngine) async -> Void) {
        lastWork += 1
        let number = lastWork
        work[number] = Task {
            await body(self)
            self.work[number] = nil
        }
    }

    private func handle(_ command: Command) {
        switch command {
        case .list(.start):
            guard !started else { return }
            started = true
            besideTheLoop { await $0.start() }
        case .list(.refresh):
            besideTheLoop { await $0.refresh() }
        case .list(.viewed(_, let lastID, _, _, _)):
            let shown = visibleGroups
            if let i = shown.firstIndex(where: { "n:" + $0.id == lastID }), i >= shown.count - 8 { besideTheLoop { await $0.loadOlder() } }
        case .filter(let f):
            filter = f == .mentionsOnly ? .mentionsOnly : .everything
            emit()
            if visibleGroups.count < 10 { besideTheLoop { await $0.loadOlder() } }
        case .markRead:
            besideTheLoop { await $0.markRead() }
        case .mark(let kind, let id, let wanted): toggle(kind, id, wanted)
        }
    }

    /// A newer copy of a post changes it under its notification; a deleted one leaves the notification saying so.
    private func take(_ news: SessionPosts.News) {
        var touched = false
        for i in groups.indices {
            guard let post = groups[i].post else { continue }
            switch news {
            case .copies(let copies):
                guard let copy = copies.last(where: { $0.statusID == post.statusID }) else { continue }
                groups[i].post = post.showing(copy)
            case .deleted(let ids):
                guard ids.contains(post.statusID) else { continue }
                groups[i].post = nil
            }
            touched = true
        }
        if touched { emit() }
    }

    /// The posts of a page of notifications are the session's news; each takes the newest copy the session has.
    private func heard(_ page: [NotificationGroup], asked: Date) -> [NotificationGroup] {
        let shown = posts.heard(page.compactMap(\.post), askedAt: asked)
        let byStatus = Post.byStatus(shown)
        return page.map { group in
            var group = group
            if let post = group.post, let copy = byStatus[post.statusID] { group.post = post.showing(copy) }
            return group
        }
    }

    private var visibleGroups: [NotificationGroup] {
        filter == .mentionsOnly ? groups.filter { $0.kind == .mention } : groups
    }

    private func start() async {
        do {
            groups = try await store.notifications()
            lastRead = try await store.marker("notifications")?.lastReadID
        } catch {
            logger.error("couldn't read stored notifications", metadata: ["error": "\(error)"])
        }
        emit()
        if offlineOnly {
            offline = true
            emit()
            return
        }
        await syncMarker()
        await refresh()
    }

    /// Sends a read position saved while offline, then takes the server's (another client may have moved it).
    private func syncMarker() async {
        do {
            if let local = try await store.marker("notifications"), local.unsent {
                try await client.saveMarker("notifications", lastReadID: local.lastReadID)
                try await store.saveMarker("notifications", lastReadID: local.lastReadID, unsent: false)
            }
            if let remote = try await client.marker("notifications") {
                if lastRead.map({ ServerID.isNewer(remote, than: $0) }) ?? true {
                    lastRead = remote
                    try await store.saveMarker("notifications", lastReadID: remote, unsent: false)
                }
            }
            markerSynced = true
        } catch let error as MastodonError {
            if case .http(let status, _) = error, status == 404 { markersSupported = false; markerSynced = true; return }
            logger.warning("couldn't sync the notifications marker", metadata: ["error": "\(error)"])
        } catch {
            logger.error("couldn't store the notifications marker", metadata: ["error": "\(error)"])
        }
    }

    private func refresh() async {
        guard !loadingNewer, !offlineOnly else { return }
        loadingNewer = true
        emit()
        defer { loadingNewer = false; emit() }
        do {
            let asked = Date()
            var page = try await client.notifications(limit: pageSize, grouped: serverGroups ?? true)
            page.groups = heard(page.groups, asked: asked)
            serverGroups = page.serverGrouped
            offline = false
            reachability.answered()
            if !markerSynced { await syncMarker() }
            let known = Set(groups.map(\.id))
            let overlaps = page.groups.contains { known.contains($0.id) }
            if started, !groups.isEmpty { arrivals.formUnion(page.groups.filter { !known.contains($0.id) }.map { "n:" + $0.id }) }
            // Without overlap the stored list may have a hole above it: start again from this page.
            groups = overlaps ? merge(page.groups, into: groups) : page.groups
            if !overlaps { reachedEnd = page.groups.isEmpty }
            await save(page.groups)
        } catch {
            fail(error)
        }
    }

    private func loadOlder() async {
        guard !loadingOlder, !reachedEnd, !offlineOnly, let oldest = groups.last?.oldestID else { return }
        loadingOlder = true
        emit()
        defer { loadingOlder = false; emit() }
        do {
            let asked = Date()
            var page = try await client.notifications(maxID: oldest, limit: pageSize, grouped: serverGroups ?? true)
            page.groups = heard(page.groups, asked: asked)
            serverGroups = page.serverGrouped
            offline = false
            reachability.answered()
            if page.groups.isEmpty { reachedEnd = true }
            groups = merge(page.groups, into: groups)
            await save(page.groups)
        } catch {
            fail(error)
        }
    }

    /// Groups of a page replace stored ones with the same key (a group grows as people keep liking).
    private func merge(_ page: [NotificationGroup], into list: [NotificationGroup]) -> [NotificationGroup] {
        var byKey = Dictionary(list.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for var g in page {
            if let old = byKey[g.id], ServerID.isNewer(g.oldestID, than: old.oldestID) { g.oldestID = old.oldestID }
            byKey[g.id] = g
        }
        return byKey.values.sorted { ServerID.isNewer($0.newestID, than: $1.newestID) }
    }

    private func save(_ page: [NotificationGroup]) async {
        do { try await store.saveNotifications(page) }
        catch { logger.error("couldn't store notifications", metadata: ["error": "\(error)"]) }
    }

    /// Everything shown has been seen: the marker moves to the newest notification.
    private func markRead() async {
        guard let newest = groups.first?.newestID, lastRead.map({ ServerID.isNewer(newest, than: $0) }) ?? true else { return }
        lastRead = newest
        emit()
        do {
            try await store.saveMarker("notifications", lastReadID: newest, unsent: markersSupported)
            guard markersSupported, !offlineOnly else { return }
            try await client.saveMarker("notifications", lastReadID: newest)
            try await store.saveMarker("notifications", lastReadID: newest, unsent: false)
        } catch let error as MastodonError {
            if case .http(let status, _) = error, status == 404 {
                markersSupported = false
                return
            }
            // Kept as unsent: the next start sends it.
            logger.warning("couldn't send the notifications marker", metadata: ["error": "\(error)"])
        } catch {
            logger.error("couldn't store the notifications marker", metadata: ["error": "\(error)"])
        }
    }

    private func fail(_ error: Error) {
        let e = error as? MastodonError
        if e?.serverUnreachable == true {
            offline = true
            reachability.lost()
            // Not an error: the list the user reads says so already, and notifications run in the background.
            messages.say(groups.isEmpty ? "Can't reach the server: \(e!.description)" : "Offline: showing stored notifications",
                error: false)
        } else {
            messages.say("Couldn't load notifications: \(e?.description ?? "\(error)")", error: true)
        }
    }

    /// The action queue's news: a refusal said; the server's answer to a like, save, boost or vote taken
    /// by every notification that shows the post, as the timelines take it, and stored with it.
    private func heard(_ event: ActionQueue.Event) {
        if case .refused(let why) = event { messages.say(why) }
        var answered: [NotificationGroup] = []
        for i in groups.indices {
            guard var post = groups[i].post, event.answer(&post) else { continue }
            groups[i].post = post
            answered.append(groups[i])
        }
        guard !answered.isEmpty else { return }
        if let said = event.saidOfAnswer { messages.say(said, error: false) }
        besideTheLoop { [answered] in await $0.save(answered) }
    }

    private func toggle(_ kind: PendingAction.Kind, _ postID: String, _ wanted: Bool?) {
        guard let post = groups.lazy.compactMap(\.post).first(where: { $0.id == postID }) else { return }
        actions.toggle(kind, of: post, wanted: wanted)
    }

    /// Unread: groups newer than the read position (all of them before any position is known).
    private var unread: Int {
        guard let lastRead else { return groups.count }
        return groups.prefix { ServerID.isNewer($0.newestID, than: lastRead) }.count
    }

    private func emit() {
        version += 1
        let rows = visibleGroups.map { g in
            var g = g
            g.post = g.post.map { actions.filtered(posts.current([$0])[0], in: .notifications) }
            if g.kind == .followRequest, let asking = g.accounts.first { g.requestAnswer = people.answer(toRequestFrom: asking.id) }
            return g
        }.filter { g in g.post.map { !actions.hides($0) } ?? true }.map { g -> FeedRow in
            var g = g
            g.post = g.post.map(actions.apply)
            return .notification(g)
        }
        var s = FeedSnapshot(version: version, feed: .notifications, rows: rows)
        s.filter = filter
        s.loadingNewer = loadingNewer
        s.loadingOlder = loadingOlder
        s.reachedEnd = reachedEnd
        s.offline = offline || offlineOnly
        s.message = messages.latest
        s.unread = unread
        s.arrivals = arrivals
        s.pendingActions = actions.pendingCount
        publish(s)
    }
}
