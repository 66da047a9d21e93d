import Foundation
import GRDB
import Logging
import TernModel

/// The offline store: one SQLite file in WAL mode with posts, timeline entries and gaps, saved
/// positions, the journal of what the user did and a full-text index, as GRDB records (`Records/`).
/// Callers read and write one account's part through `account(_:)` (`AccountData`). Every method they call
/// is one transaction, so a crash or a kill leaves either all of a change or none of it. Callers are
/// engines and commands; the UI loop never waits on it.
package final class Store: Sendable {
    let pool: DatabasePool
    /// The database file.
    package let url: URL
    /// Nil for a store opened only to read (`init(readingWhileInUse:)`), which another Tern holds.
    private let lock: StoreLock?
    /// Opened only to read, beside the Tern that holds it: nothing is written.
    package let readOnly: Bool
    static let pageCacheKiB = 256
    /// Where rows the store can't read back are logged.
    let unreadable: UnreadableRows

    /// Opens (creating it if needed) and upgrades the store. A file written by a newer Tern is refused
    /// untouched rather than changed under a schema this binary does not know.
    package init(url: URL, logger: Logger = Logger(label: "tern.store")) throws {
        self.url = url
        unreadable = UnreadableRows(logger: logger)
        try PrivateFiles.makeFolder(url.deletingLastPathComponent())
        lock = try StoreLock(beside: url)
        readOnly = false
        // SQLite gives the -wal and -shm files the database file's mode: owner-only from the start.
        try PrivateFiles.create(url)
        var config = Configuration()
        config.prepareDatabase { db in
            // Each connection's page cache, in KiB (SQLite's default is 2 MB). The file is local and in the
            // system's cache anyway; this keeps scrolling through 100,000 posts flat in memory.
            try db.execute(sql: "PRAGMA cache_size = -\(Self.pageCacheKiB)")
        }
        config.busyMode = .timeout(5)
        // The engines read at once now and then, never five at a time: two readers and the writer bound
        // the page caches to 3 × pageCacheKiB.
        config.maximumReaderCount = 2
        do {
            pool = try DatabasePool(path: url.path, configuration: config)
            let migrator = StoreSchema.migrator(unreadable)
            if try pool.read({ try migrator.hasBeenSuperseded($0) }) {
                throw StoreError.newerSchema(url.path)
            }
            try migrator.migrate(pool)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.unreadable(url.path, "\(error)")
        }
    }

    /// Opens a store another Tern holds, only to read it: SQLite's write-ahead log lets a reader see each
    /// of the holder's commits whole while it writes, and nothing is written here, so the journal and the
    /// windows stay the holder's alone (`tern catchup` while Tern runs). Refused where the file's schema is
    /// not this binary's.
    package init(readingWhileInUse url: URL, logger: Logger = Logger(label: "tern.store")) throws {
        self.url = url
        unreadable = UnreadableRows(logger: logger)
        (lock, readOnly) = (nil, true)
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(5)
        config.maximumReaderCount = 1
        do {
            pool = try DatabasePool(path: url.path, configuration: config)
            let migrator = StoreSchema.migrator(unreadable)
            let (superseded, current) = try pool.read { (try migrator.hasBeenSuperseded($0), try migrator.hasCompletedMigrations($0)) }
            if superseded { throw StoreError.newerSchema(url.path) }
            // An older Tern holds it: only a Tern that may write can bring it up to date.
            if !current { throw StoreError.unreadable(url.path, "the Tern that has it open is older than this one, and this one only reads") }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.unreadable(url.path, "\(error)")
        }
    }

    /// An awaited read that holds its reader only while it runs. GRDB's own async read keeps the reader
    /// across suspensions, and the engines read synchronously on the cooperative threads: with the two
    /// readers held by suspended async reads and every cooperative thread blocked waiting for one, nothing
    /// ran again (a test run hung so). Here the read runs on a thread of its own and releases its reader
    /// before its caller resumes.
    func asyncRead<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            reads.async { continuation.resume(with: Result { try self.pool.read(value) }) }
        }
    }

    private let reads = DispatchQueue(label: "tern.store.reads", qos: .userInitiated, attributes: .concurrent)

    /// A write of what only the user has (a like, a hidden post, a draft, a post on its way), committed
    /// with `synchronous = FULL`: on the disk when this returns, power cut or not. Everything else (what
    /// the server can send again, positions) commits with NORMAL, which GRDB sets on WAL connections, and
    /// reaches the disk with the next durable commit or checkpoint. FULL for every commit made a like
    /// wait behind a position save's sync in its engine: 340 ms with each sync 200 ms late.
    func durableWrite<T>(_ updates: (Database) throws -> T) throws -> T {
        try pool.writeWithoutTransaction { db in try Self.durably(db, updates) }
    }

    /// `durableWrite`, awaited.
    func durableWrite<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await pool.writeWithoutTransaction { db in try Self.durably(db, updates) }
    }

    private static func durably<T>(_ db: Database, _ updates: (Database) throws -> T) throws -> T {
        try db.execute(sql: "PRAGMA synchronous = FULL")
        let outcome = Result { () throws -> T in
            var result: T?
            try db.inTransaction {
                result = try updates(db)
                return .commit
            }
            return result!
        }
        try db.execute(sql: "PRAGMA synchronous = NORMAL")
        return try outcome.get()
    }

    /// The database, its write-ahead log and shared-memory file, in bytes.
    package var fileBytes: Int64 { Self.fileBytes(of: url) }

    static func fileBytes(of url: URL) -> Int64 {
        [url.path, url.path + "-wal", url.path + "-shm"].reduce(Int64(0)) { sum, path in
            // No -wal or -shm file (the store closed cleanly) is no bytes.
            sum + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0)
        }
    }
}

/// Why the store could not be used, in words for the user.
package enum StoreError: Error, CustomStringConvertible, Equatable {
    case newerSchema(String)
    case unreadable(String, String)
    /// Another process has the store open: its pid and command line.
    case inUse(String, String)

    package var description: String {
        switch self {
        case .newerSchema(let path):
            return "The cache at \(path) was written by a newer version of Tern; it was left untouched. "
                + "Update Tern, or move that file away to start a new cache."
        case .unreadable(let path, let why):
            return "The cache at \(path) could not be opened (\(why)). Move it away to start a new cache."
        case .inUse(let path, let holder):
            return "The cache at \(path) is in use by another Tern (\(holder)). Quit that one first; "
                + "one Tern at a time per cache keeps likes and saves from being sent twice."
        }
    }
}

/// One timeline of one account, as the store names it.
package struct TimelineKey: Sendable, Hashable {
    package var account: String
    package var timeline: String

    package init(account: String, timeline: String) {
        self.account = account
        self.timeline = timeline
    }
}
