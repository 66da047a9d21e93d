import ArgumentParser
import Foundation
import TernDemo
import TernUI

/// The long model-based run (`ModelProbe`): random keys through the runner's own loop on the demo, the
/// oracle checked after every step (each post and person as the session holds them on every screen, Esc
/// back to the place left, a resize keeping it). `make test` runs 2,000 steps; this runs as many as asked
/// and prints the seed, the steps and how long they took; it exits non-zero when a rule broke.
struct ModelBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "model", abstract: "Random keys on the demo with an oracle after each step: every screen shows what the session holds.")

    @Option(help: "Seed of the keys (default: from the clock; printed).") var seed: UInt64?
    @Option(help: "Steps to take.") var steps = 20_000
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let seed = self.seed ?? UInt64(Date().timeIntervalSince1970 * 1000) % 1_000_000
        print("model: seed \(seed) (tern-bench model --seed \(seed) --steps \(steps) takes the same keys)")
        let server = try await DemoServer.start()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-bench-model-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let started = Date()
        let outcome: ModelProbe.Outcome
        do {
            outcome = try await ModelProbe.run(server: URL(string: server.baseURL)!, token: "t", folder: folder, seed: seed, steps: steps)
        } catch {
            await server.stop()
            throw error
        }
        let seconds = Date().timeIntervalSince(started)
        await server.stop()
        try FileManager.default.removeItem(at: folder)
        Report.print("model", [
            Figure(name: "steps taken", value: Double(outcome.steps), unit: "steps"),
            Figure(name: "polls voted in", value: Double(outcome.votes), unit: "votes"),
            Figure(name: "time per step", value: seconds * 1000 / Double(max(1, outcome.steps)), unit: "ms"),
            Figure(name: "rules broken", value: outcome.failure == nil ? 0 : 1, unit: "runs"),
        ], json: output.json)
        if let failure = outcome.failure {
            print(failure)
            throw ExitCode.failure
        }
    }
}
