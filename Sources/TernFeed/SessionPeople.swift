import Foundation
import Logging
import Synchronization
import TernModel
import TernStore

/// The session's people, held once: the newest word of the server on the user's relationship with each
/// account (a profile's read, a follow, mute or block answered) and the follow requests the user answered.
/// Every engine of the session hears each change, and a screen that shows the person shows it: a profile
/// opened twice (two panes) says the same, and a follow request answered from the requests' menu reads
/// "accepted" on its notification, where it went on asking.
///
/// As with posts (`SessionPosts`), copies are ordered by when they were asked for: a profile's read that
/// was under way when a follow was answered gives way to the answer.
package final class SessionPeople: HeardQueue {
    /// What an engine hears.
    package enum News: Sendable, Equatable {
        /// The relationship with the account, as the session now holds it.
        case relationship(accountID: String, Relationship)
        /// The user answered the account's follow request: accepted or rejected.
        case requestAnswered(accountID: String, accepted: Bool)
    }

    private struct Held {
        var relationship: Relationship
        var askedAt: Date
    }

    private struct State {
        /// By account id; the oldest used give way past the budget (one unit a person).
        var held = MemoryCache<String, Held>(budget: SessionPeople.capacity)
        var answered: [String: Bool] = [:]
        /// The answers of earlier runs have been read from the store into `answered`.
        var answersRead = false
    }

    /// More people than a session's open screens show.
    static let capacity = 2_000

    private let state = Mutex(State())
    /// The engines that hear the changes (`feed`), each until it stops.
    package let listeners = Listeners<News>()

    /// Where the answered requests are kept across runs (nil: this run only).
    private let data: AccountData?
    private let logger = Logger(label: "tern.people")

    /// Hears the action queue's answers: each is the server's word on a relationship, as of now.
    init(actions: ActionQueue, data: AccountData? = nil) {
        self.data = data
        _ = actions.subscribe { [weak self] event in
            guard case .relationship(let id, let r) = event else { return }
            self?.heard(r, accountID: id)
        }
    }

    /// The server's relationship with an account, asked for at `askedAt`: held, and heard by every engine,
    /// unless a copy asked for later is held. Returns the relationship as the session now holds it.
    @discardableResult
    package func heard(_ relationship: Relationship, accountID: String, askedAt: Date = Date()) -> Relationship {
        let (held, news) = state.withLock { s -> (Relationship, Bool) in
            if let held = s.held.get(accountID), held.askedAt > askedAt { return (held.relationship, false) }
            let before = s.held.get(accountID)?.relationship
            s.held.set(accountID, Held(relationship: relationship, askedAt: askedAt), bytes: 1)
            return (relationship, before != relationship)
        }
        if news { listeners.notify(.relationship(accountID: accountID, held)) }
        return held
    }

    /// The user's answer to the account's follow request was made on the server: accepted, they follow the
    /// user now; either way, they no longer ask.
    package func answered(requestFrom accountID: String, accepted: Bool) {
        state.withLock { s in
            s.answered[accountID] = accepted
            if var held = s.held.get(accountID) {
                held.relationship.followedBy = held.relationship.followedBy || accepted
                held.relationship.requestedBy = false
                held.askedAt = Date()
                s.held.set(accountID, held, bytes: 1)
            }
        }
        listeners.notify(.requestAnswered(accountID: accountID, accepted: accepted))
        // Kept off the caller (the UI loop): the notification reads answered after a restart too.
        guard let data else { return }
        let logger = logger
        Task.detached {
            do { try data.saveRequestAnswer(from: accountID, accepted: accepted) } catch {
                logger.error("couldn't keep the answer to a follow request", metadata: ["from": "\(accountID)", "error": "\(error)"])
            }
        }
    }

    /// The relationship with the account, if the session has heard one.
    package func relationship(with accountID: String) -> Relationship? {
        state.withLock { $0.held.get(accountID)?.relationship }
    }

    /// The user's answer to the account's follow request, in this run or an earlier one: nil while it was
    /// not answered from Tern. The earlier runs' are read at the first question (an engine's, off the UI loop).
    package func answer(toRequestFrom accountID: String) -> Bool? {
        if let data, !state.withLock({ $0.answersRead }) {
            var kept: [String: Bool] = [:]
            do { kept = try data.requestAnswers() } catch {
                logger.error("couldn't read the answers to follow requests", metadata: ["error": "\(error)"])
            }
            state.withLock { s in
                s.answered = kept.merging(s.answered) { _, thisRun in thisRun }
                s.answersRead = true
            }
        }
        return state.withLock { $0.answered[accountID] }
    }
}
