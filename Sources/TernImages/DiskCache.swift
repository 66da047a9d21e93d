import Foundation
import Logging
import TernModel

/// Downloaded image bytes on disk, keyed by URL, capped by size with LRU eviction in batches and a TTL.
/// Writes go to a temporary file that is renamed into place, so a crash never leaves a torn file under a
/// real name; reads check the recorded size and URL, so a damaged or colliding file is never served.
/// An index file holds what is there, so start-up doesn't walk the directory.
public actor DiskCache {
    struct Entry: Codable {
        var url: String
        var size: Int
        var created: Date
        var accessed: Date
    }

    public let directory: URL
    public let capacity: Int
    public let ttl: TimeInterval
    private let now: @Sendable () -> Date
    private let logger: Logger
    private var entries: [String: Entry] = [:]
    private var unsavedChanges = 0
    public private(set) var totalBytes = 0

    private var indexURL: URL { directory.appendingPathComponent("index.json") }

    /// `capacity` in bytes (default 500 MB), `ttl` in seconds (default 7 days).
    public init(directory: URL, capacity: Int = 500 << 20, ttl: TimeInterval = 7 * 86_400,
                now: @escaping @Sendable () -> Date = { Date() }, logger: Logger = Logger(label: "tern.images.disk")) throws {
        self.directory = directory
        self.logger = logger
        self.capacity = capacity
        self.ttl = ttl
        self.now = now
        try PrivateFiles.makeFolder(directory)
        // A missing or damaged index costs only a scan: the files themselves say what they hold.
        if let data = try? Data(contentsOf: directory.appendingPathComponent("index.json")),
           let saved = try? JSONDecoder().decode([String: Entry].self, from: data) {
            entries = saved
        } else {
            entries = Self.rebuild(directory)
        }
        totalBytes = entries.values.reduce(0) { $0 + $1.size }
    }

    /// The cached bytes for a URL, or nil (missing, expired, or damaged: then it is removed).
    public func data(for url: String) -> [UInt8]? {
        let key = Self.key(url)
        guard var entry = entries[key], entry.url == url else { return nil }
        if now().timeIntervalSince(entry.created) > ttl {
            remove(key)
            return nil
        }
        guard let data = try? Data(contentsOf: file(key)), data.count == Self.headerSize(url) + entry.size,
              Self.headerURL(data) == url else {
            remove(key)
            return nil
        }
        entry.accessed = now()
        entries[key] = entry
        noteChange()
        return Array(data.dropFirst(Self.headerSize(url)))
    }

    /// Stores bytes for a URL, then evicts the least recently used files if over capacity.
    public func store(_ bytes: [UInt8], for url: String) {
        guard bytes.count <= capacity / 4 else { return }
        let key = Self.key(url)
        let urlBytes = Array(url.utf8)
        var blob = Data(capacity: 4 + urlBytes.count + bytes.count)
        withUnsafeBytes(of: UInt32(urlBytes.count).bigEndian) { blob.append(contentsOf: $0) }
        blob.append(contentsOf: urlBytes)
        blob.append(contentsOf: bytes)
        do {
            try PrivateFiles.write(blob, to: file(key))
        } catch {
            logger.warning("couldn't write a picture to the disk cache", metadata: ["error": "\(error)"])
            return
        }
        if let old = entries[key] { totalBytes -= old.size }
        let t = now()
        entries[key] = Entry(url: url, size: bytes.count, created: t, accessed: t)
        totalBytes += bytes.count
        if totalBytes > capacity { evict() }
        noteChange()
    }

    /// Writes the index now (at exit, and by tests).
    public func flush() {
        do {
            try PrivateFiles.write(try JSONEncoder().encode(entries), to: indexURL)
            unsavedChanges = 0
        } catch {
            logger.warning("couldn't write the picture cache's index", metadata: ["error": "\(error)"])
        }
    }

    public var count: Int { entries.count }

    /// Removes everything.
    public func clear() {
        for key in Array(entries.keys) { remove(key) }
        flush()
    }

    /// Oldest-used first, down to 90% of capacity, so eviction runs in batches rather than per store.
    private func evict() {
        let expiredBefore = now().addingTimeInterval(-ttl)
        for (key, e) in entries where e.created < expiredBefore { remove(key) }
        guard totalBytes > capacity else { return }
        let target = capacity * 9 / 10
        for (key, _) in entries.sorted(by: { $0.value.accessed < $1.value.accessed }) {
            if totalBytes <= target { break }
            remove(key)
        }
    }

    private func remove(_ key: String) {
        if let e = entries.removeValue(forKey: key) { totalBytes -= e.size }
        // Already gone is as good as removed; a file that stays is found by no key and removed by the next scan.
        try? FileManager.default.removeItem(at: file(key))
        noteChange()
    }

    private func noteChange() {
        unsavedChanges += 1
        if unsavedChanges >= 32 { flush() }
    }

    private func file(_ key: String) -> URL { directory.appendingPathComponent("\(key).img") }

    /// FNV-1a over the URL: a file name, not a proof; the stored URL settles collisions.
    static func key(_ url: String) -> String {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in url.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        return String(h, radix: 16) + "-" + String(url.utf8.count, radix: 16)
    }

    private static func headerSize(_ url: String) -> Int { 4 + url.utf8.count }

    private static func headerURL(_ data: Data) -> String? {
        guard data.count >= 4 else { return nil }
        let n = Int(data.prefix(4).reduce(0) { $0 << 8 | UInt32($1) })
        guard data.count >= 4 + n else { return nil }
        return String(decoding: data.dropFirst(4).prefix(n), as: UTF8.self)
    }

    /// Without an index (first run, or it was damaged): read what the files say they are. Leftover
    /// temporary files from an interrupted write are removed.
    private static func rebuild(_ directory: URL) -> [String: Entry] {
        var found: [String: Entry] = [:]
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        for f in files {
            let name = f.lastPathComponent
            // Left by a write that was interrupted (PrivateFiles names them .NAME.ID.tmp; older Terns, tmp-ID).
            if name.hasSuffix(".tmp") || name.hasPrefix("tmp-") { try? FileManager.default.removeItem(at: f); continue }
            guard name.hasSuffix(".img"), let data = try? Data(contentsOf: f), let url = headerURL(data),
                  key(url) + ".img" == name else { continue }
            let attrs = try? FileManager.default.attributesOfItem(atPath: f.path)
            let date = attrs?[.modificationDate] as? Date ?? Date()
            found[key(url)] = Entry(url: url, size: data.count - headerSize(url), created: date, accessed: date)
        }
        return found
    }
}
