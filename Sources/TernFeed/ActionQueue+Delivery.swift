import Foundation
import Logging
import TernMastodon
import TernModel
import TernStore

/// The action queue as the shared delivery loop drives it: what one try is (a look when the server's
/// state is in doubt, else the change), and what each outcome means for the user.
extension ActionQueue: DeliveryQueue {
    /// One request to make: a look at a wish's target when the server's state is in doubt, else the change.
    struct Try: Sendable {
        var key: ActionReconciler.Key
        var step: ActionReconciler.Step
    }

    /// What the server said after a request.
    enum Answer: Sendable {
        case status(Post)
        case relationship(Relationship)
        /// The status is not on the server (deleted, by this wish or before it).
        case deleted
        /// A poll as the server counts it (after a vote, or a look).
        case poll(Poll)
        /// A hashtag as the server knows it (after a follow, or a look).
        case tag(Hashtag)
        /// Nothing was sent: the wish's own journal row could not be written, so it was taken back (and the
        /// user told) before its request could leave.
        case withdrawn
    }

    func nextInLine() async -> DeliveryOrder? {
        let held = heldNow
        return state.withLock { $0.overlay.book.oldest(notLookingAt: held)?.1.seq }
    }

    func nextToDeliver() async -> Try? {
        let held = heldNow
        return state.withLock { $0.overlay.book.next(notLookingAt: held) }.map { Try(key: $0.0, step: $0.1) }
    }

    /// The wishes in doubt from the last run that may not be looked at yet.
    private var heldNow: Set<ActionReconciler.Key> { ContinuousClock.now < heldLooks.until ? heldLooks.keys : [] }

    nonisolated func deliveryKey(_ t: Try) -> String { t.key.kind.rawValue + ":" + t.key.statusID }

    nonisolated func onlyLooks(_ t: Try) -> Bool { t.step == .look }

    /// One request: a look at the status (or relationship) when its state is in doubt, else the change,
    /// marked in the journal before it goes out.
    func deliver(_ t: Try) async throws -> Answer {
        let key = t.key
        logger.debug("try", metadata: ["action": "\(key.kind.rawValue)", "on": "\(key.statusID)", "step": "\(t.step)"])
        switch t.step {
        case .look:
            if key.kind == .react { return .status(try await client.status(id: try reaction(key).statusID)) }
            if key.kind == .vote { return .poll(try await client.poll(id: try pollChoice(key).pollID)) }
            if key.kind == .followTag { return .tag(try await client.hashtag(named: key.statusID)) }
            if key.kind.onAccount { return .relationship(try await client.relationship(accountID: key.statusID)) }
            do { return .status(try await client.status(id: key.statusID)) } catch MastodonError.http(404, _) where key.kind == .delete {
                return .deleted
            }
        case .send(let wanted):
            // After the wish's own row (the journal keeps order), and before the request.
            let data = self.data
            try await journal.written { try data.markSent(statusID: key.statusID, kind: key.kind) }
            // Every write asked before this one is done, the wish's row included: if that failed, the wish
            // was dropped (`unrecorded`) and must not reach the server. It once did, and a follow the user
            // was told had failed stood on the server.
            guard state.withLock({ $0.overlay.book.states[key]?.inFlight == true }) else { return .withdrawn }
            if key.kind == .vote {
                let choice = try pollChoice(key)
                return .poll(try await client.vote(pollID: choice.pollID, choices: choice.choices))
            }
            if key.kind == .followTag { return .tag(try await client.follow(hashtag: key.statusID, wanted)) }
            if key.kind == .react {
                let r = try reaction(key)
                return .status(try await client.react(statusID: r.statusID, emoji: r.emoji, wanted, via: r.api))
            }
            if key.kind == .delete {
                // Gone already is what was asked: an earlier try whose answer was lost deleted it.
                do { try await client.delete(statusID: key.statusID) } catch MastodonError.http(404, _) {}
                return .deleted
            }
            if let action = key.kind.statusAction(for: wanted) {
                return .status(try await client.perform(action, statusID: key.statusID))
            }
            let seconds = state.withLock { $0.overlay.details[key] }.flatMap { Int($0) }
            return .relationship(try await client.perform(key.kind.accountAction(for: wanted)!, accountID: key.statusID,
                                                          muteSeconds: seconds))
        }
    }

