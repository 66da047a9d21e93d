import TernMastodon
import TernModel
import TernStore

/// Like and save as optimistic toggles. Per status and kind it keeps the state the user wants, the state
/// the server last confirmed (unknown after a request whose answer never came), and the journal order.
/// One request is in flight at a time, oldest wish first; a reply triggers another only while the two
/// still differ, so rapid presses send only what is needed. When the server's state is unknown it is
/// asked first, so a replay never repeats a change the server already made. Pure bookkeeping: the queue
/// does the journaling and the talking.
struct ActionReconciler {
    typealias Kind = PendingAction.Kind

    struct Key: Hashable, Sendable {
        var statusID: String
        var kind: Kind
    }

    struct State: Equatable {
        /// nil: a request went out and no answer came back, so the server may or may not have done it.
        var confirmed: Bool?
        var wanted: Bool
        /// `confirmed` is what the screen showed when the wish was made, not an answer: the screen may have
        /// been stale, so a wish back to it is looked up, never taken as met.
        var assumed = false
        var inFlight = false
        /// Its place in the session's order of writes.
        var seq = DeliveryOrder.journaled(0)

        var settled: Bool { wanted == confirmed && !inFlight && !assumed }
        /// What the server is known to have said, for the journal: nil while in doubt.
        var known: Bool? { inFlight ? nil : confirmed }
    }

    /// What the queue does next for a wish.
    enum Step: Equatable {
        /// Ask the server for the status: its state is not known.
        case look
        /// Send the change that makes the server's state this.
        case send(Bool)
    }

    private(set) var states: [Key: State] = [:]

    /// Wishes not yet confirmed (in flight included): what the status line counts as pending.
    var pendingCount: Int { states.values.filter { !$0.settled }.count }

    /// Whether a post's mark is not yet confirmed, for drawing it as pending.
    func isPending(_ statusID: String, _ kind: Kind) -> Bool {
        states[Key(statusID: statusID, kind: kind)].map { !$0.settled } ?? false
    }

    /// A keystroke: the state it leads to (`current` is the server's state when nothing is pending).
    func pressed(_ key: Key, current: Bool) -> State {
        wished(key, states[key].map { !$0.wanted } ?? !current, current: current)
    }

    /// A wish for a given state (follow, mute, block, and marks as the screen showed them). `current` is
    /// what the caller knows of the server, and it can be stale (a relationship read overtaken by a follow's
    /// answer; a post changed since it was drawn): it is kept as assumed, so a wish that differs is sent at
    /// once, and a wish that meets it, now or after a change of mind, is looked up before it is taken as met.
    /// Taking it as met twice left a press unsent in chaos runs: a confirmed "Unfollow?" on a stale
    /// relationship, and a follow undone before it went, on a relationship that was stale the other way.
    func wished(_ key: Key, _ wanted: Bool, current: Bool) -> State {
        var s = states[key] ?? State(confirmed: current, wanted: current, assumed: true)
        s.wanted = wanted
        return s
    }

    /// What the user wants of this kind for a status or account, while it is not settled.
    func wanted(_ target: String, _ kind: Kind) -> Bool? {
        states[Key(statusID: target, kind: kind)]?.wanted
    }

    /// Records a state once it is journaled; a settled one is forgotten.
    mutating func set(_ key: Key, _ state: State) {
        states[key] = state.settled ? nil : state
    }

    /// The oldest wish that needs a request, unless it waits (`next`); marks nothing.
    func oldest(notLookingAt held: Set<Key> = []) -> (Key, State)? {
        guard let (key, s) = states.filter({ !$0.value.inFlight && !$0.value.settled })
            .min(by: { $0.value.seq < $1.value.seq }) else { return nil }
        if s.confirmed == nil, held.contains(key) { return nil }
        return (key, s)
    }

    /// The oldest wish that needs a request, marked in flight, and what that request is. A wish in
    /// `notLookingAt` waits while its state is in doubt (its look would come too soon), and the wishes
    /// after it wait with it: they go in the order they were made (unblock, then follow).
    mutating func next(notLookingAt held: Set<Key> = []) -> (Key, Step)? {
        guard let (key, s) = oldest(notLookingAt: held) else { return nil }
        states[key]!.inFlight = true
        let inDoubt = s.confirmed == nil || (s.assumed && s.wanted == s.confirmed)
        return (key, inDoubt ? .look : .send(s.wanted))
    }

    /// The server said what its state is (an answer to a change or to a look). Returns what remains of
    /// the wish (nil when settled).
    @discardableResult
    mutating func learned(_ key: Key, confirmed: Bool) -> State? {
        guard var s = states[key] else { return nil }
        s.confirmed = confirmed
        s.assumed = false
        s.inFlight = false
        set(key, s)
        return states[key]
    }

