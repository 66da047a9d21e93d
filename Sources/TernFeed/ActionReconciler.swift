import TernMastodon
import TernModel

/// Like and save as optimistic toggles. Per post and kind it keeps the state the user wants and the state
/// the server last confirmed; at most one request is in flight, and a reply triggers another only while
/// the two still differ. Pure bookkeeping: the engine does the sending.
struct ActionReconciler {
    enum Kind: Sendable, Hashable {
        case favourite, bookmark

        func action(for wanted: Bool) -> StatusAction {
            switch self {
            case .favourite: return wanted ? .favourite : .unfavourite
            case .bookmark: return wanted ? .bookmark : .unbookmark
            }
        }

        var verb: String { self == .favourite ? "like" : "save" }
    }

    struct Key: Hashable {
        var statusID: String
        var kind: Kind
    }

    struct State {
        var confirmed: Bool
        var wanted: Bool
        var inFlight: Bool
    }

    private(set) var states: [Key: State] = [:]

    var inFlightCount: Int { states.values.filter(\.inFlight).count }

    /// A keystroke: flips the wanted state. Returns the request to send now, if one should go.
    mutating func press(_ key: Key, current: Bool) -> StatusAction? {
        var s = states[key] ?? State(confirmed: current, wanted: current, inFlight: false)
        s.wanted.toggle()
        states[key] = s
        return startIfNeeded(key)
    }

    /// The server confirmed a state. Returns the next request, if the user changed their mind meanwhile.
    mutating func succeeded(_ key: Key, confirmed: Bool) -> StatusAction? {
        guard var s = states[key] else { return nil }
        s.confirmed = confirmed
        s.inFlight = false
        states[key] = s
        if s.wanted == s.confirmed { states[key] = nil; return nil }
        return startIfNeeded(key)
    }

    /// The request failed: the wanted state falls back to what the server last confirmed.
    mutating func failed(_ key: Key) {
        states[key] = nil
    }

    private mutating func startIfNeeded(_ key: Key) -> StatusAction? {
        guard var s = states[key], !s.inFlight, s.wanted != s.confirmed else { return nil }
        s.inFlight = true
        states[key] = s
        return key.kind.action(for: s.wanted)
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
