import Foundation
import Logging
import TernMastodon
import TernModel
import TernStore

/// Changes to the user's lists, filters, follow and notification requests and scheduled posts
/// (`ServerChange`), under the rules of likes and posts: in the journal before the screen says anything,
/// sent by the shared delivery loop in the order asked, kept while the server can't be reached (in this run
/// or the next), rolled back with the server's words when it refuses. A try whose answer was lost looks
/// at the server before it sends again (`ServerChange.isMade`), so none is made twice.
package actor ChangeQueue {
    package enum Event: Sendable, Equatable {
        /// The server made it. `atOnce`: asked for in this run and made without waiting for the server, so
        /// the screen it was asked from can follow on (list what changed); else it waited, and is only said.
        case made(ServerChange, atOnce: Bool)
        /// The server refused it, or it could not be kept; the words say why.
        case refused(ServerChange?, String)
        /// Changes wait for the server (it can't be reached, or `--offline`): how many.
        case waiting(Int)
    }

    private let store: AccountData
    private let client: MastodonClient
    private let sendsNothing: Bool
    private let logger: Logger
    private var items: [PendingChange] = []
    /// Each change's place in the session's order of writes, by its key.
    private var orders: [String: DeliveryOrder] = [:]
    /// Asked for in this run and not yet found the server unreachable: made, it is made "at once".
    private var fresh: Set<String> = []
    package nonisolated let listeners = Listeners<Event>()
    /// The session's one delivery loop, shared with its action queue and outbox.
    private nonisolated let deliveries: Deliveries

    /// `offline`: keep everything in the journal and send nothing (`--offline`). `deliveries`: the session's
    /// (its action queue's); nil makes this queue its own.
    package init(store: AccountData, client: MastodonClient, offline: Bool = false, deliveries: Deliveries? = nil,
                logger: Logger = Logger(label: "tern.changes")) {
        self.store = store
        self.client = client
        self.sendsNothing = offline
        self.logger = logger
        self.deliveries = deliveries ?? Deliveries(offline: offline)
        self.deliveries.carry(self)
    }

    /// Reads what an earlier run left waiting and starts sending it.
    package func start() async {
        do {
            let (waiting, unreadable) = try await store.pendingChanges()
            items = waiting + items.filter { i in !waiting.contains { $0.key == i.key } }
            let journal = try await store.journalOrder()
            for item in waiting where orders[item.key] == nil { orders[item.key] = .journaled(journal[item.key] ?? 0) }
            if unreadable > 0 {
                logger.error("changes this Tern can't read", metadata: ["count": "\(unreadable)"])
                notify(.refused(nil, "\(unreadable) change\(unreadable == 1 ? "" : "s") waiting in the cache can't be read by this Tern "
                                + "(written by a newer one?); they are kept, untouched."))
            }
        } catch {
            logger.error("couldn't read the changes waiting", metadata: ["error": "\(error)"])
            notify(.refused(nil, "Couldn't read the changes waiting to be sent: \(error)"))
        }
        if !items.isEmpty { notifyWaiting() }
        resume()
    }

    /// Puts a change in the journal and sends it. Said refused when the journal can't be written: nothing
    /// is sent that is not on the disk.
    package func submit(_ change: ServerChange, now: Date = Date()) async {
        let pending = PendingChange(change: change, createdAt: now)
        do {
            try await store.enqueueChange(pending)
        } catch {
            logger.error("couldn't journal a change", metadata: ["error": "\(error)"])
            notify(.refused(change, "Couldn't \(change.doing): the cache could not record it (\(error))"))
            return
        }
        orders[pending.key] = deliveries.order()
        items.append(pending)
        fresh.insert(pending.key)
        if sendsNothing || deliveries.waitingForServer { notifyWaiting() }
        resume()
    }

    /// What waits to go out, oldest first.
    package var pending: [PendingChange] { items }

    /// Starts sending (the session's marks and posts too).
    package func resume() {
        guard !items.isEmpty else { return }
        deliveries.resume()
    }

    /// Sends what waits (with the session's marks and posts, in their one order); returns when nothing does
    /// or the server can't be reached (`tern sync`, tests), with how many changes still wait.
    @discardableResult
    package func sendPending() async -> Int {
        if !items.isEmpty { await deliveries.sendPending() }
        return items.count
    }

    /// Sends nothing more, of the session's marks and posts either.
    package nonisolated func stop() {
        deliveries.stop()
    }

    private func notifyWaiting() {
        notify(.waiting(items.count))
    }

    private func notify(_ event: Event) {
        listeners.notify(event)
    }

    private func remove(_ item: PendingChange) async {
        items.removeAll { $0.key == item.key }
        orders[item.key] = nil
        fresh.remove(item.key)
        do { try await store.removeFromJournal(item.key) } catch {
            // Left in the journal, the change looks before it is sent again next time: no harm, said in the log.
            logger.error("couldn't take a change out of the journal", metadata: ["error": "\(error)"])
        }
    }
}

