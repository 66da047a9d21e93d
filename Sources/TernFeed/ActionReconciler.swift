import TernMastodon
import TernModel
import TernStore

/// Like and save as optimistic toggles. Per status and kind it keeps the state the user wants, the state
/// the server last confirmed, and the journal row (seq) that records the wish. One request is in flight
/// at a time, oldest wish first; a reply triggers another only while the two still differ, so rapid
/// presses send only what is needed. Pure bookkeeping: the queue does the journaling and the sending.
struct ActionReconciler {
    typealias Kind = PendingAction.Kind

    struct Key: Hashable, Sendable {
        var statusID: String
        var kind: Kind
    }

    struct State: Equatable {
        var confirmed: Bool
        var wanted: Bool
        var inFlight = false
        var seq: Int64 = 0

        var settled: Bool { wanted == confirmed && !inFlight }
    }

    private(set) var states: [Key: State] = [:]

    /// Wishes not yet confirmed (in flight included).
    var queuedCount: Int { states.values.filter { $0.wanted != $0.confirmed || $0.inFlight }.count }

    /// A keystroke: the state it leads to (`current` is the server's state when nothing is pending).
    func pressed(_ key: Key, current: Bool) -> State {
        var s = states[key] ?? State(confirmed: current, wanted: current)
        s.wanted.toggle()
        return s
    }

    /// Records a state once it is journaled; a settled one is forgotten.
    mutating func set(_ key: Key, _ state: State) {
        states[key] = state.settled ? nil : state
    }

    /// The oldest wish that needs a request, marked in flight.
    mutating func next() -> (Key, StatusAction)? {
        guard let (key, s) = states.filter({ !$0.value.inFlight && $0.value.wanted != $0.value.confirmed })
            .min(by: { $0.value.seq < $1.value.seq }) else { return nil }
        states[key]!.inFlight = true
        return (key, key.kind.action(for: s.wanted))
    }

    /// The server confirmed a state. Returns what remains of the wish (nil when settled).
    mutating func succeeded(_ key: Key, confirmed: Bool) -> State? {
        guard var s = states[key] else { return nil }
        s.confirmed = confirmed
        s.inFlight = false
        set(key, s)
        return states[key]
    }

    /// The server refused: the wish is dropped and the post shows what the server last confirmed.
    mutating func refused(_ key: Key) {
        states[key] = nil
    }

    /// The request did not get through: the wish stays, to be sent again.
    mutating func interrupted(_ key: Key) {
        states[key]?.inFlight = false
    }

    /// A post as the user wants to see it: wanted marks, counts adjusted by the difference.
    func apply(to post: Post) -> Post {
        var p = post
        if let f = states[Key(statusID: post.statusID, kind: .favourite)] {
            p.favourited = f.wanted
            p.favouritesCount = max(0, p.favouritesCount + (f.wanted ? 1 : 0) - (f.confirmed ? 1 : 0))
        }
        if let b = states[Key(statusID: post.statusID, kind: .bookmark)] {
            p.bookmarked = b.wanted
        }
        return p
    }
}

extension PendingAction.Kind {
    func action(for wanted: Bool) -> StatusAction {
        switch self {
        case .favourite: return wanted ? .favourite : .unfavourite
        case .bookmark: return wanted ? .bookmark : .unbookmark
        }
    }

    var verb: String { self == .favourite ? "like" : "save" }
}