    func delivered(_ t: Try, _ answer: Answer) async {
        let key = t.key
        let confirmed: Bool
        switch answer {
        case .withdrawn:
            logger.debug("withdrawn before sending", metadata: ["action": "\(key.kind.rawValue)", "on": "\(key.statusID)"])
            return
        case .status(let status):
            // A reaction's emoji is in its target (a target without one never got this far: `reaction(_:)`).
            if key.kind == .react, let emoji = ReactionWish.parts(of: key.statusID)?.emoji {
                confirmed = status.reactions?.first { $0.name == emoji }?.me ?? false
            } else {
                confirmed = key.kind.mark(of: status)
            }
            record(status)
        case .relationship(let r):
            confirmed = key.kind.flag(of: r)
            remember(key, confirmed: confirmed)
        case .poll(let poll):
            confirmed = poll.hasVoted
            journal("store the counted poll") { data in try data.updatePoll(statusID: key.statusID, poll) }
        case .tag(let tag):
            confirmed = tag.following ?? false
        case .deleted:
            confirmed = true
            // Out of the store before the wish is settled: a crash between the two leaves the wish, which
            // looks, finds the post gone, and settles.
            journal("remove a deleted post") { data in try data.removeStatusNow(key.statusID) }
        }
        logger.debug("answer", metadata: ["action": "\(key.kind.rawValue)", "on": "\(key.statusID)", "confirmed": "\(confirmed)"])
        let verdict = state.withLock { s -> ActionFailure? in
            let remains = s.overlay.book.learned(key, confirmed: confirmed)
            if remains == nil { s.subjects[key] = nil }
            journal("record the server's answer") { data in
                try data.settle(statusID: key.statusID, kind: key.kind, confirmed: confirmed)
            }
            // Tries had run out: now the server's state is known, a wish it does not hold is given up.
            guard let verdict = s.verdicts.removeValue(forKey: key), remains != nil else { return nil }
            s.overlay.book.dropped(key)
            journal("drop an action the server did not make") { data in try data.dropAction(statusID: key.statusID, kind: key.kind) }
            return verdict
        }
        switch answer {
        case .status(let status): notify(.confirmed(status))
        case .relationship(let r): notify(.relationship(accountID: key.statusID, r))
        case .deleted: notify(.deleted(statusID: key.statusID))
        case .poll(let poll): notify(.pollCounted(statusID: key.statusID, poll))
        case .tag(let tag): notify(.hashtag(tag))
        case .withdrawn: break
        }
        if var verdict {
            logger.warning("action rolled back", metadata: ["action": "\(key.kind.rawValue)", "on": "\(key.statusID)", "error": "\(verdict.reason)"])
            if case .status(let post) = answer { verdict.subject = .init(post) }
            notify(.refused(await named(verdict, key)))
        }
    }

    /// A reaction's status, emoji and API, as journaled with it.
    private func reaction(_ key: ActionReconciler.Key) throws -> ReactionWish {
        guard let wish = ReactionWish(target: key.statusID, detail: state.withLock({ $0.overlay.details[key] })) else {
            throw ReactionNotKept()
        }
        return wish
    }

    /// A vote's poll and choices, as journaled with it.
    private func pollChoice(_ key: ActionReconciler.Key) throws -> PollChoice {
        guard let choice = PollChoice(detail: state.withLock({ $0.overlay.details[key] })) else {
            throw VoteNotKept()
        }
        return choice
    }

    func unreachable(_ t: Try, _ error: MastodonError, retryIn seconds: Double) async {
        let key = t.key
        if error.leavesWriteInDoubt {
            state.withLock { $0.overlay.book.unanswered(key) }
        } else {
            // The request never left: the server's state is what it was.
            notMade(key)
        }
        logger.info("server unreachable; actions stay pending", metadata: ["error": "\(error)", "retryIn": "\(Int(seconds)) s"])
        notify(error.serverUnreachable ? .unreachable : .changed)
    }

    func answeredWithError(_ t: Try, _ error: MastodonError, retryIn seconds: Double) async {
        let key = t.key
        logger.notice("server answered an action with an error; trying again", metadata: ["error": "\(error)", "retryIn": "\(seconds)"])
        if t.step != .look, error.mayHaveBeenMade {
            // A 5xx does not say the change was not made: the next try looks first.
            state.withLock { $0.overlay.book.unanswered(key) }
        } else {
            notMade(key)
        }
        notify(.changed)
    }

    /// Tries ran out. A change whose last answer was a 5xx may stand on the server: it is looked at before
    /// the user is told anything, and rolled back with this reason only if the look finds it not made.
    func mayGiveUp(_ t: Try, after error: MastodonError) async -> Bool {
        let key = t.key
        return state.withLock { s in
            guard let wish = s.overlay.book.states[key] else { return true }
            if t.step == .look || error.mayHaveBeenMade {
                if t.step != .look { s.overlay.book.unanswered(key) } else { s.overlay.book.answeredWithError(key) }
                s.verdicts[key] = ActionFailure(verb: key.kind.verb(wanting: wish.wanted), joiner: key.kind.joiner(wanting: wish.wanted),
                                                subject: nil, reason: "\(error)")
                logger.notice("tries ran out; looking before saying", metadata: ["action": "\(key.kind.rawValue)", "on": "\(key.statusID)"])
                return false
            }
            return true
        }
    }