    /// The wish is given up (the server refused it): the post shows what the server last said.
    mutating func dropped(_ key: Key) {
        states[key] = nil
    }

    /// The server answered with an error: it did not make the change, and the wish waits for another try.
    mutating func answeredWithError(_ key: Key) {
        states[key]?.inFlight = false
    }

    /// The request got no answer: the server may have made the change or not, so its state is unknown.
    mutating func unanswered(_ key: Key) {
        guard var s = states[key] else { return }
        s.confirmed = nil
        s.assumed = false
        s.inFlight = false
        states[key] = s
    }

    /// A post as the user wants to see it: wanted marks, counts adjusted by the difference, and which
    /// marks are still pending.
    func apply(to post: Post) -> Post {
        var p = post
        if let f = states[Key(statusID: post.statusID, kind: .favourite)] {
            p.favourited = f.wanted
            p.favouritesCount = max(0, post.favouritesCount + (f.wanted ? 1 : 0) - (post.favourited ? 1 : 0))
            if !f.settled { p.pending.insert(.favourite) }
        }
        if let b = states[Key(statusID: post.statusID, kind: .bookmark)] {
            p.bookmarked = b.wanted
            if !b.settled { p.pending.insert(.bookmark) }
        }
        if let pin = states[Key(statusID: post.statusID, kind: .pin)] { p.pinned = pin.wanted }
        if let mute = states[Key(statusID: post.statusID, kind: .threadMute)] { p.threadMuted = mute.wanted }
        if let r = states[Key(statusID: post.statusID, kind: .reblog)] {
            p.boosted = r.wanted
            p.boostsCount = max(0, post.boostsCount + (r.wanted ? 1 : 0) - (post.boosted ? 1 : 0))
            if !r.settled { p.pending.insert(.boost) }
        }
        return p
    }
}

extension PendingAction.Kind {
    /// The request that makes a status's mark what the user wants (nil for account kinds).
    func statusAction(for wanted: Bool) -> StatusAction? {
        switch self {
        case .favourite: return wanted ? .favourite : .unfavourite
        case .bookmark: return wanted ? .bookmark : .unbookmark
        case .reblog: return wanted ? .reblog : .unreblog
        case .pin: return wanted ? .pin : .unpin
        case .threadMute: return wanted ? .mute : .unmute
        case .follow, .mute, .block, .delete, .vote, .followTag, .react: return nil
        }
    }

    /// The request that makes a relationship what the user wants (nil for status kinds).
    func accountAction(for wanted: Bool) -> AccountAction? {
        switch self {
        case .follow: return wanted ? .follow : .unfollow
        case .mute: return wanted ? .mute : .unmute
        case .block: return wanted ? .block : .unblock
        case .favourite, .bookmark, .reblog, .pin, .threadMute, .delete, .vote, .followTag, .react: return nil
        }
    }

    /// The post's mark of this kind, as the post says it.
    func mark(of post: Post) -> Bool {
        switch self {
        case .favourite: return post.favourited
        case .bookmark: return post.bookmarked
        case .reblog: return post.boosted
        case .pin: return post.pinned ?? false
        case .threadMute: return post.threadMuted ?? false
        case .vote: return post.poll?.hasVoted ?? false
        case .follow, .mute, .block, .delete, .followTag, .react: return false
        }
    }

    /// The relationship's state of this kind (a follow request waiting counts as following).
    func flag(of r: Relationship) -> Bool {
        switch self {
        case .follow: return r.following || r.requested
        case .mute: return r.muting
        case .block: return r.blocking
        case .favourite, .bookmark, .reblog, .pin, .threadMute, .delete, .vote, .followTag, .react: return false
        }
    }

    /// The word for what the user asked ("like", "unfollow"), for messages.
    package func verb(wanting wanted: Bool) -> String {
        switch self {
        case .favourite: return "like"
        case .bookmark: return "save"
        case .reblog: return "boost"
        case .pin: return wanted ? "pin" : "unpin"
        case .threadMute: return wanted ? "mute the conversation" : "unmute the conversation"
        case .follow: return wanted ? "follow" : "unfollow"
        case .mute: return wanted ? "mute" : "unmute"
        case .block: return wanted ? "block" : "unblock"
        case .delete: return "delete"
        case .vote: return "vote"
        case .followTag: return wanted ? "follow the hashtag" : "unfollow the hashtag"
        case .react: return wanted ? "react" : "take back the reaction"
        }
    }

    /// The word that joins the verb to what it is about ("vote in Ann's post"); empty where none is needed.
    func joiner(wanting wanted: Bool) -> String {
        switch self {
        case .vote: return "in"
        case .react: return wanted ? "to" : "on"
        case .threadMute: return "of"
        default: return ""
        }
    }
}
