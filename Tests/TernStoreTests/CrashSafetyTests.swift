import Foundation
import GRDB
import TernModel
import TernStore
import XCTest

/// A writer process is killed with SIGKILL at random moments while it writes pages of posts and journals
/// actions, again and again on one file. Afterwards the file must open, pass SQLite's integrity check,
/// and hold every action the writer had acknowledged (printed "ack N" after its commit).
final class CrashSafetyTests: XCTestCase {
    func testKilledWritersLoseNoAcknowledgedAction() throws {
        let bench = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("tern-bench")
        guard FileManager.default.isExecutableFile(atPath: bench.path) else {
            throw XCTSkip("\(bench.path) is not built; run `swift build --build-tests` first")
        }
        let folder = TemporaryFolder()
        let db = folder.store
        var acknowledged: [String] = []
        // Seeded, so a failing run's kill moments can be drawn again (the seed is in every message).
        let seed = UInt64.random(in: 1...UInt64.max)
        var generator = SeededRandom(seed: seed)
        for round in 0..<25 {
            let process = Process()
            process.executableURL = bench
            process.arguments = ["store-writer", "--db", db.path, "--start", String(round * 100_000)]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            // Once it has got going (its first acknowledged action: under load, starting took longer than a fixed
            // wait, and rounds were killed before any work), kill it at a random moment.
            var read = Data()
            while !String(decoding: read, as: UTF8.self).contains("ack ") {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }   // it ended (and the assertion below says so)
                read += chunk
            }
            usleep(UInt32.random(in: 0...330_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "seed \(seed), round \(round): the writer should have been killed")
            let printed = String(decoding: read + out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            acknowledged += printed.split(separator: "\n").filter { $0.hasPrefix("ack ") }.map { "s" + $0.dropFirst(4) }
        }
        XCTAssertGreaterThan(acknowledged.count, 25, "seed \(seed): the writers got some work done before being killed")

        let store = try Store(url: db)
        XCTAssertEqual(try store.integrityCheck(), "ok", "seed \(seed)")
        let pending = Set(try store.account("crash").pendingActions().map(\.statusID))
        let lost = acknowledged.filter { !pending.contains($0) }
        XCTAssertEqual(lost, [], "seed \(seed): acknowledged actions missing after the kills")
        // Every committed page is whole: posts come in pages of 20.
        let stats = try store.stats()
        XCTAssertEqual(stats.posts % 20, 0, "seed \(seed): a page was half written")
    }
}
