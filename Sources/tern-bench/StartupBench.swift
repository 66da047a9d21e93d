import ArgumentParser
import Foundation
import TernStore

/// `tern-bench startup`: the real `tern --offline` in tmux, from process start to the first frame that
/// shows posts, over stores of 1,000 and 100,000 cached posts; then RSS after paging down through
/// 10,000 of them.
struct StartupBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "startup", abstract: "Start-up time from a cached store, and RSS after scrolling cached posts (needs tmux).")

    @Option(help: "Start-ups timed per store size.") var runs = 7
    @Option(help: "Cached posts to page through for the RSS figure.") var scroll = 10_000
    @OptionGroup var output: OutputOptions

    func run() throws {
        let tern = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("tern").path
        guard FileManager.default.isExecutableFile(atPath: tern) else { throw ValidationError("\(tern) is not built") }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-bench-startup-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        var figures: [Figure] = []
        for count in [1_000, 100_000] {
            let home = root.appendingPathComponent("\(count)")
            let filled = Date()
            try Self.prepare(home, posts: count)
            FileHandle.standardError.write(Data("filled a store with \(count) posts in \(Int(Date().timeIntervalSince(filled)))s\n".utf8))
            // Interleaved: with the terminal probe (as a user starts it), and without (`--images symbols`).
            var times: [Double] = [], unprobed: [Double] = []
            for _ in 0..<runs {
                for probe in [true, false] {
                    let session = Terminal(home: home, tern: tern)
                    let t = try session.startUp(arguments: probe ? [] : ["--images", "symbols"])
                    if probe { times.append(t) } else { unprobed.append(t) }
                    session.close()
                }
            }
            figures.append(Figure(name: "first frame, \(count) cached posts (median of \(runs))", value: Report.median(times), unit: "ms"))
            figures.append(Figure(name: "first frame, \(count) cached posts (slowest)", value: times.max() ?? .nan, unit: "ms"))
            figures.append(Figure(name: "first frame, \(count) cached posts, no terminal probe (median)", value: Report.median(unprobed), unit: "ms"))
            if count == 100_000 {
                let session = Terminal(home: home, tern: tern)
                defer { session.close() }
                _ = try session.startUp()
                figures.append(Figure(name: "RSS after start", value: Double(session.rssKB()) / 1024, unit: "MB"))
                let reached = session.pageDown(until: count - scroll)
                figures.append(Figure(name: "posts scrolled", value: Double(count - reached), unit: "posts"))
                figures.append(Figure(name: "RSS after scrolling them", value: Double(session.rssKB()) / 1024, unit: "MB"))
            }
        }
        Report.print("startup: `tern --offline` in tmux 120×40 from a cached store", figures, json: output.json)
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

/// One `tern --offline` in a detached tmux session.
private final class Terminal {
    let name = "tern-bench-\(getpid())-\(UUID().uuidString.prefix(6))"
    let home: URL
    let tern: String
    let marker: String

    init(home: URL, tern: String) {
        self.home = home
        self.tern = tern
        marker = home.appendingPathComponent("first-frame-\(name)").path
    }

    /// Milliseconds from just before tmux starts the process to the first frame with posts.
    func startUp(arguments: [String] = []) throws -> Double {
        try? FileManager.default.removeItem(atPath: marker)
        let env = "XDG_CONFIG_HOME=\(home.path)/config XDG_DATA_HOME=\(home.path)/data XDG_CACHE_HOME=\(home.path)/cache "
            + "TERN_BENCH_FIRST_FRAME=\(marker) TERM=tmux-256color"
        let start = Self.monotonicNanoseconds()
        let command = ([tern, "--offline"] + arguments).joined(separator: " ")
        tmux(["new-session", "-d", "-s", name, "-x", "120", "-y", "40", "exec env \(env) \(command)"], capture: false)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: marker, encoding: .utf8), let end = Int64(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return Double(end - start) / 1e6
            }
            usleep(1_000)
        }
        throw ValidationError("tern showed no posts within 20 s")
    }

    /// Pages down until a post numbered at or below `target` is on screen; returns the lowest seen.
    func pageDown(until target: Int) -> Int {
        var lowest = Int.max
        for _ in 0..<2_000 where lowest > target {
            tmux(["send-keys", "-t", name, "-N", "40", "Space"])
            usleep(150_000)
            let screen = tmux(["capture-pane", "-p", "-t", name])
            for match in screen.split(separator: "#").dropFirst() {
                if let n = Int(match.prefix(while: \.isNumber)) { lowest = min(lowest, n) }
            }
        }
        return lowest
    }

    func rssKB() -> Int {
        let pid = tmux(["list-panes", "-t", name, "-F", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        return MemoryBench.status("VmRSS:", pid: pid)
    }

    func close() { tmux(["kill-server"], capture: false) }

    /// tmux on a private socket, through the shell (Foundation's Process left tmux's client unreaped here).
    /// A command that starts the server must not capture: the server would hold the pipe open.
    @discardableResult
    private func tmux(_ args: [String], capture: Bool = true) -> String {
        let line = (["tmux", "-L", name] + args).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ")
        guard capture else { _ = system(line + " >/dev/null 2>&1 </dev/null"); return "" }
        guard let pipe = popen(line + " 2>/dev/null", "r") else { return "" }
        var out = [UInt8]()
        var buf = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&buf, 1, buf.count, pipe)
            if n <= 0 { break }
            out += buf[0..<n]
        }
        pclose(pipe)
        return String(decoding: out, as: UTF8.self)
    }

    static func monotonicNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
