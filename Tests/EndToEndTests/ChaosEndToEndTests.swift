import Foundation
import XCTest

/// Exactly once under chaos, in short: `tern-bench chaos` (the real `tern` in tmux, the demo behind the
/// fault proxy, a failing disk, kill -9) with a fixed seed. The long run is a documented command.
final class ChaosEndToEndTests: XCTestCase {
    func testEveryPressHoldsExactlyOnceUnderFaultsAndKills() throws {
        let tern = try TmuxSession.ternBinary()
        let bench = tern.deletingLastPathComponent().appendingPathComponent("tern-bench")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: bench.path), "\(bench.path) is built with the tests")
        let seed = 20_261_126
        let p = Process()
        p.executableURL = bench
        p.arguments = ["chaos", "--seed", "\(seed)", "--ops", "200", "--kill-every", "20", "--fault-percent", "15"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        print(text)
        XCTAssertEqual(p.terminationStatus, 0, "seed \(seed):\n\(text)")
        XCTAssertTrue(text.contains("discrepancies: 0"), text)

        // The run met what it was meant to meet: kills, an offline stretch, each network fault, failed syncs.
        func figure(_ name: String) -> Int? {
            guard let range = text.range(of: name + " ") else { return nil }
            return Int(text[range.upperBound...].prefix { $0.isNumber })
        }
        XCTAssertGreaterThanOrEqual(figure("kills:") ?? 0, 3, text)
        XCTAssertGreaterThanOrEqual(figure("offline stretches:") ?? 0, 1, text)
        for fault in ["dropped request", "dropped response", "5xx", "429", "stall", "reordered"] {
            XCTAssertGreaterThanOrEqual(figure(fault) ?? 0, 1, "no \(fault) in:\n\(text)")
        }
        XCTAssertGreaterThanOrEqual(figure("syncs failed:") ?? 0, 1, text)
        for op in ["like", "save", "boost", "follow", "post", "reply", "edit", "delete", "vote"] {
            XCTAssertGreaterThanOrEqual(figure(op) ?? 0, 1, "no \(op) pressed in:\n\(text)")
        }
    }
}
