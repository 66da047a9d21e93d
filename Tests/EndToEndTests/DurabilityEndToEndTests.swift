import Foundation
import XCTest

/// What the user did is on the disk, not only in the store's memory of it: the real `tern demo`, with
/// libc's fsync and fdatasync counted by the sync probe (LD_PRELOAD, built beside the tests).
final class DurabilityEndToEndTests: XCTestCase {
    /// Each like is journaled, marked sent and settled: commits that, with `synchronous = FULL`, each sync
    /// the store's log. GRDB turns WAL connections to NORMAL, which syncs at checkpoints only: 60 likes
    /// and saves used to give 4 syncs in all.
    func testEveryLikeReachesTheDisk() throws {
        let tern = try TmuxSession.ternBinary()
        let probe = tern.deletingLastPathComponent().appendingPathComponent("libTernSyncProbe.so")
        XCTAssertTrue(FileManager.default.fileExists(atPath: probe.path), "\(probe.path) is built with the tests")
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("tern-e2e-syncs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: log) }
        let tmux = try TmuxSession(command: "env LD_PRELOAD=\(probe.path) TERN_SYNC_LOG=\(log.path) \(tern.path) demo --new-post-every 0")
        defer { tmux.close() }
        let first = tmux.wait { $0.contains("Sol Novak @user32") && $0.contains("☆") }
        XCTAssertTrue(first.ok, first.screen)

        let likes = 5
        let before = storeSyncs(log)
        for n in 1...likes {
            try tmux.send("f")
            // Liked, confirmed by the server: the selected post's footer, marked by the gutter.
            let liked = tmux.wait { s in s.split(separator: "\n").contains { $0.hasPrefix("▌") && $0.contains("★") && $0.contains("liked") } }
            XCTAssertTrue(liked.ok, "like \(n) was not confirmed:\n\(liked.screen)")
            try tmux.send("j")
            let next = tmux.wait { s in s.split(separator: "\n").contains { $0.hasPrefix("▌") && $0.contains("☆") } }
            XCTAssertTrue(next.ok, "the next post is not selected:\n\(next.screen)")
        }
        let synced = storeSyncs(log) - before
        XCTAssertGreaterThanOrEqual(synced, 2 * likes, "\(likes) likes synced the store's files \(synced) times")
    }

    /// Syncs of the store's files (the database and its write-ahead log) so far.
    private func storeSyncs(_ log: URL) -> Int {
        guard let text = try? String(contentsOf: log, encoding: .utf8) else { return 0 }
        return text.split(separator: "\n").filter { $0.contains("tern.sqlite") }.count
    }
}
