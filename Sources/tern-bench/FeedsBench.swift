import ArgumentParser
import Foundation
import TernDemo

/// `tern sync --no-images` against `newsboat -x reload` on the same web feeds, served with latency from many loopback
/// "hosts": a first refresh (every feed fetched and parsed into an empty cache), and a second one (nothing
/// changed: Tern asks conditionally and is answered 304).
struct FeedsBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feeds", abstract: "A full refresh of many web feeds, tern sync --no-images beside newsboat -x reload.")

    @Option(help: "Feeds in all.") var feeds = 200
    @Option(help: "Hosts they are spread over (loopback addresses 127.0.1.N).") var hosts = 40
    @Option(help: "Items in each feed.") var items = 30
    @Option(help: "Milliseconds each feed's answer is delayed, as a distant server's would be.") var latency = 60
    @Option(help: "Runs of each refresh; medians are printed.") var runs = 3
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let tern = try TmuxTern.builtBeside()
        let perHost = max(1, (feeds + hosts - 1) / hosts)
        var servers: [DemoFeedServer] = []
        let (delay, itemCount) = (Duration.milliseconds(latency), items)
        for h in 0..<hosts {
            let host = "127.0.1.\(h + 1)"
            servers.append(try await DemoFeedServer.start(feeds: perHost, items: itemCount, latency: delay, host: host))
        }
        defer { servers.forEach { $0.stop() } }
        let urls = Array(servers.flatMap { $0.feedURLs() }.prefix(feeds))
        func answered(_ status: Int) -> Int { servers.reduce(0) { $0 + ($1.answered[status] ?? 0) } }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-bench-feeds-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }

        var figures: [Figure] = []
        // Tern: the feeds imported into an empty home, then `tern sync` twice.
        var firsts: [Double] = [], seconds: [Double] = [], notModified: [Double] = []
        for run in 0..<runs {
            let home = root.appendingPathComponent("tern-\(run)")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let list = home.appendingPathComponent("urls")
            try urls.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
            let env = StartupBench.environment(home)
            _ = try await timed([tern, "feeds", "import", list.path], env: env)
            // Pictures are not fetched: newsboat fetches none.
            firsts.append(try await timed([tern, "sync", "--no-images"], env: env))
            let before = answered(304)
            seconds.append(try await timed([tern, "sync", "--no-images"], env: env))
            notModified.append(Double(answered(304) - before))
        }
        figures += [Figure(name: "tern sync --no-images, first refresh (median of \(runs))", value: Report.median(firsts), unit: "ms"),
                    Figure(name: "tern sync, second refresh (median)", value: Report.median(seconds), unit: "ms"),
                    Figure(name: "tern sync, second refresh: answered 304", value: Report.median(notModified), unit: "of \(urls.count) feeds")]

        guard let newsboat = Newsboat.find() else {
            Report.print("web feeds: \(urls.count) feeds on \(hosts) hosts, \(latency) ms each (newsboat not installed)", figures, json: output.json)
            return
        }
        var nFirsts: [Double] = [], nSeconds: [Double] = [], nNotModified: [Double] = []
        for run in 0..<runs {
            let home = root.appendingPathComponent("newsboat-\(run)")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            try urls.joined(separator: "\n").write(to: home.appendingPathComponent("urls"), atomically: true, encoding: .utf8)
            try "".write(to: home.appendingPathComponent("config"), atomically: true, encoding: .utf8)
            let argv = [newsboat, "-u", home.appendingPathComponent("urls").path, "-c", home.appendingPathComponent("cache.db").path,
                        "-C", home.appendingPathComponent("config").path, "-x", "reload"]
            let env = ["HOME=\(home.path)", "TERM=xterm-256color", "LANG=C.UTF-8"]
            nFirsts.append(try await timed(argv, env: env))
            let before = answered(304)
            nSeconds.append(try await timed(argv, env: env))
            nNotModified.append(Double(answered(304) - before))
        }
        figures += [Figure(name: "newsboat -x reload, first refresh (median)", value: Report.median(nFirsts), unit: "ms"),
                    Figure(name: "newsboat -x reload, second refresh (median)", value: Report.median(nSeconds), unit: "ms"),
                    Figure(name: "newsboat, second refresh: answered 304", value: Report.median(nNotModified), unit: "of \(urls.count) feeds"),
                    Figure(name: "first refresh: newsboat's time over Tern's", value: Report.median(nFirsts) / Report.median(firsts), unit: "×"),
                    Figure(name: "second refresh: newsboat's time over Tern's", value: Report.median(nSeconds) / Report.median(seconds), unit: "×")]
        Report.print("web feeds: \(urls.count) feeds of \(items) items on \(hosts) hosts, each answer \(latency) ms late", figures, json: output.json)
    }

    /// `runToEnd` on a thread of its own: waiting for the process must not hold one of the few threads
    /// the feed servers answer on.
    private func timed(_ argv: [String], env: [String]) async throws -> Double {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try runToEnd(argv, env: env) }) }
        }
    }
}
