import Foundation
@testable import TernImages
import TernTestSupport
import XCTest

/// What the picture cache drops is logged, with what it was and why: a damaged index, a file that can't be
/// read or was cut short, a picture that can't be written. Nothing is logged where nothing was lost.
final class DiskCacheLossTests: XCTestCase {
    private func tempDir() -> URL {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("tern-cache-loss-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: d) }
        return d
    }

    private func file(_ dir: URL, _ url: String) -> URL {
        dir.appendingPathComponent(DiskCache.key(url).name + ".img")
    }

    func testAFirstRunWithNoIndexLogsNothing() async throws {
        let log = CollectedLog()
        let cache = try DiskCache(directory: tempDir(), logger: log.logger())
        await cache.store([1, 2, 3], for: "https://x/a")
        let back = await cache.data(for: "https://x/a")
        XCTAssertEqual(back, [1, 2, 3])
        XCTAssertEqual(log.lines.map(\.description), [], "no index yet, and a picture stored and read: nothing was lost")
    }

    func testADamagedIndexIsLoggedAndTheFilesAreScannedInstead() async throws {
        let dir = tempDir()
        let first = try DiskCache(directory: dir)
        await first.store([5, 6, 7], for: "https://x/kept")
        await first.flush()
        try Data("{ not an index".utf8).write(to: dir.appendingPathComponent("index.json"))
        let log = CollectedLog()
        let cache = try DiskCache(directory: dir, logger: log.logger())
        XCTAssertEqual(log.lines(mentioning: "index.json").count, 1, "\(log.lines)")
        let back = await cache.data(for: "https://x/kept")
        XCTAssertEqual(back, [5, 6, 7], "the scan found the picture the index lost")
    }

    func testACachedFileCutShortIsLoggedAsItIsDropped() async throws {
        let dir = tempDir()
        let log = CollectedLog()
        let cache = try DiskCache(directory: dir, logger: log.logger())
        await cache.store([UInt8](repeating: 9, count: 1_000), for: "https://x/torn")
        let torn = file(dir, "https://x/torn")
        try Data(contentsOf: torn).prefix(100).write(to: torn)
        let back = await cache.data(for: "https://x/torn")
        XCTAssertNil(back)
        XCTAssertEqual(log.lines(mentioning: "https://x/torn").count, 1, "\(log.lines)")
    }

    func testACachedFileThatCannotBeReadIsLoggedAsItIsDropped() async throws {
        let dir = tempDir()
        let log = CollectedLog()
        let cache = try DiskCache(directory: dir, logger: log.logger())
        await cache.store([1, 2, 3], for: "https://x/gone")
        try FileManager.default.removeItem(at: file(dir, "https://x/gone"))
        try FileManager.default.createDirectory(at: file(dir, "https://x/gone"), withIntermediateDirectories: false)
        let back = await cache.data(for: "https://x/gone")
        XCTAssertNil(back)
        XCTAssertEqual(log.lines(mentioning: "https://x/gone").count, 1, "\(log.lines)")
    }

    func testAFileTheScanCannotReadIsLogged() async throws {
        let dir = tempDir()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        // Where a picture's file should be, something that can't be read as one (root reads any file).
        let unreadable = file(dir, "https://x/odd")
        try FileManager.default.createDirectory(at: unreadable, withIntermediateDirectories: false)
        let log = CollectedLog()
        _ = try DiskCache(directory: dir, logger: log.logger())
        XCTAssertEqual(log.lines(mentioning: unreadable.lastPathComponent).count, 1, "\(log.lines)")
    }

    func testAPictureThatCannotBeWrittenIsLogged() async throws {
        let dir = tempDir()
        let log = CollectedLog()
        let cache = try DiskCache(directory: dir, logger: log.logger())
        try FileManager.default.createDirectory(at: file(dir, "https://x/blocked"), withIntermediateDirectories: false)
        await cache.store([1, 2, 3], for: "https://x/blocked")
        XCTAssertEqual(log.lines(mentioning: "couldn't write a picture").count, 1, "\(log.lines)")
        let count = await cache.count
        XCTAssertEqual(count, 0, "what was not written is not counted as cached")
    }
}
