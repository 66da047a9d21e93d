import Foundation
@testable import TernImages
import TernModel
import XCTest

final class CacheTests: XCTestCase {
    func testMemoryCacheEvictsLeastRecentlyUsedByBytesInOneBatch() {
        var cache = MemoryCache<String, Int>(budget: 100)
        for (i, k) in ["a", "b", "c", "d"].enumerated() { cache.set(k, i, bytes: 20) }
        _ = cache.get("a")  // a is now more recent than b, c, d
        cache.set("e", 4, bytes: 20)  // exactly the budget: nothing goes
        XCTAssertEqual(cache.count, 5)
        cache.set("f", 5, bytes: 20)  // 120 > 100: the oldest go until 3/4 of the budget
        XCTAssertEqual(cache.bytes, 60)
        for k in ["b", "c", "d"] { XCTAssertNil(cache.get(k), k) }
        for k in ["a", "e", "f"] { XCTAssertNotNil(cache.get(k), k) }
        cache.set("huge", 9, bytes: 101)
        XCTAssertNil(cache.get("huge"), "larger than the whole budget: not kept")
    }

    func tempDir() -> URL {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("tern-cache-test-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: d) }
        return d
    }

    func testDiskRoundTripAndLRUEvictionInBatches() async throws {
        let dir = tempDir()
        let cache = try DiskCache(directory: dir, capacity: 10_000)
        let blob = [UInt8](repeating: 7, count: 2_000)
        for i in 0..<4 { await cache.store(blob, for: "https://x/\(i)") }
        let v1 = await cache.data(for: "https://x/0")
        XCTAssertEqual(v1, blob)  // 0 is now the most recently used
        await cache.store(blob, for: "https://x/4")
        await cache.store(blob, for: "https://x/5")  // 12,000 > 10,000: down to 9,000 at most
        let total = await cache.totalBytes
        XCTAssertLessThanOrEqual(total, 9_000)
        let v2 = await cache.data(for: "https://x/0")
        XCTAssertNotNil(v2)
        let v3 = await cache.data(for: "https://x/1")
        XCTAssertNil(v3, "least recently used goes first")
        let v4 = await cache.data(for: "https://x/5")
        XCTAssertNotNil(v4)
    }

    func testEntriesExpireAfterTheTTL() async throws {
        let clock = Clock()
        let cache = try DiskCache(directory: tempDir(), ttl: 7 * 86_400, now: { clock.now })
        await cache.store([1, 2, 3], for: "https://x/a")
        clock.advance(6 * 86_400)
        let v5 = await cache.data(for: "https://x/a")
        XCTAssertEqual(v5, [1, 2, 3])
        clock.advance(2 * 86_400)
        let v6 = await cache.data(for: "https://x/a")
        XCTAssertNil(v6)
        let v7 = await cache.count
        XCTAssertEqual(v7, 0)
    }

    func testATornOrForeignFileIsNeverServed() async throws {
        let dir = tempDir()
        let cache = try DiskCache(directory: dir)
        let bytes = [UInt8](repeating: 9, count: 5_000)
        await cache.store(bytes, for: "https://x/torn")
        await cache.store(bytes, for: "https://x/other")
        // Cut a file short, as a crash in a naive writer would.
        let torn = dir.appendingPathComponent(DiskCache.key("https://x/torn").name + ".img")
        let data = try Data(contentsOf: torn)
        try data.prefix(data.count / 2).write(to: torn)
        let v8 = await cache.data(for: "https://x/torn")
        XCTAssertNil(v8)
        XCTAssertFalse(FileManager.default.fileExists(atPath: torn.path), "the damaged file is removed")
        // A file whose header names another URL (a name collision) is not served for this one.
        let other = dir.appendingPathComponent(DiskCache.key("https://x/other").name + ".img")
        var foreign = Data([0, 0, 0, 11]) + Data("https://y/z".utf8) + Data([0])
        foreign.append(Data(bytes))
        try foreign.write(to: other)
        let v9 = await cache.data(for: "https://x/other")
        XCTAssertNil(v9)
    }

    /// An older Tern's index (entries with their URL) is read as it is: no picture is lost to the upgrade.
    func testAnOlderIndexWithURLsIsReadBack() async throws {
        let dir = tempDir()
        do {
            let cache = try DiskCache(directory: dir)
            await cache.store([1, 2, 3], for: "https://x/old")
            await cache.flush()
        }
        let index = dir.appendingPathComponent("index.json")
        var saved = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: index)) as? [String: [String: Any]])
        XCTAssertEqual(saved.count, 1)
        XCTAssertNil(saved.values.first?["url"], "no URL is kept in the index any more")
        for name in saved.keys { saved[name]?["url"] = "https://x/old" }
        try JSONSerialization.data(withJSONObject: saved).write(to: index)
        let reopened = try DiskCache(directory: dir)
        let v = await reopened.data(for: "https://x/old")
        XCTAssertEqual(v, [1, 2, 3])
    }

    func testTheIndexIsReadBackWithoutWalkingTheDirectory() async throws {
        let dir = tempDir()
        do {
            let cache = try DiskCache(directory: dir)
            await cache.store([1, 2, 3], for: "https://x/kept")
            await cache.flush()
        }
        // A file the index doesn't know about: a fresh cache that read its index won't see it.
        let stray = try DiskCache(directory: tempDir())
        await stray.store([4], for: "https://x/stray")
        let strayName = DiskCache.key("https://x/stray").name + ".img"
        let strayDirectory = await stray.directory
        try FileManager.default.copyItem(at: strayDirectory.appendingPathComponent(strayName),
                                         to: dir.appendingPathComponent(strayName))
        let reopened = try DiskCache(directory: dir)
        let v10 = await reopened.data(for: "https://x/kept")
        XCTAssertEqual(v10, [1, 2, 3])
        let v11 = await reopened.count
        XCTAssertEqual(v11, 1)
        // Without an index, the files are read to rebuild it (and leftover temporary files go).
        try FileManager.default.removeItem(at: dir.appendingPathComponent("index.json"))
        try Data([1]).write(to: dir.appendingPathComponent("tmp-leftover"))
        let rebuilt = try DiskCache(directory: dir)
        let v12 = await rebuilt.count
        XCTAssertEqual(v12, 2)
        let v13 = await rebuilt.data(for: "https://x/stray")
        XCTAssertEqual(v13, [4])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("tmp-leftover").path))
    }
}

/// A clock tests move by hand.
final class Clock: @unchecked Sendable {
    private let lock = NSLock()
    private var t = Date(timeIntervalSince1970: 1_800_000_000)
    var now: Date { lock.lock(); defer { lock.unlock() }; return t }
    func advance(_ s: TimeInterval) { lock.lock(); t += s; lock.unlock() }
}
