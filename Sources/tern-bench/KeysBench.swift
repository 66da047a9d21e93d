import ArgumentParser
import Foundation

/// `tern-bench keys`: from a key press to the frame that answers it, in the real `tern demo` on a
/// pseudo-terminal, with every fsync and fdatasync of the process slowed down (the sync probe, by
/// LD_PRELOAD) as on a busy or slow disk. A like is journaled with `synchronous = FULL`, so its row waits
/// for the disk; the frame showing it pending must not.
struct KeysBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys", abstract: "Key press to frame (like, move) while every sync of the disk takes --sync-delay ms.")

    @Option(help: "Likes (each followed by a move) to time.") var presses = 40
    @Option(help: "Milliseconds each fsync/fdatasync is delayed.") var syncDelay = 200
    @OptionGroup var output: OutputOptions

    func run() throws {
        let tern = try TmuxTern.builtBeside()
        let probe = URL(fileURLWithPath: tern).deletingLastPathComponent().appendingPathComponent("libTernSyncProbe.so")
        guard FileManager.default.fileExists(atPath: probe.path) else {
            throw ValidationError("\(probe.path) is not built (swift build --product TernSyncProbe)")
        }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-bench-keys-\(getpid())")
        defer { try? FileManager.default.removeItem(at: home) }
        let syncs = home.appendingPathComponent("syncs")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let env = StartupBench.environment(home)
            + ["LD_PRELOAD=\(probe.path)", "TERN_SYNC_DELAY_MS=\(syncDelay)", "TERN_SYNC_LOG=\(syncs.path)"]
        let program = try PtyProgram([tern, "demo", "--new-post-every", "0"], env: env)
        defer { program.quit(typing: "q") }
        _ = try program.millisecondsUntil("Sol Novak", timeout: 30)
        program.drain(seconds: 1)
        var likes: [Double] = [], moves: [Double] = []
        for _ in 0..<presses {
            // Pending at once: the status line's "1 pending" (the post's own "★… liking" may be below the
            // screen's edge on a tall post); then confirmed, which waits for the journal's syncs (two,
            // delayed) and the server.
            likes.append(try program.millisecondsAfterTyping("f", until: "pending"))
            program.drain(seconds: Double(syncDelay) * 4 / 1000 + 0.3)
            moves.append(try program.millisecondsAfterTyping("j", until: nil))
            program.drain(seconds: 0.05)
        }
        let synced = ((try? String(contentsOf: syncs, encoding: .utf8)) ?? "").split(separator: "\n").filter { $0.contains("tern.sqlite") }.count
        Report.print("key to frame, every sync \(syncDelay) ms late (\(presses) likes, \(presses) moves)", [
            Figure(name: "like shown pending, p50", value: Report.median(likes), unit: "ms"),
            Figure(name: "like shown pending, p99", value: Report.percentile(likes, 0.99), unit: "ms"),
            Figure(name: "like shown pending, max", value: likes.max() ?? .nan, unit: "ms"),
            Figure(name: "move (j), p50", value: Report.median(moves), unit: "ms"),
            Figure(name: "move (j), p99", value: Report.percentile(moves, 0.99), unit: "ms"),
            Figure(name: "store syncs during the run", value: Double(synced), unit: "syncs"),
        ], json: output.json)
    }
}
