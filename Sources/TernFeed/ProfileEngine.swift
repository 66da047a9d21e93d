import Foundation
import Logging
import TernMastodon
import TernModel
import TernStore

/// A profile: the account's header (bio, fields, counts, how you are related), what it pinned, and its
/// posts, which a timeline engine of their own pages and caches. Follow and unfollow go through the
/// action queue, under the like/save rules.
package actor ProfileEngine: MarkingFeed, PagedFeed, CountedFeed, FilteredFeed, FollowingFeed {
    private let sources: TimelineEngine.Sources
    private let account: Account
    private let publish: @Sendable (FeedSnapshot) -> Void
    private let inputs: AsyncStream<ProfileInput>
    private let continuation: AsyncStream<ProfileInput>.Continuation
    private let logger = Logger(label: "tern.profile")

    private var profile: Profile
    /// The relationship as the session holds it (`SessionPeople`): a fetch that began before a follow's
    /// answer carries an older state, and gives way to the answer there.
    private var relationship: Relationship?
    private let isYou: Bool
    /// Whether the user followed this account when the server counted its followers: a follow or unfollow
    /// since then moves the count shown by one (it did not move after `F`).
    private var followingWhenCounted: Bool?
    private var pinned: [Post] = []
    private var posts: FeedSnapshot?
    private var postsEngine: TimelineEngine?
    private var postsTask: Task<Void, Never>?
    private var filter = FeedFilter.everything
    private var offline = false
    private var started = false
    private var version = 0
    private var messages = Messages()
    private var postsMessageID = 0
    /// The latest fetch of the header: an answer to an older one is dropped.
    private var fetchNumber = 0

    private enum Command: Sendable {
        case list(ListCommand)
        case mark(PendingAction.Kind, postID: String, wanted: Bool?)
        case jump(top: Bool)
        case fillGap(id: String, fromTop: Bool)
        case refreshCounts
        case filter(FeedFilter)
        case follow(Bool)
    }

    private enum ProfileInput: Sendable {
        case command(Command)
        case posts(TimelineSnapshot)
        case actions(ActionQueue.Event)
        /// The session's posts (its posts' own engine hears them itself).
        case session(SessionPosts.News)
        /// The session's people: this account's relationship changed, or its follow request was answered.
        case people(SessionPeople.News)
        case fetched(Fetched)
    }

    /// The header as the server gave it, each part on its own (a server may lack relationships or pins).
    private struct Fetched: Sendable {
        var number: Int
        var profile: Result<Profile, Error>
        var relationship: Result<Relationship?, Error>
        var pins: Result<[Post], Error>
        var asked: Date
    }

    /// `isYou`: the account is the user's own, which has no relationship to itself to ask for or show.
    package init(sources: TimelineEngine.Sources, account: Account, isYou: Bool = false,
                publish: @escaping @Sendable (FeedSnapshot) -> Void) {
        self.sources = sources
        self.account = account
        self.isYou = isYou
        self.publish = publish
        profile = Profile(account: account)
        profile.countsKnown = false
        (inputs, continuation) = AsyncStream.makeStream(of: ProfileInput.self)
        let continuation = self.continuation
        sources.actions.feed(continuation) { .actions($0) }
        sources.posts.feed(continuation) { .session($0) }
        sources.people.feed(continuation) { .people($0) }
    }

    package nonisolated func perform(_ command: ListCommand) { continuation.yield(.command(.list(command))) }
    package nonisolated func mark(_ kind: PendingAction.Kind, postID: String, wanted: Bool?) {
        continuation.yield(.command(.mark(kind, postID: postID, wanted: wanted)))
    }
    package nonisolated func jump(top: Bool) { continuation.yield(.command(.jump(top: top))) }
    package nonisolated func fillGap(id: String, fromTop: Bool) { continuation.yield(.command(.fillGap(id: id, fromTop: fromTop))) }
    package nonisolated func refreshCounts() { continuation.yield(.command(.refreshCounts)) }
    package nonisolated func filter(_ filter: FeedFilter) { continuation.yield(.command(.filter(filter))) }
    package nonisolated func follow(_ wanted: Bool) { continuation.yield(.command(.follow(wanted))) }
    package nonisolated func stop() { continuation.finish() }

    package func run() async {
        for await input in inputs {
            switch input {
            case .command(let c): await handle(c)
            case .fetched(let f): await take(f)
            case .session(let news):
                // A pinned post shows its newest copy; a deleted one leaves.
                let before = pinned
                switch news {
                case .copies(let copies):
                    guard pinned.contains(where: { p in copies.contains { $0.statusID == p.statusID } }) else { break }
                    pinned = pinned.map { p in copies.last { $0.statusID == p.statusID }.map(p.showing) ?? p }
                    emit()
                case .deleted(let ids):
                    pinned.removeAll { ids.contains($0.statusID) }
                    if pinned != before { emit() }
                }
            case .people(.relationship(let id, let r)) where id == account.id && !isYou:
                relationship = r
                await saveProfile()
                emit()
            case .people(.requestAnswered(let id, _)) where id == account.id && !isYou:
                // Accepted, they follow the user now (the session's copy says so, where it has one).
                relationship = sources.people.relationship(with: id) ?? relationship
                emit()
            case .people:
                break
            case .posts(let s):
                // The posts' messages are said again under this list's own numbering.
                if let m = s.message, m.id > postsMessageID {
                    postsMessageID = m.id
                    messages.repeating(m)
                }
                posts = FeedSnapshot(s)
                emit()
            case .actions(let event):
                switch event {
                case .relationship:
                    break   // the session's people hear it, and tell this engine (`.people`)
                case .refused(let why): messages.say(why)
                case .confirmed, .pollCounted:
                    for i in pinned.indices { _ = event.answer(&pinned[i]) }
                default: break
                }
                emit()
            }
        }
        postsEngine?.stop()
        await postsTask?.value
    }

    private func handle(_ command: Command) async {
        switch command {
        case .list(.start):
            guard !started else { return }
            started = true
            openPosts()
            await load()
        case .list(.refresh):
            postsEngine?.send(.refresh)
            fetch()
        case .list(let viewed):
            postsEngine?.perform(viewed)
        case .refreshCounts:
            postsEngine?.refreshCounts()
        case .jump(let top):
            postsEngine?.jump(top: top)
        case .fillGap(let id, let fromTop):
            postsEngine?.fillGap(id: id, fromTop: fromTop)
        case .mark(let kind, let id, let wanted):
            if let p = pinnedPost(id) { toggle(kind, p, wanted) } else { postsEngine?.mark(kind, postID: id, wanted: wanted) }
        case .follow(let wanted):
            setFollow(wanted)
        case .filter(let f):
            guard f != filter else { return }
            filter = f
            openPosts()
        }
    }

    /// Pinned rows carry a prefixed id, so a pinned post that is also among the posts is two distinct rows.
    private func pinnedPost(_ rowID: String) -> Post? {
        guard rowID.hasPrefix(Self.pinnedPrefix) else { return nil }
        return pinned.first { $0.id == rowID.dropFirst(Self.pinnedPrefix.count) }
    }

    static let pinnedPrefix = "pinned:"

    /// The posts below the header: all, without boosts, or with pictures only; each its own cached timeline.
    private func openPosts() {
        postsEngine?.stop()
        let timeline: TimelineID
        switch filter {
        case .withoutBoosts: timeline = .accountOriginals(id: account.id, acct: account.acct)
        case .mediaOnly: timeline = .accountMedia(id: account.id, acct: account.acct)
        default: timeline = .account(id: account.id, acct: account.acct)
        }
        let continuation = self.continuation
        let engine = TimelineEngine(sources: sources, timeline: timeline) { continuation.yield(.posts($0)) }
        postsEngine = engine
        posts = nil
        postsMessageID = 0
        let previous = postsTask
        postsTask = Task { await previous?.value; await engine.run() }
        engine.send(.start)
    }

    private func load() async {
        do {
            if let (p, r) = try await sources.data.profile(account.id) {
                profile = p
                // The stored copy is the oldest word there is: one the session heard since stands.
                relationship = isYou ? nil : r.map { sources.people.heard($0, accountID: account.id, askedAt: .distantPast) }
                followingWhenCounted = relationship?.following
            }
        } catch {
            logger.error("couldn't read a stored profile", metadata: ["error": "\(error)"])
        }
        emit()
        if sources.offline { offline = true; emit(); return }
        fetch()
    }

    /// Asks the server for the header off the engine's loop: the answer comes back as an input, so a key
    /// pressed meanwhile (`F`) is taken at once. It waited behind a stalled fetch before, and a confirmed
    /// unfollow was still unjournaled when Tern was killed most of a second later.
    private func fetch() {
        fetchNumber += 1
        let (client, id, isYou, continuation) = (sources.client, account.id, isYou, continuation)
        let number = fetchNumber
        Task {
            let asked = Date()
            async let p = Self.result { try await client.profile(accountID: id) }
            async let r = Self.result { isYou ? nil : try await client.relationship(accountID: id) }
            async let pins = Self.result { try await client.pinned(accountID: id) }
            continuation.yield(.fetched(Fetched(number: number, profile: await p, relationship: await r, pins: await pins,
                                                asked: asked)))
        }
    }

    private static func result<T>(_ body: @Sendable () async throws -> T) async -> Result<T, Error> {
        do { return .success(try await body()) } catch { return .failure(error) }
    }

    private func take(_ fetched: Fetched) async {
        guard fetched.number == fetchNumber else { return }
        do {
            profile = try fetched.profile.get()
            offline = false
            sources.reachability.answered()
            // A relationship or pins the server won't give (some servers lack one or the other) cost only that part.
            do {
                let r = try fetched.relationship.get()
                relationship = r.map { sources.people.heard($0, accountID: account.id, askedAt: fetched.asked) }
                followingWhenCounted = r?.following
            } catch { logger.warning("no relationship", metadata: ["error": "\(error)"]) }
            do { pinned = sources.posts.heard(try fetched.pins.get(), askedAt: fetched.asked) } catch { logger.warning("no pinned posts", metadata: ["error": "\(error)"]) }
            await saveProfile()
        } catch let error as MastodonError {
            if error.serverUnreachable { offline = true; sources.reachability.lost() } else { messages.say("Couldn't load the profile: \(error.description)", error: true) }
        } catch {
            messages.say("Couldn't load the profile: \(error)", error: true)
        }
        emit()
    }

    private func saveProfile() async {
        do { try await sources.data.saveProfile(profile, relationship: relationship) }
        catch { logger.error("couldn't store a profile", metadata: ["error": "\(error)"]) }
    }

    /// Follow and unfollow go through the account's action queue: shown at once as pending, journaled,
    /// sent (or kept while the server can't be reached), and rolled back with the reason when refused.
    private func setFollow(_ wanted: Bool) {
        guard !isYou else { return }
        let known = relationship ?? Relationship()
        sources.actions.set(.follow, accountID: account.id, to: wanted, current: PendingAction.Kind.follow.flag(of: known),
                            account: account)
        emit()
    }

    private func toggle(_ kind: PendingAction.Kind, _ post: Post, _ wanted: Bool?) {
        sources.actions.toggle(kind, of: post, wanted: wanted)
    }

    private func emit() {
        version += 1
        let shown = relationship.map { sources.actions.apply(to: $0, accountID: account.id) }
        var counted = profile
        if let then = followingWhenCounted, let now = shown?.0.following, now != then {
            counted.followers = max(0, counted.followers + (now ? 1 : -1))
        }
        var rows: [FeedRow] = [.profile(counted, shown?.0, followPending: shown?.pending ?? false)]
        if !pinned.isEmpty, filter == .everything {
            rows.append(.found(.heading("📌 Pinned")))
            rows += sources.posts.current(pinned).map { p in
                var p = sources.actions.apply(to: p)
                p.id = Self.pinnedPrefix + p.id
                return .post(p)
            }
            rows.append(.found(.heading("Posts")))
        }
        let below = posts
        rows += below?.rows ?? []
        var s = FeedSnapshot(version: version, feed: .profile(accountID: account.id), rows: rows)
        s.filter = filter
        s.loadingOlder = below?.loadingOlder ?? false
        s.loadingNewer = below?.loadingNewer ?? false
        s.reachedEnd = below?.reachedEnd ?? false
        s.moreOlder = below?.moreOlder ?? false
        // The header rows stand above the posts' window: a position counts them only while nothing is between.
        s.rowsAbove = below == nil || below?.rowsAbove == 0 ? 0 : nil
        s.rowsBelow = below.map(\.rowsBelow) ?? 0
        s.endStored = below?.endStored ?? false
        s.offline = offline || (below?.offline ?? false)
        s.pendingActions = sources.actions.pendingCount
        s.message = messages.latest
        publish(s)
    }
}
