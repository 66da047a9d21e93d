import Foundation
import Logging
import Synchronization
import TernMastodon
import TernModel
import TernStore

/// The account's likes, saves and boosts, follows, mutes and blocks on their way to the server, and what
/// the user hid locally (an account's boosts, a post they are not interested in), shared by every list.
///
/// The rules, for every action: a press shows as pending at once and is journaled in the store a moment
/// later, off the caller's thread and in the order pressed (`OrderedWrites`); it stays pending until the
/// server confirms it. Nothing is sent before its journal row is committed. When the server *refuses* it (a 4xx at once; a
/// 429 after a few tries over about 10 s) the action rolls back and the user is told why, once. A 5xx is no refusal
/// (the server may have made the change): the state is looked at before each new try, and after the last one the
/// action rolls back, with the reason, only if the look finds the server without it.
/// Only when the server *cannot be reached* does the action stay pending, to be sent when it answers
/// again, in this run or the next. A request is marked in the journal before it goes out; if no answer
/// comes back, the server's state is asked for before anything is sent again, so a replay never repeats
/// a change and the state the server ends with is the one shown.
package final class ActionQueue: HeardQueue {
    /// What timelines hear about.
    package enum Event: Sendable, Equatable {
        /// Wishes or the pending count changed: redraw.
        case changed
        /// The server's copy of a status after an action.
        case confirmed(Post)
        /// The server's relationship with an account after a follow, mute or block.
        case relationship(accountID: String, Relationship)
        /// The server refused an action; the post went back to its confirmed state.
        case refused(ActionFailure)
        /// One of the user's own posts is gone from the server (and from the store).
        case deleted(statusID: String)
        /// A poll as the server counts it after the user's vote (or a look at it).
        case pollCounted(statusID: String, Poll)
        /// A hashtag as the server knows it after the user followed or unfollowed it (or a look at it).
        case hashtag(Hashtag)
        /// A try found the server unreachable (its journal row already says so): the wishes wait for it,
        /// and the screen can say it is offline even when its last read got through.
        case unreachable
    }

    struct State {
        var overlay = ActionOverlay()
        /// Wishes whose tries ran out on 5xx answers, with what to say if the look that follows finds them not made.
        var verdicts: [ActionReconciler.Key: ActionFailure] = [:]
        /// What each wish is about, as the press saw it, so a rollback can name it (a wish replayed from the
        /// journal has none: its post is read from the store then).
        var subjects: [ActionReconciler.Key: ActionFailure.Subject] = [:]
    }

    let data: AccountData
    let client: MastodonClient
    let logger: Logger
    let state: Mutex<State>
    let journal = OrderedWrites(label: "tern.journal")
    package let listeners = Listeners<Event>()
    /// The session's one delivery loop, shared with its outbox and change queue.
    package let deliveries: Deliveries
    /// Wishes whose request was on its way when the last run ended, and when they may be looked at. Such
    /// a request can still land (held in a proxy's queue, or a slow server still at it): a look before it
    /// did would see the old state, settle on it, and be overruled when it lands. So the look waits until
    /// a request's timeout has passed since this run began, by which time it has landed or never will.
    let heldLooks: (keys: Set<ActionReconciler.Key>, until: ContinuousClock.Instant)

    /// `offline`: keep everything in the journal and send nothing (`--offline`). `deliveries`: the session's,
    /// shared with its outbox and change queue; nil makes this queue its own.
    package init(data: AccountData, client: MastodonClient, offline: Bool = false, deliveries: Deliveries? = nil,
                logger: Logger = Logger(label: "tern.actions")) throws {
        self.data = data
        self.client = client
        self.logger = logger
        var s = State()
        let pending = try data.pendingActions()
        s.overlay = ActionOverlay(pending: pending, hidden: try data.hidden())
        state = Mutex(s)
        let inDoubt = Set(pending.filter { $0.confirmed == nil }.map { ActionReconciler.Key(statusID: $0.statusID, kind: $0.kind) })
        let until = ContinuousClock.now + client.requestTimeout
        heldLooks = (inDoubt, until)
        self.deliveries = deliveries ?? Deliveries(offline: offline)
        self.deliveries.carry(self)
        if !inDoubt.isEmpty, !offline {
            Task { [weak self] in
                do { try await Task.sleep(until: until) } catch { return }
                self?.resume()
            }
        }
    }

    /// Flips the user's wish for a status: shown at once, journaled a moment later. Should the journal
    /// write fail, the wish is dropped again and listeners hear why (`refused`): the screen never keeps
    /// showing an action that is not on disk.
    /// `wanted`: the state the screen showed the user asking for; nil flips the wish (or the post's mark).
    package func toggle(_ kind: PendingAction.Kind, of post: Post, wanted: Bool? = nil) {
        let key = ActionReconciler.Key(statusID: post.statusID, kind: kind)
        state.withLock { s in
            let current = kind.mark(of: post)
            let next = wanted.map { s.overlay.book.wished(key, $0, current: current) } ?? s.overlay.book.pressed(key, current: current)
            record(next, for: key, detail: nil, in: &s)
            s.subjects[key] = .init(post)
        }
        notify(.changed)
        resume()
    }

    /// Votes in a post's poll, as durably as a like: shown at once as the user's choice (pending), journaled,
    /// sent by the delivery loop in this run or the next until the server has counted it, exactly once; a
    /// refusal (the poll closed, say) takes the choice back and says why.
    package func vote(_ post: Post, choices: [Int]) {
        guard let pollID = post.poll?.id, !choices.isEmpty else { return }
        wish(.init(statusID: post.statusID, kind: .vote), true, current: false,
             detail: PollChoice(pollID: pollID, choices: choices).detail, about: .init(post))
    }

    /// Deletes one of the user's own posts, as durably as a like: hidden at once, journaled, sent by the
    /// delivery loop (in this run or the next) until the server has it gone; a refusal brings it back.
    package func delete(_ post: Post) {
        wish(.init(statusID: post.statusID, kind: .delete), true, current: false, detail: nil, about: .init(post))
    }

    /// Follows, mutes or blocks an account, or stops (`current`: the server's state as last known);
    /// journaled like a like. `muteSeconds` bounds a mute (nil: until undone); `account` names it if it fails.
    package func set(_ kind: PendingAction.Kind, accountID: String, to wanted: Bool, current: Bool, muteSeconds: Int? = nil,
                    account: Account? = nil) {
        precondition(kind.onAccount, "set is for follow, mute and block")
        wish(.init(statusID: accountID, kind: kind), wanted, current: current,
             detail: kind == .mute && wanted ? muteSeconds.map(String.init) : nil,
             about: account.map { .account(name: $0.shownName, acct: $0.acct) })
    }

    /// Follows a hashtag (by name, without `#`), or stops; journaled and sent like a like.
    package func follow(hashtag name: String, _ wanted: Bool, current: Bool) {
        wish(.init(statusID: name, kind: .followTag), wanted, current: current, detail: nil, about: .hashtag(name))
    }

    /// Adds the user's emoji reaction to a post (`wanted`), or takes it back, as durably as a like: shown at
    /// once (pending), journaled, and sent through the API the post's server showed its reactions in, in
    /// this run or the next, exactly once. `url`: a custom emoji's picture.
    package func react(_ emoji: String, url: String? = nil, on post: Post, wanted: Bool) {
        let reaction = ReactionWish(statusID: post.statusID, emoji: emoji, api: post.reactionAPI ?? .pleroma, url: url)
        wish(.init(statusID: reaction.target, kind: .react), wanted, current: reaction.mine(on: post), detail: reaction.detail,
             about: .init(post))
    }

    /// What the user last asked of a hashtag while the server has not confirmed it; nil when nothing waits.
    package func wanted(hashtag name: String) -> Bool? {
        state.withLock { $0.overlay.book.wanted(name, .followTag) }
    }

    /// A wish for a given state, with what its request needs besides: shown, journaled, and sent.
    private func wish(_ key: ActionReconciler.Key, _ wanted: Bool, current: Bool, detail: String?, about: ActionFailure.Subject?) {
        state.withLock { s in
            let next = s.overlay.book.wished(key, wanted, current: current)
            record(next, for: key, detail: detail, in: &s)
            s.overlay.details[key] = detail
            s.subjects[key] = about
        }
        notify(.changed)
        resume()
    }

    /// Takes a wish into the book and asks for its journal row. Under the state's lock, so the writes
    /// queue in the order the wishes were made.
    private func record(_ wish: ActionReconciler.State, for key: ActionReconciler.Key, detail: String?, in s: inout State) {
        var next = wish
        logger.debug("wish", metadata: ["action": "\(key.kind.rawValue)", "on": "\(key.statusID)", "wanted": "\(next.wanted)",
                                       "confirmed": "\(next.confirmed.map(String.init) ?? "in doubt")", "inFlight": "\(next.inFlight)"])
        let wanted = next.wanted
        let data = self.data
        let unrecorded: @Sendable (Error) -> Void = { [weak self] error in
            self?.unrecorded(key, wanted: wanted, "the cache could not record it (\(error))")
        }
        if next.settled {
            journal.write({ try data.dropAction(statusID: key.statusID, kind: key.kind) }, failed: unrecorded)
        } else {
            // Its place among the session's writes: rows are written in this order, and sent in it.
            next.seq = deliveries.order()
            // A request in flight may land after a crash: the row says the server's state is in doubt.
            let row = PendingAction(statusID: key.statusID, kind: key.kind, wanted: next.wanted,
                                    confirmed: next.known, assumed: next.assumed, detail: detail)
            journal.write({ try data.enqueue(row) }, failed: unrecorded)
        }
        s.overlay.book.set(key, next)
        // A new wish gets its own tries.
        s.verdicts[key] = nil
    }

    /// A wish whose journal row could not be written is given up, and the user told.
    private func unrecorded(_ key: ActionReconciler.Key, wanted: Bool, _ why: String) {
        logger.error("an action could not be journaled", metadata: ["action": "\(key.kind.rawValue)", "on": "\(key.statusID)", "error": "\(why)"])
        let subject = state.withLock { s in
            s.overlay.book.dropped(key)
            return s.subjects.removeValue(forKey: key)
        }
        notify(.refused(ActionFailure(verb: key.kind.verb(wanting: wanted), joiner: key.kind.joiner(wanting: wanted),
                                      subject: subject, reason: why)))
    }

    /// Hides an account's boosts or one post here (never sent: it is the user's own view), or shows them
    /// again: at once, and on disk a moment later (undone, and the user told, if that fails).
    package func hide(_ entry: HiddenEntry, _ hidden: Bool = true) {
        precondition(entry.kind == .boosts || entry.kind == .status, "mutes and blocks go through the server")
        let data = self.data
        state.withLock { s in
            let before = s.overlay.hidden[entry.kind]?[entry.target]
            s.overlay.hidden[entry.kind, default: [:]][entry.target] = hidden ? .some(entry.until) : nil
            journal.write({
                if hidden { try data.hide(entry) } else { try data.unhide(entry.kind, target: entry.target) }
            }, failed: { [weak self] error in
                guard let self else { return }
                self.logger.error("couldn't record what is hidden", metadata: ["error": "\(error)"])
                self.state.withLock { $0.overlay.hidden[entry.kind, default: [:]][entry.target] = before }
                self.notify(.refused(ActionFailure(verb: "record that in the cache", subject: nil, reason: "\(error)")))
            })
        }
        notify(.changed)
    }

    /// Whether a post is not to be shown: its author (or booster) muted or blocked (or about to be), its
    /// booster's boosts hidden, the post itself hidden, or a filter of the user's says hide. A profile's
    /// own posts (`showing` its account) are shown even when it is muted: the user went to look.
    package func hides(_ post: Post, showing: String? = nil, now: Date = Date()) -> Bool {
        state.withLock { $0.overlay.hides(post, showing: showing, now: now) }
    }

    /// Whether the user hid this account's boosts.
    package func hidesBoosts(of accountID: String) -> Bool {
        state.withLock { $0.overlay.hidden[.boosts]?[accountID] != nil }
    }

    /// A relationship as the user wants it, and whether some of it waits for the server.
    package func apply(to relationship: Relationship, accountID: String) -> (Relationship, pending: Bool) {
        state.withLock { s in
            var r = relationship
            var pending = false
            for kind in [PendingAction.Kind.follow, .mute, .block] {
                guard let wanted = s.overlay.book.wanted(accountID, kind) else { continue }
                pending = pending || s.overlay.book.isPending(accountID, kind)
                switch kind {
                case .follow:
                    // A locked account is asked; the server's answer says which it became.
                    if wanted != kind.flag(of: r) { r.following = wanted; r.requested = false }
                case .mute: r.muting = wanted
                case .block: r.blocking = wanted
                default: break
                }
            }
            return (r, pending)
        }
    }

    /// The user's keyword filters as the server lists them now: from here on every list applies them to the
    /// posts it shows (`KeywordFilters`), and every list is drawn again with them, so a filter made or
    /// changed applies at once, not when each list is read again.
    package func useFilters(_ filters: [FilterInfo]) {
        state.withLock { $0.overlay.keywordFilters = KeywordFilters(filters: filters) }
        notify(.changed)
    }

    /// A post with the filters that catch it where `context` shows it, once the filters are known; as the
    /// server sent it before, and where the list has no filters (`context` nil).
    package func filtered(_ post: Post, in context: FilterInfo.Context?, now: Date = Date()) -> Post {
        guard let context, let filters = state.withLock({ $0.overlay.keywordFilters }) else { return post }
        var p = post
        let verdicts = filters.verdicts(for: post, in: context, now: now)
        p.filters = verdicts.isEmpty ? nil : verdicts
        return p
    }

    /// A post as the user wants it shown, with its unconfirmed marks flagged as pending.
    package func apply(to post: Post) -> Post {
        state.withLock { $0.overlay.apply(to: post) }
    }

    /// Returns once every press so far is in the journal (for `tern sync` and tests; the screen never waits).
    package func journaled() async {
        await journal.settled()
    }

    /// Actions the server has not confirmed yet.
    package var pendingCount: Int { state.withLock { $0.overlay.book.pendingCount } }

    /// Starts sending, e.g. when a timeline found the server again: the session's posts and changes too.
    package func resume() {
        deliveries.resume()
    }

    /// Sends what is pending (with the session's posts and changes, in their one order) and returns when
    /// nothing waits or the server can't be reached (`tern sync`). Returns how many actions are still pending.
    /// `waiting` hears how long it waits for what the last run sent before it ended, so the wait is said.
    @discardableResult
    package func sendPending(waiting: (Duration) -> Void = { _ in }) async -> Int {
        await deliveries.sendPending()
        // Wishes in doubt from the last run are looked at once a request's timeout has passed: wait for it.
        let waitingToLook = state.withLock { s in heldLooks.keys.contains { s.overlay.book.states[$0]?.confirmed == nil } }
        if waitingToLook, !deliveries.waitingForServer, ContinuousClock.now < heldLooks.until {
            waiting(heldLooks.until - ContinuousClock.now)
            do { try await Task.sleep(until: heldLooks.until) } catch { return pendingCount }
            await deliveries.sendPending()
        }
        return pendingCount
    }

    /// Sends nothing more, of the session's posts and changes either (at exit; the journal keeps what is
    /// still pending for the next run).
    package func stop() {
        deliveries.stop()
        // What was pressed is on disk before the store closes.
        journal.drain()
    }

    func notify(_ event: Event) {
        listeners.notify(event)
    }
}

