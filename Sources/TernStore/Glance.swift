import Foundation
import GRDB
import TernModel

/// The first screenful of a timeline, read before anything else is open: one read-only connection to
/// the store, the saved place, the posts around it, and the account's pending actions and hidden things. It takes no lock and writes nothing, so it can
/// run beside argument parsing and be thrown away when the command turns out to want something else.
package struct Glance: Sendable {
    package var key: TimelineKey
    package var state: TimelineState
    package var run: StoredRun
    /// The account's likes and saves on their way and what it hid: the first frame shows posts as the user
    /// left them, not as the server last sent them.
    package var pending: [PendingAction]
    package var hidden: [HiddenEntry]

    /// Posts above and below the saved place: a screenful at any window height a person uses.
    package static let before = 4
    package static let after = 12

    /// Nil when there is no store yet (a first run); throws when it can't be read.
    package static func read(store url: URL, key: TimelineKey) throws -> Glance? {
        try read(store: url, key: key) { state in (state.anchorID, before, after) }
    }

    /// The newest `count` posts instead, read the same way: `tern --plain` beside a running Tern, which
    /// holds the store's lock.
    package static func newest(store url: URL, key: TimelineKey, count: Int) throws -> Glance? {
        try read(store: url, key: key) { _ in (nil, 0, count) }
    }

    private static func read(store url: URL, key: TimelineKey,
                             around: (TimelineState) -> (anchor: String?, before: Int, after: Int)) throws -> Glance? {
        try Store.readBeside(url) { db in
            let state = try TimelineData.state(db, key)
            let (anchor, before, after) = around(state)
            return Glance(key: key, state: state, run: try TimelineData.run(db, key, logging: UnreadableRows(), around: anchor, before: before, after: after),
                          pending: try AccountData.pendingActions(db, account: key.account),
                          hidden: try AccountData.hidden(db, account: key.account))
        }
    }
}
