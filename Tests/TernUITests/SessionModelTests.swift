import Foundation
import TernDemo
import TernModel
@testable import TernUI
import XCTest

/// The seeded model-based run (`ModelProbe`: random keys through the runner's own loop, with real engines,
/// a real store file and the demo server, and an oracle after each step: every screen shows each post and
/// person as the session holds them, Esc finds its place, a resize keeps it). `TERN_MODEL_SEED` replays a
/// seed; `TERN_MODEL_STEPS` runs longer (`make test` runs 2,000; `tern-bench model` 20,000 by default).
final class SessionModelTests: XCTestCase {
    func testEveryScreenShowsEachPostAndPersonAsTheSessionHoldsThemAndEscFindsItsPlace() async throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["TERN_MODEL_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...999_999)
        let steps = environment["TERN_MODEL_STEPS"].flatMap(Int.init) ?? 2_000
        let server = try await DemoServer.start()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-model-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { XCTAssertNoThrow(try FileManager.default.removeItem(at: folder)) }
        do {
            let outcome = try await ModelProbe.run(server: URL(string: server.baseURL)!, token: "t", folder: folder, seed: seed, steps: steps)
            if let failure = outcome.failure { XCTFail("\(failure)\n(TERN_MODEL_SEED=\(seed) replays it)") }
            XCTAssertEqual(outcome.steps, steps, "seed \(seed)")
            print("model run: seed \(seed), \(outcome.steps) steps, \(outcome.votes) polls voted in")
        } catch {
            XCTFail("seed \(seed) (TERN_MODEL_SEED=\(seed) replays it): \(error)")
        }
        await server.stop()
    }
}