extension ChangeQueue: HeardQueue {}

extension ChangeQueue: DeliveryQueue {
    func nextInLine() async -> DeliveryOrder? {
        items.first.map { orders[$0.key] ?? .journaled(0) }
    }

    func nextToDeliver() async -> PendingChange? { items.first }

    nonisolated func deliveryKey(_ item: PendingChange) -> String { item.key }

    /// One try: a look first when an earlier try's answer was lost, then the change, marked in doubt on
    /// the disk before it goes.
    func deliver(_ item: PendingChange) async throws {
        if item.inDoubt, try await item.change.isMade(client) { return }
        if !item.inDoubt {
            try await store.markChange(item.key, inDoubt: true)
            replace(item.key) { $0.inDoubt = true }
        }
        try await item.change.make(client, resuming: item.inDoubt)
    }

    /// A change has no answer to keep: made is all the server says.
    func delivered(_ item: PendingChange, _: Void) async {
        let atOnce = fresh.contains(item.key)
        await remove(item)
        logger.info("change made", metadata: ["change": "\(item.change)"])
        notify(.made(item.change, atOnce: atOnce))
    }

    func unreachable(_ item: PendingChange, _ error: MastodonError, retryIn seconds: Double) async {
        fresh.remove(item.key)
        if !error.leavesWriteInDoubt, items.first(where: { $0.key == item.key })?.inDoubt == true {
            // The request never left: the next try need not look first.
            do {
                try await store.markChange(item.key, inDoubt: false)
                replace(item.key) { $0.inDoubt = false }
            } catch {
                logger.error("couldn't record that a change was not sent", metadata: ["error": "\(error)"])
            }
        }
        logger.info("server unreachable; changes wait", metadata: ["error": "\(error)", "retryIn": "\(Int(seconds)) s"])
        notifyWaiting()
    }

    /// A mark or post found the server unreachable: the changes wait with it (none is made "at once" now).
    func waiting() async {
        guard !items.isEmpty else { return }
        fresh.removeAll()
        notifyWaiting()
    }

    func answeredWithError(_ item: PendingChange, _ error: MastodonError, retryIn seconds: Double) async {
        logger.notice("server answered a change with an error; trying again", metadata: ["error": "\(error)", "retryIn": "\(seconds)"])
    }

    func refused(_ item: PendingChange, _ error: Error) async {
        let reason = MastodonError.words(for: error)
        logger.warning("change refused", metadata: ["change": "\(item.change)", "error": "\(reason)"])
        await remove(item)
        notify(.refused(item.change, "Couldn't \(item.change.doing): \(reason)"))
    }

    /// Stopped mid-try: the change stays, in doubt, and looks before it is sent again.
    func abandoned(_ item: PendingChange) async {}

    func idle() async {}

    private func replace(_ key: String, _ change: (inout PendingChange) -> Void) {
        if let i = items.firstIndex(where: { $0.key == key }) { change(&items[i]) }
    }
}