    /// A try that certainly did not change the server (an error answer, a connection never made): the wish
    /// waits for its next try, and the journal's doubt is lifted, under the lock, so the row is written in
    /// its place among the presses.
    private func notMade(_ key: ActionReconciler.Key) {
        state.withLock { s in
            s.overlay.book.answeredWithError(key)
            guard let wish = s.overlay.book.states[key], let confirmed = wish.confirmed else { return }
            journal("record that the server did not make the change") { data in
                try data.settle(statusID: key.statusID, kind: key.kind, confirmed: confirmed, assumed: wish.assumed)
            }
        }
    }

    func refused(_ t: Try, _ error: Error) async {
        let key = t.key
        // The server's refusal in its words; a local failure (the store, a vote's lost choices) in its own.
        let reason = MastodonError.words(for: error)
        let wanted = state.withLock { $0.overlay.book.wanted(key.statusID, key.kind) } ?? true
        logger.warning("action rolled back", metadata: ["action": "\(key.kind.verb(wanting: wanted))", "on": "\(key.statusID)",
                                                       "error": "\(reason)"])
        state.withLock { s in
            s.overlay.book.dropped(key)
            journal("drop a refused action") { data in
                try data.dropAction(statusID: key.statusID, kind: key.kind)
            }
        }
        let failure = ActionFailure(verb: key.kind.verb(wanting: wanted), joiner: key.kind.joiner(wanting: wanted), subject: nil, reason: reason)
        notify(.refused(await named(failure, key)))
    }

    /// The failure with what it is about: as the press saw it, else (a wish replayed from the journal) the
    /// post as stored, or the hashtag; an account replayed from the journal goes unnamed.
    private func named(_ failure: ActionFailure, _ key: ActionReconciler.Key) async -> ActionFailure {
        var failure = failure
        let pressed = state.withLock { $0.subjects.removeValue(forKey: key) }
        if failure.subject != nil { return failure }
        if let pressed { failure.subject = pressed; return failure }
        if key.kind == .followTag { failure.subject = .hashtag(key.statusID); return failure }
        if key.kind.onAccount { return failure }
        let statusID = key.kind == .react ? ReactionWish.parts(of: key.statusID)?.statusID ?? key.statusID : key.statusID
        do {
            if let post = try await data.post(statusID) { failure.subject = .init(post) }
        } catch {
            logger.error("couldn't read the post a failed action was about", metadata: ["on": "\(statusID)", "error": "\(error)"])
        }
        return failure
    }

    /// Stopped mid-request: the journal already says the answer is in doubt.
    func abandoned(_ t: Try) async {
        state.withLock { $0.overlay.book.unanswered(t.key) }
    }

    func idle() async {
        notify(.changed)
    }

    /// A mute or block the server confirmed (or lifted) holds here too, offline and over cached posts.
    private func remember(_ key: ActionReconciler.Key, confirmed: Bool) {
        let kind: HiddenEntry.Kind
        switch key.kind {
        case .mute: kind = .muted
        case .block: kind = .blocked
        default: return
        }
        let until = state.withLock { $0.overlay.details[key] }.flatMap { Double($0) }.map { Date().addingTimeInterval($0) }
        journal("record what is hidden") { data in
            if confirmed { try data.hide(HiddenEntry(kind: kind, target: key.statusID, until: until)) }
            else { try data.unhide(kind, target: key.statusID) }
        }
        state.withLock { $0.overlay.hidden[kind, default: [:]][key.statusID] = confirmed ? .some(until) : nil }
    }

    /// Keeps the cached post in step with the server's answer.
    private func record(_ status: Post) {
        journal("update the cached post") { data in
            try data.updateStatus(from: status)
        }
    }

    /// A journal write after the server answered, queued behind the presses before it. If it fails the row
    /// replays later, and the look before any resend keeps that harmless; the failure is logged, not shown.
    private func journal(_ what: String, _ write: @escaping @Sendable (AccountData) throws -> Void) {
        let (logger, data) = (self.logger, self.data)
        journal.write({ try write(data) }, failed: { logger.error("couldn't \(what) in the store", metadata: ["error": "\($0)"]) })
    }
}

/// A vote whose choices the journal did not keep: it cannot be sent, and is taken back.
struct VoteNotKept: Error, CustomStringConvertible {
    var description: String { "the vote's choices were not kept with it" }
}

/// A reaction's journal row that does not name its status and emoji (written by no Tern that shipped).
struct ReactionNotKept: Error, CustomStringConvertible {
    var description: String { "the reaction's emoji was not kept with it" }
}
