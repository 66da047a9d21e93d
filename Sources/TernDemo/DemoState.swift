import TernModel
import Foundation

/// The mutable side of the demo instance: which posts exist so far, what the demo user liked and saved,
/// and counters that tests read. One actor, so requests never race.
actor DemoState {
    let world: DemoWorld
    let config: DemoConfig
    private let startedAt: Date
    var posts: [DemoPost] = []
    /// Kept as posts are made, so writing an account doesn't scan every post.
    private(set) var postsByAuthor: [Int: Int] = [:]
    private(set) var favourited: Set<UInt64> = []
    /// Posts the demo user boosted.
    private(set) var boosted: Set<UInt64> = []
    private(set) var bookmarks: [(seq: UInt64, id: UInt64)] = []
    /// The demo user's posts they pinned to their profile, and conversations whose notifications they muted.
    private(set) var pinnedByUser: Set<UInt64> = []
    private(set) var mutedConversations: Set<UInt64> = []
    private var nextBookmarkSeq: UInt64 = 1
    private var extraPosts = 0
    var rng: SeededRandom
    private(set) var mediaRequests: [String: Int] = [:]
    private(set) var mediaRequestLog: [String] = []
    private(set) var actionRequests = 0
    /// Actions carried out, in order, as "favourite 123".
    var actionLog: [String] = []
    /// The demo user's own reactions, by post and emoji: added (true) or taken back (false), over the seeded ones.
    var ownReactions: [UInt64: [String: Bool]] = [:]
    /// Hashtags the demo user follows, lowercased.
    var followedTags: Set<String>
    var reports = 0
    /// Every write request received, a JSON line each (`DemoWriteLogMiddleware`), for `/demo/write-log`.
    var requestLog: [String] = []
    var apps: [String: String] = [:]          // client id → secret (DemoState+OAuth)
    var codes: [String: String] = [:]         // code → client id
    var tokens: Set<String> = ["demo-token"]
    private var faults: [DemoFault] = []
    private var mediaFaults: [DemoFault] = []
    /// Replies outside the timelines, by id, and every post's direct replies (timeline posts' too).
    var replies: [UInt64: DemoPost] = [:]
    var childrenOf: [UInt64: [UInt64]] = [:]
    /// The user's direct conversations; their messages are among `replies`.
    var conversations: [DemoConversation] = []
    /// A post with a 40-reply, 3-deep thread under it, and one with a 14-deep chain.
    private(set) var showcaseThreadID: UInt64 = 0
    private(set) var deepThreadID: UInt64 = 0
    private(set) var largeThreadID: UInt64?
    /// The demo user's notifications, oldest first, and their read marker.
    var notifications: [DemoNotification] = []
    var notificationsMarker: UInt64?
    /// The home timeline's read position, as other clients set it.
    var homeMarker: UInt64?
    var markerVersion = 0
    /// Accounts (by index) the demo user follows, has asked to follow, and is followed by.
    var following: Set<Int> = [1, 2, 3, 4, 5]
    var requested: Set<Int> = []
    /// Accounts asking to follow the demo user (whose account is locked), and those it accepted.
    var followRequests: [Int] = [34, 35, 37]
    var acceptedFollowers: Set<Int> = []
    /// The demo user's lists: at first one, "Friends", of the first ten accounts.
    var lists: [DemoList] = [DemoList(id: DemoState.listID, title: DemoState.listTitle, repliesPolicy: "list", exclusive: false,
                                      members: Set(1...10))]
    var nextListID = 2
    /// Filtered notifications: the policy's rules by field, and the requests held back (account, how many).
    var notificationPolicy: [String: String] = ["for_not_following": "accept", "for_not_followers": "accept",
                                                "for_new_accounts": "filter", "for_private_mentions": "filter",
                                                "for_limited_accounts": "filter"]
    var notificationRequests: [(account: Int, count: Int)] = [(38, 3), (39, 1)]
    /// Posts deleted since start.
    var deleted: Set<UInt64> = []
    /// Streaming connections: the streams each subscribed to, and where its events go.
    var listeners: [Int: (streams: Set<String>, events: AsyncStream<String>.Continuation)] = [:]
    var nextListener = 0
    /// Where each streaming request carried its token: "protocol", "query", "header" or "none".
    var streamTokenPlaces: [String] = []
    /// The server's own address, for writing posts into events.
    var base = ""
    var lastEdit = Date(), lastDelete = Date(), lastDrop = Date()
    /// Posts made through the API, by the `Idempotency-Key` they came with: a repeat gets the same post.
    var idempotency: [String: UInt64] = [:]
    /// Files uploaded through the media API, by id.
    var uploads: [String: DemoMedia] = [:]
    /// Posts, edits and deletions carried out through the API, in order, for tests ("post 123", "edit 123").
    var writeLog: [String] = []
    /// Accounts (by index) the demo user muted (until when, nil for good) and blocked: their posts leave
    /// the timelines, as on Mastodon.
    var muted: [Int: Date?] = [:]
    var blocked: Set<Int> = []
    /// The demo user's keyword filters; those of the config are taken in (with ids) as the server starts.
    var filters: [DemoFilter] = []
    var nextFilterID = 0
    /// Posts held to publish later, by id, with the key they were asked under.
    var scheduled: [DemoScheduled] = []
    var nextScheduledID = 1

    init(config: DemoConfig, host: String) {
        self.config = config
        self.followedTags = Set(config.followedTags.map { $0.lowercased() })
        self.world = DemoWorld(seed: config.seed, accountCount: config.accountCount, host: host)
        self.startedAt = Date()
        self.rng = SeededRandom.derived(config.seed, 0xFA11)
        var t = startedAt.addingTimeInterval(-60)
        var made: [DemoPost] = []
        // Newest first while walking back in time, then reversed so index 0 is the oldest.
        var ages: [Date] = []
        var spacing = SeededRandom.derived(config.seed, 0x71AE)
        for _ in 0..<config.postCount {
            ages.append(t)
            t = t.addingTimeInterval(-Double.random(in: 30...1800, using: &spacing))
        }
        for (i, date) in ages.reversed().enumerated() { made.append(world.makePost(i, at: date)) }
        // A boost points at the original, as Mastodon's reblogs always do: the generator may pick a boost
        // to boost, and an action on such a row then landed on a post under another id (the chaos run's
        // two likes "lost" by the server). Earlier entries are already pointed right, so one step does.
        for i in made.indices {
            if let b = made[i].boostOf, let j = world.index(of: b), j < i, let original = made[j].boostOf { made[i].boostOf = original }
        }
        // A reply answers a post, never a boost of it (a thread showed its ancestor as "boosted", ↩ 0), and
        // names the author it answers.
        for i in made.indices {
            guard let r = made[i].inReplyTo, var j = world.index(of: r.id), j < i else { continue }
            if let original = made[j].boostOf, let k = world.index(of: original), k < made.count { j = k }
            made[i].inReplyTo = (made[j].id, made[j].authorIndex)
        }
        // Open polls not voted in, one answer and several, in the first page but below the first screen.
        let eligible = made.indices.reversed().filter { $0 <= made.count - 8 && made[$0].boostOf == nil && made[$0].media.isEmpty }
        for (i, multiple) in zip(eligible.prefix(2), [false, true]) { made[i].poll = world.openPoll(i, multiple: multiple) }
        // Quotes in every state Mastodon has, each of an older post, below the polls.
        let states = ["accepted", "pending", "revoked", "deleted", "unauthorized", "blocked_account", "rejected"]
        for (n, i) in eligible.dropFirst(2).prefix(states.count).enumerated() where i > 40 {
            let quoted = made[i - 30]
            made[i].quote = (states[n], quoted.id)
            // As Mastodon writes it for clients that do not show quotes (Tern hides it, and shows the quote).
            made[i].html += "<p class=\"quote-inline\">RE: <a href=\"https://\(world.host)/@user/\(quoted.id)\">https://\(world.host)/@user/\(quoted.id)</a></p>"
        }
        Self.shapeForCatchUp(&made, world: world)
        posts = made
        for p in made { postsByAuthor[p.authorIndex, default: 0] += 1 }
        let threads = Self.makeThreads(&made, world: world, large: config.largeThreadReplies)
        (replies, childrenOf, showcaseThreadID, deepThreadID) = (threads.replies, threads.children, threads.showcase, threads.deep)
        largeThreadID = threads.large
        posts = made
        notifications = world.notifications(yours: replies.values.filter { $0.authorIndex == 0 }.map(\.id).sorted(),
                                            others: (threads.replies.values.sorted { $0.id < $1.id } + made.suffix(60).filter { $0.boostOf == nil })
                                                .filter { $0.authorIndex != 0 }.map { ($0.id, $0.authorIndex) },
                                            count: 90, now: startedAt)
        Self.agree(&notifications, with: &replies, followRequests: followRequests, world: world)
        // Read up to twenty notifications ago, so there is something unread.
        notificationsMarker = notifications.dropLast(20).last?.id
        let directs = world.directMessages(among: posts)
        for m in directs.messages {
            replies[m.id] = m
            if let parent = m.inReplyTo?.id { childrenOf[parent, default: []].append(m.id) }
        }
        conversations = directs.conversations
        var lastID = 0
        filters = config.filters.map { f in
            var f = f
            lastID += 1
            f.id = lastID
            f.keywords = f.keywords.map { k in lastID += 1; return (lastID, k.word) }
            return f
        }
        nextFilterID = lastID
    }

    /// Reply trees under some posts: the showcase and the deep chain near the top, small ones elsewhere.
    private static func makeThreads(_ posts: inout [DemoPost], world: DemoWorld, large: Int)
        -> (replies: [UInt64: DemoPost], children: [UInt64: [UInt64]], showcase: UInt64, deep: UInt64, large: UInt64?) {
        var replies: [UInt64: DemoPost] = [:], childrenOf: [UInt64: [UInt64]] = [:]
        let originals = posts.indices.filter { posts[$0].boostOf == nil }
        guard let showcase = originals.last(where: { $0 <= posts.count - 3 }),
              let deep = originals.last(where: { $0 < showcase }),
              let big = originals.last(where: { $0 < deep }) else { return ([:], [:], 0, 0, nil) }
        for i in originals {
            let made: [DemoPost]
            if i == showcase { made = world.replies(under: posts[i], count: 40, maxDepth: 3) }
            else if i == big, large > 0 { made = world.replies(under: posts[i], count: min(large, 7_000), maxDepth: 8) }
            else if i == deep { made = world.replies(under: posts[i], count: 14, maxDepth: 14, deepChain: true) }
            else if i % 10 == 3 { made = world.replies(under: posts[i], count: 2 + i % 5, maxDepth: 2) }
            else { continue }
            for r in made { replies[r.id] = r }
        }
        for p in posts { if let parent = p.inReplyTo?.id { childrenOf[parent, default: []].append(p.id) } }
        for r in replies.values.sorted(by: { $0.id < $1.id }) { childrenOf[r.inReplyTo!.id, default: []].append(r.id) }
        // Counts say what a thread really holds.
        for i in posts.indices { posts[i].repliesCount = childrenOf[posts[i].id]?.count ?? 0 }
        for (id, var r) in replies { r.repliesCount = childrenOf[id]?.count ?? 0; replies[id] = r }
        return (replies, childrenOf, posts[showcase].id, posts[deep].id, large > 0 ? posts[big].id : nil)
    }

    /// Posts that appear over time (the `newPostInterval` knob) are made when someone looks.
    func catchUp() {
        guard let interval = config.newPostInterval, interval > 0 else { return }
        let due = Int(Date().timeIntervalSince(startedAt) / interval)
        while extraPosts < due { addPost() }
    }

    private func addPost() {
        extraPosts += 1
        var post = world.makePost(posts.count, at: Date())
        // A boost of a boost boosts the original, as above.
        if let b = post.boostOf, let target = self.post(id: b), let original = target.boostOf { post.boostOf = original }
        // Just made: no one has answered yet (its thread says so too).
        post.repliesCount = 0
        posts.append(post)
        announce(post)
        postsByAuthor[post.authorIndex, default: 0] += 1
        if let parent = post.inReplyTo?.id { childrenOf[parent, default: []].append(post.id) }
    }

    func countPost(by author: Int) { postsByAuthor[author, default: 0] += 1 }

    func addPosts(_ count: Int) {
        for _ in 0..<count { addPost() }
    }

    func post(id: UInt64) -> DemoPost? {
        if deleted.contains(id) { return nil }
        if let reply = replies[id] { return reply }
        guard let i = world.index(of: id), i < posts.count else { return nil }
        return posts[i]
    }

    /// Which posts a timeline holds.
    enum Selection: Sendable {
        case all
        /// The public timelines, which as Mastodon's hold no boosts: the whole known network, or only this server's.
        case federated
        case local
        case tag(String)
        /// A list of the demo user's: its members' posts.
        case list(String)
        case author(Int, originals: Bool = false, media: Bool = false)
        /// What the author pinned: their first two posts with pictures.
        case pinned(Int)
    }

    static let listID = "1", listTitle = "Friends"

    private func matches(_ p: DemoPost, _ selection: Selection) -> Bool {
        switch selection {
        case .all: return true
        case .federated: return p.boostOf == nil
        case .local: return p.boostOf == nil && world.accounts[p.authorIndex].domain == nil
        case .tag(let tag): return p.tags.contains { $0.lowercased() == tag.lowercased() }
        case .list(let id): return lists.first { $0.id == id }?.members.contains(p.authorIndex) ?? false
        case .author(let a, let originals, let media):
            return p.authorIndex == a && (!originals || p.boostOf == nil) && (!media || !p.media.isEmpty)
        case .pinned(let a): return pinnedIDs(of: a).contains(p.id)
        }
    }

    func authorIndex(id: String) -> Int? { world.accounts.firstIndex { $0.id == id } }

    /// An account by username; a remote one's domain may be given or left out (mentions give it as the
    /// content host, which stands for every demo account).
    func authorIndex(username: String, domain: String?) -> Int? {
        world.accounts.firstIndex { $0.username == username && (domain == nil || $0.domain == domain) }
    }

    private func pinnedIDs(of author: Int) -> [UInt64] {
        // The demo user's are the ones they pinned, newest pin first as Mastodon lists them.
        if author == 0 { return pinnedByUser.sorted(by: >) }
        return Array(posts.lazy.filter { $0.authorIndex == author && $0.boostOf == nil && !$0.media.isEmpty }.prefix(2).map(\.id))
    }

    /// A timeline page, newest first, with Mastodon's semantics for the cursors.
    func timeline(_ selection: Selection = .all, maxID: UInt64?, sinceID: UInt64?, minID: UInt64?, limit: Int) -> [DemoPost] {
        catchUp()
        let limit = max(1, min(40, limit))
        var candidates = posts.filter { p in
            !deleted.contains(p.id) && matches(p, selection) && !silenced(p, in: selection)
                && (maxID.map { p.id < $0 } ?? true) && (sinceID.map { p.id > $0 } ?? true) && (minID.map { p.id > $0 } ?? true)
        }
        if minID != nil {
            // min_id pages from just above the cursor upwards: the oldest `limit` of those newer.
            candidates = Array(candidates.prefix(limit))
            return candidates.reversed()
        }
        return Array(candidates.suffix(limit).reversed())
    }

    /// The newest `count` entry ids, newest first, straight from the store (a test oracle for paging).
    func newestIDs(_ count: Int) -> [UInt64] {
        catchUp()
        return posts.suffix(count).reversed().map(\.id)
    }

    /// Bookmarks newest-saved first, paged by the server's own bookmark sequence numbers.
    func bookmarkPage(maxSeq: UInt64?, minSeq: UInt64?, limit: Int) -> [(seq: UInt64, post: DemoPost)] {
        let limit = max(1, min(40, limit))
        var list = bookmarks.reversed().filter { b in (maxSeq.map { b.seq < $0 } ?? true) && (minSeq.map { b.seq > $0 } ?? true) }
        if minSeq != nil { list = Array(list.suffix(limit)) } else { list = Array(list.prefix(limit)) }
        return list.compactMap { b in post(id: b.id).map { (b.seq, $0) } }
    }

    func favouritedPosts(limit: Int) -> [DemoPost] {
        posts.reversed().filter { favourited.contains($0.id) }.prefix(max(1, min(40, limit))).map { $0 }
    }

    enum ActionOutcome {
        case ok(DemoPost)
        case notFound
        /// What Mastodon answers with 422.
        case refused(String)
        case fail(DemoConfig.FailureKind)
    }

    enum Action: String { case favourite, unfavourite, bookmark, unbookmark, reblog, unreblog, pin, unpin, mute, unmute }

    /// Counts a request that changes a status (tests read the count).
    func countAction() { actionRequests += 1 }

    /// Whether the fail-rate knob picks this write (every write takes the same knob) to fail, and how.
    func failsNow() -> DemoConfig.FailureKind? {
        guard config.failRate > 0, rng.chance(config.failRate) else { return nil }
        return rng.pick(config.failureKinds.isEmpty ? [.serverError] : config.failureKinds)
    }

    func perform(_ action: Action, on id: UInt64) -> ActionOutcome {
        countAction()
        guard let post = post(id: id) else { return .notFound }
        let failure = failsNow()
        if let failure, !config.failuresMakeTheChange { return .fail(failure) }
        // Actions on a boost apply to the boosted post, as on Mastodon.
        let target = post.boostOf.flatMap { self.post(id: $0) } ?? post
        switch action {
        case .favourite: favourited.insert(target.id)
        case .unfavourite: favourited.remove(target.id)
        case .bookmark:
            if !bookmarks.contains(where: { $0.id == target.id }) {
                bookmarks.append((nextBookmarkSeq, target.id)); nextBookmarkSeq += 1
            }
        case .unbookmark: bookmarks.removeAll { $0.id == target.id }
        case .reblog: boosted.insert(target.id)
        case .unreblog: boosted.remove(target.id)
        case .pin, .unpin:
            // As Mastodon: only one's own post, and not a boost of someone else's.
            guard post.boostOf == nil, post.authorIndex == 0 else { return .refused("Validation failed: This status cannot be pinned") }
            if action == .pin { pinnedByUser.insert(post.id) } else { pinnedByUser.remove(post.id) }
        case .mute: mutedConversations.insert(target.id)
        case .unmute: mutedConversations.remove(target.id)
        }
        actionLog.append("\(action.rawValue) \(wireID(id))")
        if let failure { return .fail(failure) }
        return .ok(target)
    }

    func mediaPaths(posts count: Int) -> [String] {
        posts.suffix(count).reversed().flatMap { p in
            p.media.flatMap { m in
                let ext = served(m.spec).format.fileExtension
                return ["/media/\(m.id)/small.\(ext)", "/media/\(m.id)/original.\(ext)"]
            }
        }
    }

    /// Originals of a given size and format, split by whether they have photographic grain.
    func originals(width: Int, height: Int, format: ImageSpec.Format, photoLike: Bool) -> [String] {
        posts.flatMap(\.media).filter {
            $0.spec.width == width && $0.spec.height == height && $0.spec.format == format && $0.spec.photoLike == photoLike
        }.map { "/media/\($0.id)/original.\(format.fileExtension)" }
    }

    func inject(_ more: [DemoFault]) { faults += more }

    func injectMedia(_ more: [DemoFault]) { mediaFaults += more }

    /// The next queued fault for a picture, if any.
    func nextMediaFault() -> DemoFault? { mediaFaults.isEmpty ? nil : mediaFaults.removeFirst() }

    /// The next queued fault, if any: each applies to one timeline read.
    func nextFault() -> DemoFault? { faults.isEmpty ? nil : faults.removeFirst() }

    func countMediaRequest(_ path: String) {
        mediaRequests[path, default: 0] += 1
        mediaRequestLog.append(path)
    }

    func media(id: String) -> DemoMedia? {
        if let card = DemoCards.picture(id: id) { return card }
        // Any id a client sends must give a 404, never a trap: check the range before subtracting.
        guard let raw = UInt64(id), raw > DemoWorld.firstID else { return nil }
        let postID = raw - (raw - DemoWorld.firstID) % DemoWorld.idStep
        return post(id: postID)?.media.first { $0.id == id }
    }
}
