import ArgumentParser
import Foundation
import TernModel

/// The real `tern` in tmux for an hour (or `--minutes`) against a demo server in another process that
/// streams new posts, edits and deletions at `--rate` events a second, while a seeded hand scrolls through
/// the timeline and its pictures: RSS, peak RSS, open files and threads sampled every `--every` seconds.
/// The goal: flat after the warm-up, and never above 100 MB (exits non-zero past it).
struct SoakBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak", abstract: "Streaming and scrolling for an hour: RSS, open files and threads each minute (needs tmux).")

    @Option(help: "How long to run.") var minutes: Double = 60
    @Option(help: "Streamed events a second (8 in 10 new posts, 1 an edit, 1 a deletion).") var rate: Double = 10
    @Option(help: "Seconds between samples.") var every: Double = 60
    @Option(help: "Seed of the scrolling.") var seed: UInt64 = 1
    @Flag(help: "The demo sends escape sequences, bidi overrides and unreadable entries, as a hostile server would.") var hostile = false
    @Flag(help: "Run tern once first for a minute on the same home, so the soak starts from a warm cache.") var warm = false
    @Option(help: "Peak RSS allowed, in MB.") var limit: Double = 100
    @OptionGroup var output: OutputOptions

    struct Sample {
        var minute: Double
        var rss: Double
        var peak: Double
        var files: Int
        var threads: Int
    }

    func run() async throws {
        let tern = try TmuxTern.builtBeside()
        let perSecond = max(rate, 0.1)
        var demo = ["--new-post-every", "\(1 / (perSecond * 0.8))", "--edit-every", "\(1 / (perSecond * 0.1))",
                    "--delete-every", "\(1 / (perSecond * 0.1))"]
        if hostile { demo.append("--hostile") }
        let child = try DemoChild(posts: 2_000, arguments: demo)
        defer { child.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-bench-soak-\(getpid())")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let token = home.appendingPathComponent("token")
        try "bench\n".write(to: token, atomically: true, encoding: .utf8)
        let arguments = ["--server", child.baseURL, "--token-file", token.path, "--images", "symbols"]
        var random = SeededRandom(seed: seed)

        if warm {
            let first = TmuxTern(home: home, tern: tern, arguments: arguments)
            try first.startUp(showing: "↩")
            try scroll(first, for: 60, random: &random)
            first.close()
        }
        let session = TmuxTern(home: home, tern: tern, arguments: arguments)
        defer { session.close() }
        try session.startUp(showing: "↩")
        let start = Date()
        var samples: [Sample] = []
        while Date().timeIntervalSince(start) < minutes * 60 {
            try scroll(session, for: min(every, minutes * 60 - Date().timeIntervalSince(start)), random: &random)
            guard let s = Self.sample(session.pid, minute: Date().timeIntervalSince(start) / 60) else {
                throw BenchError("tern is gone after \(Int(Date().timeIntervalSince(start))) s (see its tern.log in \(home.path))")
            }
            samples.append(s)
            if !output.json {
                print(String(format: "minute %5.1f: RSS %6.1f MB, peak %6.1f MB, open files %3d, threads %3d",
                             s.minute, s.rss, s.peak, s.files, s.threads))
                fflush(nil)
            }
        }
        guard let last = samples.last else { throw BenchError("no sample was taken (--minutes too short for --every)") }
        // The warm-up: the first sixth of the run (10 minutes of an hour), when caches fill to their bounds.
        let settled = samples.first { $0.minute >= minutes / 6 } ?? samples[0]
        let perHour = last.minute > settled.minute ? (last.rss - settled.rss) / (last.minute - settled.minute) * 60 : 0
        Report.print("soak: \(Int(minutes)) minutes at \(rate) events/s\(hostile ? ", hostile" : "")\(warm ? ", warm cache" : "")", [
            Figure(name: "RSS after the warm-up (minute \(String(format: "%.0f", settled.minute)))", value: settled.rss, unit: "MB"),
            Figure(name: "RSS at the end", value: last.rss, unit: "MB"),
            Figure(name: "growth after the warm-up", value: perHour, unit: "MB/hour"),
            Figure(name: "peak RSS", value: last.peak, unit: "MB"),
            Figure(name: "open files: after the warm-up, at the end", value: Double(settled.files), unit: "→ \(last.files)"),
            Figure(name: "threads: after the warm-up, at the end", value: Double(settled.threads), unit: "→ \(last.threads)"),
        ], json: output.json)
        // Where the memory is at the end, by mapping: malloc's heap against the program's own pages.
        if let p = pid_t(session.pid) {
            Report.print("RSS of tern at the end of the soak, by mapping (smaps)", try MemoryMap(pid: p, executable: tern).figures(top: 8),
                         json: output.json)
        }
        if last.peak > limit { throw BenchError(String(format: "peak RSS %.1f MB is over %.0f MB", last.peak, limit)) }
    }

    /// Scrolls as a reader does for `seconds`: mostly down a few posts, back up now and then, to the top
    /// (where the new posts are) once in a while.
    private func scroll(_ session: TmuxTern, for seconds: Double, random: inout SeededRandom) throws {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            switch Int.random(in: 0..<20, using: &random) {
            case 0: session.press("g")
            case 1...4: session.press("k", count: Int.random(in: 1...5, using: &random))
            default: session.press("j", count: Int.random(in: 1...6, using: &random))
            }
            usleep(UInt32.random(in: 200_000...900_000, using: &random))
        }
    }

    static func sample(_ pid: String, minute: Double) -> Sample? {
        let rss = MemoryBench.status("VmRSS:", pid: pid)
        guard !pid.isEmpty, rss > 0 else { return nil }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
        return Sample(minute: minute, rss: Double(rss) / 1024, peak: Double(MemoryBench.status("VmHWM:", pid: pid)) / 1024,
                      files: files, threads: MemoryBench.status("Threads:", pid: pid))
    }
}
