import Foundation

/// What the user asked for during a chaos run, press by press, and the check of the server against it.
///
/// The rule: the last press on an object holds. A press less than `grace` before a kill may count
/// either way (Tern had no time to put it on its journal); so may one that Tern told the user it could
/// not carry out (its log says so, with the object), since the user saw it undone.
struct ChaosLedger {
    enum Mark: String, Sendable { case like, save, boost, follow }

    struct Key: Hashable, Sendable, CustomStringConvertible {
        var mark: Mark
        var id: String
        var description: String { "\(mark.rawValue) \(id)" }
    }

    struct Press: Sendable {
        var wanted: Bool
        var at: Date
    }

    /// A post or reply written and sent (Ctrl-S) at `at`; `marker` is in its text and nowhere else.
    struct Sent: Sendable {
        var marker: String
        var inReplyTo: String?
        var at: Date
    }

    /// An edit of one's own post (`marker` added to its text), or its deletion.
    struct Change: Sendable {
        var id: String
        var marker: String?
        var at: Date
    }

    let grace: TimeInterval
    private(set) var presses: [Key: [Press]] = [:]
    private(set) var edits: [Change] = []
    private(set) var deletes: [Change] = []
    /// Votes: the status whose poll, the options chosen, and when.
    private(set) var votes: [(id: String, choices: [Int], at: Date)] = []
    private(set) var initial: [Key: Bool] = [:]
    private(set) var sent: [Sent] = []
    private(set) var kills: [Date] = []

    init(grace: TimeInterval = 0.25) { self.grace = grace }

    /// A press, with the state the screen showed before it (the first one seen is the object's start).
    mutating func press(_ key: Key, shown: Bool, at: Date = Date()) {
        if initial[key] == nil && presses[key] == nil { initial[key] = shown }
        presses[key, default: []].append(Press(wanted: !shown, at: at))
    }

    mutating func sent(_ marker: String, inReplyTo: String?, at: Date = Date()) {
        sent.append(Sent(marker: marker, inReplyTo: inReplyTo, at: at))
    }

    mutating func killed(at: Date = Date()) { kills.append(at) }

    mutating func edited(_ id: String, adding marker: String, at: Date = Date()) { edits.append(Change(id: id, marker: marker, at: at)) }

    mutating func deleted(_ id: String, at: Date = Date()) { deletes.append(Change(id: id, marker: nil, at: at)) }

    mutating func voted(_ id: String, choices: [Int], at: Date = Date()) { votes.append((id, choices, at)) }

    /// Whether a moment falls in the grace before some kill.
    func nearKill(_ at: Date) -> Bool {
        kills.contains { $0 >= at && $0.timeIntervalSince(at) < grace }
    }

    /// The states the server may end in for `key`: the last press's, and, while the presses at the end sit
    /// in a kill's grace, those before them. `refusedAfter`: when Tern last said it undid a press on it.
    func allowed(_ key: Key, refusedAfter: Date?) -> Set<Bool> {
        guard let list = presses[key], let last = list.last else { return [] }
        var allowed: Set<Bool> = [last.wanted]
        for p in list.reversed() {
            guard nearKill(p.at) else { break }
            allowed.insert(!p.wanted)
        }
        if let refused = refusedAfter, refused >= last.at.addingTimeInterval(-1) { allowed.insert(!last.wanted) }
        return allowed
    }

    var keys: [Key] { presses.keys.sorted { ($0.mark.rawValue, $0.id) < ($1.mark.rawValue, $1.id) } }

    /// One object's presses, for a discrepancy's report.
    func history(_ key: Key, since start: Date) -> String {
        let list = presses[key] ?? []
        let marks = list.map { p in
            let t = String(format: "%.2f s", p.at.timeIntervalSince(start))
            return "\(p.wanted ? "on" : "off") at \(t)\(nearKill(p.at) ? " (in a kill's grace)" : "")"
        }
        return "started \(initial[key].map { $0 ? "on" : "off" } ?? "?"); " + marks.joined(separator: ", ")
    }
}
