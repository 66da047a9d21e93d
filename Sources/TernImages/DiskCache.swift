import Foundation
import Logging
import TernModel

/// Downloaded image bytes on disk, keyed by URL, capped by size with LRU eviction in batches and a TTL.
/// Writes go to a temporary file that is renamed into place, so a crash never leaves a torn file under a
/// real name; reads check the recorded size and URL, so a damaged or colliding file is never served.
/// An index file holds what is there, so start-up doesn't walk the directory.
package actor DiskCache {
    /// A file's name as numbers: the URL's hash and length. No URL is kept in memory (the file's header has
    /// it, and a read checks it): the index holds an entry per picture ever cached, up to 500 MB of them, and
    /// with URLs in it grew by about 200 bytes a picture (1 MB in half an hour of streaming, heaptrack).
    struct Key: Hashable {
        var hash: UInt64
        var length: Int

        var name: String { String(hash, radix: 16) + "-" + String(length, radix: 16) }

        init(hash: UInt64, length: Int) {
            self.hash = hash
            self.length = length
        }

        init?(name: String) {
            let parts = name.split(separator: "-")
            guard parts.count == 2, let h = UInt64(parts[0], radix: 16), let n = Int(parts[1], radix: 16) else { return nil }
            self.init(hash: h, length: n)
        }
    }

    /// What the index keeps of a file (an older Tern's index also has the URL: it is ignored).
    struct Entry: Codable {
        var size: Int
        var created: Date
        var accessed: Date
    }

    package let directory: URL
    package let capacity: Int
    package let ttl: TimeInterval
    private let now: @Sendable () -> Date
    private let logger: Logger
    private var entries: [Key: Entry] = [:]
    private var unsavedChanges = 0
    package private(set) var totalBytes = 0

    private var indexURL: URL { directory.appendingPathComponent("index.json") }

    /// `capacity` in bytes (default 500 MB), `ttl` in seconds (default 7 days).
    package init(directory: URL, capacity: Int = 500 << 20, ttl: TimeInterval = 7 * 86_400,
                now: @escaping @Sendable () -> Date = { Date() }, logger: Logger = Logger(label: "tern.images.disk")) throws {
        self.directory = directory
        self.logger = logger
        self.capacity = capacity
        self.ttl = ttl
        self.now = now
        try PrivateFiles.makeFolder(directory)
        // A missing or damaged index costs only a scan: the files themselves say what they hold.
        if let saved = Self.savedIndex(at: directory.appendingPathComponent("index.json"), logger) {
            for (name, entry) in saved { if let key = Key(name: name) { entries[key] = entry } }
        } else {
            entries = Self.rebuild(directory, logger)
        }
        totalBytes = entries.values.reduce(0) { $0 + $1.size }
    }

    /// The cached bytes for a URL, or nil (missing, expired, or damaged: then it is removed).
    package func data(for url: String) -> [UInt8]? {
        let key = Self.key(url)
        guard var entry = entries[key] else { return nil }
        if now().timeIntervalSince(entry.created) > ttl {
            remove(key)
            return nil
        }
        let data: Data
        do { data = try Data(contentsOf: file(key)) } catch {
            logger.warning("couldn't read a cached picture; it is fetched again", metadata: ["url": "\(url)", "error": "\(error)"])
            remove(key)
            return nil
        }
        guard data.count == Self.headerSize(url) + entry.size, Self.headerURL(data) == url else {
            logger.warning("a cached picture's file was cut short or holds another picture; it is fetched again",
                           metadata: ["url": "\(url)", "file": "\(file(key).lastPathComponent)", "bytes": "\(data.count)"])
            remove(key)
            return nil
        }
        entry.accessed = now()
        entries[key] = entry
        noteChange()
        return Array(data.dropFirst(Self.headerSize(url)))
    }

    /// Stores bytes for a URL, then evicts the least recently used files if over capacity.
    package func store(_ bytes: [UInt8], for url: String) {
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
            logger.warning("couldn't write a picture to the disk cache", metadata: ["url": "\(url)", "error": "\(error)"])
            return
        }
        if let old = entries[key] { totalBytes -= old.size }
        let t = now()
        entries[key] = Entry(size: bytes.count, created: t, accessed: t)
        totalBytes += bytes.count
        if totalBytes > capacity { evict() }
        noteChange()
    }

    /// Writes the index now (at exit, and by tests).
    package func flush() {
        do {
            let named = Dictionary(uniqueKeysWithValues: entries.map { ($0.key.name, $0.value) })
            try PrivateFiles.write(try JSONEncoder().encode(named), to: indexURL)
            unsavedChanges = 0
        } catch {
            logger.warning("couldn't write the picture cache's index", metadata: ["error": "\(error)"])
        }
    }

    package var count: Int { entries.count }

    /// Removes everything.
    package func clear() {
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

    private func remove(_ key: Key) {
        if let e = entries.removeValue(forKey: key) { totalBytes -= e.size }
        // Already gone is as good as removed; a file that stays is found by no key and removed by the next scan.
        try? FileManager.default.removeItem(at: file(key))
        noteChange()
    }

    private func noteChange() {
        unsavedChanges += 1
        if unsavedChanges >= 32 { flush() }
    }

    private func file(_ key: Key) -> URL { directory.appendingPathComponent("\(key.name).img") }

    /// FNV-1a over the URL, and its length: a file name, not a proof; the URL in the file settles collisions.
    static func key(_ url: String) -> Key {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in url.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        return Key(hash: h, length: url.utf8.count)
    }

    private static func headerSize(_ url: String) -> Int { 4 + url.utf8.count }

    private static func headerURL(_ data: Data) -> String? {
        guard data.count >= 4 else { return nil }
        let n = Int(data.prefix(4).reduce(0) { $0 << 8 | UInt32($1) })
        guard data.count >= 4 + n else { return nil }
        return String(decoding: data.dropFirst(4).prefix(n), as: UTF8.self)
    }

    /// The index as last written; nil when there is none (the first run: no loss) or it can't be read
    /// (logged: the scan that replaces it is what a slow start then spent its time on).
    private static func savedIndex(at url: URL, _ logger: Logger) -> [String: Entry]? {
        do { return try JSONDecoder().decode([String: Entry].self, from: Data(contentsOf: url)) }
        catch CocoaError.fileReadNoSuchFile { return nil }
        catch {
            logger.warning("couldn't read the picture cache's index; the folder is scanned instead",
                           metadata: ["file": "\(url.path)", "error": "\(error)"])
            return nil
        }
    }

    /// Without an index (first run, or it was damaged): read what the files say they are. Leftover
    /// temporary files from an interrupted write are removed. A file that can't be read is logged: it is
    /// counted in no total, so no eviction would ever remove it.
    private static func rebuild(_ directory: URL, _ logger: Logger) -> [Key: Entry] {
        var found: [Key: Entry] = [:]
        let files: [URL]
        do { files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil) } catch {
            logger.warning("couldn't list the picture cache; it starts empty", metadata: ["folder": "\(directory.path)", "error": "\(error)"])
            return [:]
        }
        for f in files {
            let name = f.lastPathComponent
            // Left by a write that was interrupted (PrivateFiles names them .NAME.ID.tmp; older Terns, tmp-ID). One
            // that can't be removed now is tried again by the next scan.
            if name.hasSuffix(".tmp") || name.hasPrefix("tmp-") { try? FileManager.default.removeItem(at: f); continue }
            guard name.hasSuffix(".img") else { continue }
            let data: Data
            do { data = try Data(contentsOf: f) } catch {
                logger.warning("couldn't read a cached picture; it is left out of the cache", metadata: ["file": "\(f.path)", "error": "\(error)"])
                continue
            }
            guard let url = headerURL(data), key(url).name + ".img" == name else { continue }
            // Just read: its date alone missing, it counts as new, and is evicted in its turn all the same.
            let attrs = try? FileManager.default.attributesOfItem(atPath: f.path)
            let date = attrs?[.modificationDate] as? Date ?? Date()
            found[key(url)] = Entry(size: data.count - headerSize(url), created: date, accessed: date)
        }
        return found
    }
}
