import ArgumentParser
import Foundation
import TernStore

/// `tern-bench startup`: the real `tern`, each on a pseudo-terminal of its own, from process start to the
/// first output showing posts and to a finished screen (its last byte before 300 ms of quiet) with the peak RSS, over stores of 1,000 and 100,000 cached posts (and `tern --offline`), interleaved
/// with newsboat on 1,000 cached items (when installed) measured the same way; `tern --help`; RSS and
/// where it is; then RSS after paging down through 10,000 cached posts in tmux.
struct StartupBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "startup", abstract: "Start-up time and RSS from a cached store, beside newsboat (needs tmux; newsboat optional).")

    @Option(help: "Start-ups timed per store size.") var runs = 9
    @Option(help: "Cached posts to page through for the RSS figure.") var scroll = 10_000
    @Option(help: "Prepare the stores in this folder and keep them (reused by later runs, and for profiling by hand).")
    var keep: String?
    @OptionGroup var output: OutputOptions

    func run() throws {
        let tern = try TmuxTern.builtBeside()
        let root = keep.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("tern-bench-startup-\(getpid())")
        defer { if keep == nil { try? FileManager.default.removeItem(at: root) } }
        var contenders: [Contender] = []
        for count in [1_000, 100_000] {
            let home = root.appendingPathComponent("\(count)")
            if !FileManager.default.fileExists(atPath: home.appendingPathComponent("ready").path) {
                let filled = Date()
                try Self.prepare(home, posts: count)
                try "".write(to: home.appendingPathComponent("ready"), atomically: true, encoding: .utf8)
                FileHandle.standardError.write(Data("filled a store with \(count) posts in \(Int(Date().timeIntervalSince(filled)))s\n".utf8))
            }
            // As typed: `tern` alone. Its server (port 9 on loopback) refuses at once, as a network that is down would.
            contenders.append(Contender(name: "tern, \(count) cached posts", argv: [tern], env: Self.environment(home),
                                        shows: "post #", quit: "q"))
        }
        // With an option, the argument parser runs too.
        contenders.append(Contender(name: "tern --offline, 1000 cached posts", argv: [tern, "--offline"],
                                    env: Self.environment(root.appendingPathComponent("1000")), shows: "post #", quit: "q"))
        let terns = contenders.count
        if let newsboat = Newsboat.find() {
            contenders.append(try Newsboat.prepare(root.appendingPathComponent("newsboat"), executable: newsboat, items: 1_000))
        } else {
            FileHandle.standardError.write(Data("newsboat is not installed: no comparison (apt install newsboat)\n".utf8))
        }
        // Interleaved, so a busy moment of the machine falls on all of them alike.
        var times = [[Double]](repeating: [], count: contenders.count)
        var painted = [[Double]](repeating: [], count: contenders.count)
        var rss = [[Double]](repeating: [], count: contenders.count)
        var peak = [[Double]](repeating: [], count: contenders.count)
        for run in 0..<runs {
            // Rotated, so no program always follows the same one.
            for k in 0..<contenders.count {
                let i = (k + run) % contenders.count, c = contenders[i]
                let program = try PtyProgram(c.argv, env: c.env)
                times[i].append(try program.millisecondsUntil(c.shows))
                // What a person sees: the screen finished, its last byte before 300 ms of quiet.
                painted[i].append(program.millisecondsToLastOutput(quiet: 0.3))
                program.drain(seconds: 0.2)
                rss[i].append(Double(MemoryBench.status("VmRSS:", pid: "\(program.pid)")) / 1024)
                peak[i].append(Double(MemoryBench.status("VmHWM:", pid: "\(program.pid)")) / 1024)
                program.quit(typing: c.quit)
            }
        }
        var figures: [Figure] = []
        for (i, c) in contenders.enumerated() {
            figures.append(Figure(name: "first paint, \(c.name) (median of \(runs))", value: Report.median(painted[i]), unit: "ms"))
            figures.append(Figure(name: "peak RSS, \(c.name) (median)", value: Report.median(peak[i]), unit: "MB"))
        }
        if contenders.count > terns {
            for i in 0..<terns {
                figures.append(Figure(name: "first paint, \(contenders[i].name) against newsboat (÷ newsboat's)",
                                      value: Report.median(painted[i]) / Report.median(painted[terns]), unit: "×"))
            }
        }
        for (i, c) in contenders.enumerated() {
            figures.append(Figure(name: "first frame, \(c.name) (median of \(runs))", value: Report.median(times[i]), unit: "ms"))
            figures.append(Figure(name: "first frame, \(c.name) (slowest)", value: times[i].max() ?? .nan, unit: "ms"))
        }
        if contenders.count > terns {
            for i in 0..<terns {
                figures.append(Figure(name: "\(contenders[i].name) against newsboat (time ÷ newsboat's)",
                                      value: Report.median(times[i]) / Report.median(times[terns]), unit: "×"))
            }
        }
        for (i, c) in contenders.enumerated() {
            figures.append(Figure(name: "RSS 0.2 s after the first paint, \(c.name) (median)", value: Report.median(rss[i]), unit: "MB"))
        }
        var help: [Double] = [], helpPeak: [Double] = []
        for _ in 0..<max(runs, 15) {
            let env = Self.environment(root.appendingPathComponent("1000"))
            help.append(try runToEnd([tern, "--help"], env: env))
            helpPeak.append(Double(try peakKB([tern, "--help"], env: env)) / 1024)
        }
        figures.append(Figure(name: "tern --help (median)", value: Report.median(help), unit: "ms"))
        figures.append(Figure(name: "tern --help, peak RSS (median)", value: Report.median(helpPeak), unit: "MB"))
        Report.print("startup: from spawn to a finished first screen (first paint) and to the first output with posts (first frame), on a pty of 120×40",
                     figures, json: output.json)

        // Where the megabytes are, once the first screen has settled.
        let program = try PtyProgram(contenders[0].argv, env: contenders[0].env)
        _ = try program.millisecondsUntil(contenders[0].shows)
        program.drain(seconds: 0.5)
        let map = try MemoryMap(pid: program.pid, executable: tern)
        program.quit(typing: contenders[0].quit)
        Report.print("RSS of \(contenders[0].name) 0.5 s after the first frame, by mapping (smaps)",
                     map.figures(top: 12), json: output.json)

        let home = root.appendingPathComponent("100000")
        let session = TmuxTern(home: home, tern: tern, arguments: ["--offline"])
        defer { session.close() }
        try session.startUp(showing: "post #")
        var scrolled = [Figure(name: "RSS after start (tmux)", value: Double(session.rssKB()) / 1024, unit: "MB")]
        let reached = try session.pageDown(until: 100_000 - scroll)
        scrolled.append(Figure(name: "posts scrolled", value: Double(100_000 - reached), unit: "posts"))
        scrolled.append(Figure(name: "RSS after scrolling them", value: Double(session.rssKB()) / 1024, unit: "MB"))
        Report.print("scrolling: `tern --offline` in tmux 120×40, 100,000 cached posts", scrolled, json: output.json)
    }

    static func environment(_ home: URL) -> [String] {
        ["HOME=\(home.path)", "XDG_CONFIG_HOME=\(home.path)/config", "XDG_DATA_HOME=\(home.path)/data",
         "XDG_CACHE_HOME=\(home.path)/cache", "XDG_STATE_HOME=\(home.path)/state", "TERM=xterm-256color", "LANG=C.UTF-8"]
    }

    /// XDG folders with a stored account and a store holding `posts` posts in its home timeline.
    static func prepare(_ home: URL, posts: Int) throws {
        let config = home.appendingPathComponent("config/tern")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        // Keep all of them: the default retention (5,000 per timeline) would prune the big store.
        try "cache_posts = 1000000\ncache_days = 3650\n".write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let accounts = AccountStore(directory: config.appendingPathComponent("accounts"))
        try accounts.save(StoredAccount(name: "bench@127.0.0.1", server: URL(string: "http://127.0.0.1:9")!, token: "t", accountID: "1"))
        let store = try Store(url: home.appendingPathComponent("data/tern/tern.sqlite"))
        try CachedPosts.fill(store, TimelineKey(account: "bench@127.0.0.1", timeline: "home"), count: posts)
    }
}

/// One program timed by the start-up benchmark.
struct Contender {
    var name: String
    var argv: [String]
    var env: [String]
    /// Text its first useful screen holds.
    var shows: String
    /// Keys that end it.
    var quit: String
}
