import Foundation

/// newsboat, the reference terminal feed reader, set up with a cache of made-up items so its start-up is
/// measured beside Tern's the same way (its feed list is its first screen).
enum Newsboat {
    static func find() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/newsboat" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A folder with an RSS file of `items` items, a urls file naming it, and a cache newsboat has already
    /// filled from it (`-x reload`; nothing leaves the machine).
    static func prepare(_ home: URL, executable: String, items: Int) throws -> Contender {
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let words = ["harbour", "kettle", "lantern", "meadow", "orbit", "pebble", "quill", "river", "saddle", "timber"]
        let entries = (1...items).reversed().map { n in
            let text = (0..<12).map { words[($0 * 7 + n) % words.count] }.joined(separator: " ")
            return "<item><title>post \(n): \(text)</title><link>http://bench.example/\(n)</link><guid>http://bench.example/\(n)</guid>"
                + "<description>\(text)</description><pubDate>Mon, 02 Nov 2026 10:\(String(format: "%02d", n % 60)):00 +0000</pubDate></item>"
        }.joined()
        let feed = home.appendingPathComponent("feed.xml")
        try ("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>BenchFeed</title><link>http://bench.example/</link>"
             + "<description>made up</description>\(entries)</channel></rss>").write(to: feed, atomically: true, encoding: .utf8)
        try "file://\(feed.path)\n".write(to: home.appendingPathComponent("urls"), atomically: true, encoding: .utf8)
        try "".write(to: home.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        let argv = [executable, "-u", home.appendingPathComponent("urls").path, "-c", home.appendingPathComponent("cache.db").path,
                    "-C", home.appendingPathComponent("config").path]
        let env = ["HOME=\(home.path)", "TERM=xterm-256color", "LANG=C.UTF-8"]
        let reload = try runToEnd(argv + ["-x", "reload"], env: env)
        guard reload > 0, FileManager.default.fileExists(atPath: home.appendingPathComponent("cache.db").path) else {
            throw BenchError("newsboat did not fill its cache")
        }
        return Contender(name: "newsboat, \(items) cached items", argv: argv, env: env, shows: "BenchFeed", quit: "Q")
    }
}
