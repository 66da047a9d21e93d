import ArgumentParser
import AsyncHTTPClient
import Foundation
import TernHTTP
import TernDemo
import TernImages
import TernModel
import TernUI

/// Peak memory of the client side alone: the demo server runs in a child process, and this process starts
/// fresh, so the figure is Tern's own.
struct MemoryBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memory", abstract: "RSS after scrolling 2,000 posts with pictures, in-process and with the real tern in tmux (demo server in a child process; needs tmux).")

    @Option(help: "Posts scrolled.") var posts = 2000
    @OptionGroup var output: OutputOptions

    func run() async throws {
        HeapTuning.configure()  // as tern does
        let child = try DemoChild(posts: posts + 40)
        defer { child.stop() }
        let http = HTTPFetch.makeClient()
        let start = Self.status("VmRSS:")
        let loaded = try await Posts.load(baseURL: child.baseURL, http: http, count: posts)
        let afterLoad = Self.status("VmRSS:")
        let loader = ImageLoader(http: http, colorMode: .indexed256)
        let probe = ScrollProbe(posts: loaded, loader: loader, columns: 120, rows: 40, prefetchRows: 10)
        while !probe.atEnd {
            probe.drain()
            probe.step()
            try await Task.sleep(for: .milliseconds(15))
        }
        probe.stop()
        let figures = [
            Figure(name: "posts scrolled", value: Double(loaded.count), unit: "posts"),
            Figure(name: "pictures shown", value: Double(probe.entered), unit: "pictures"),
            Figure(name: "RSS at start", value: Double(start) / 1024, unit: "MB"),
            Figure(name: "RSS with \(loaded.count) posts loaded", value: Double(afterLoad) / 1024, unit: "MB"),
            Figure(name: "RSS after scrolling", value: Double(Self.status("VmRSS:")) / 1024, unit: "MB"),
            Figure(name: "peak RSS", value: Double(Self.status("VmHWM:")) / 1024, unit: "MB"),
        ]
        try await http.shutdown()
        Report.print("memory: client side, \(posts) posts scrolled with pictures", figures, json: output.json)
        try realTern(child)
    }

    /// The same with the real `tern` in tmux: `j` until the status line counts `posts` posts, pictures
    /// from the demo server in the other process.
    private func realTern(_ child: DemoChild) throws {
        let tern = try TmuxTern.builtBeside()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-bench-memory-\(getpid())")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let token = home.appendingPathComponent("token")
        try "bench\n".write(to: token, atomically: true, encoding: .utf8)
        let session = TmuxTern(home: home, tern: tern,
                               arguments: ["--server", child.baseURL, "--token-file", token.path, "--no-stream", "--images", "symbols"])
        defer { session.close() }
        try session.startUp(showing: "↩")
        let start = Double(session.rssKB()) / 1024
        var reached = 0
        let deadline = Date().addingTimeInterval(240)
        while reached < posts, Date() < deadline {
            session.press("j", count: 20)
            usleep(250_000)
            reached = max(reached, Self.position(session.screen()) ?? 0)
        }
        // Pictures still on their way land first.
        usleep(2_000_000)
        let pid = session.pid
        Report.print("memory: the real tern in tmux 120×40, pictures as symbols", [
            Figure(name: "RSS once the first posts show", value: start, unit: "MB"),
            Figure(name: "posts scrolled (j)", value: Double(reached), unit: "posts"),
            Figure(name: "RSS after scrolling them", value: Double(Self.status("VmRSS:", pid: pid)) / 1024, unit: "MB"),
            Figure(name: "  of which the program's own code and data (clean, shared with the page cache)",
                    value: Double(Self.status("RssFile:", pid: pid)) / 1024, unit: "MB"),
            Figure(name: "  of which heap and other private memory", value: Double(Self.status("RssAnon:", pid: pid)) / 1024, unit: "MB"),
            Figure(name: "peak RSS", value: Double(Self.status("VmHWM:", pid: pid)) / 1024, unit: "MB"),
        ], json: output.json)
        if let p = pid_t(pid) {
            let map = try MemoryMap(pid: p, executable: tern)
            Report.print("RSS of the real tern after scrolling, by mapping (smaps)",
                         map.figures(top: 12), json: output.json)
        }
    }

    /// The selected post's number in the status line ("… 812/820+").
    static func position(_ screen: String) -> Int? {
        guard let status = screen.split(separator: "\n").last(where: { !$0.allSatisfy(\.isWhitespace) }) else { return nil }
        let fields = status.split(separator: " ")
        guard let field = fields.last(where: { $0.contains("/") }), let n = Int(field.split(separator: "/").first ?? "") else { return nil }
        return n
    }

    /// A kB figure from /proc/PID/status (VmRSS, VmHWM); this process's by default.
    static func status(_ key: String, pid: String = "self") -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(key) } ?? ""
        return Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "0") ?? 0
    }
}

/// `tern-bench serve-demo`: runs a demo server and prints its address (for benchmarks' child processes).
struct ServeDemo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve-demo", abstract: "Run a demo server.",
                                                    shouldDisplay: false)
    @Option var posts = 520
    @Option var newPostEvery: Double = 0
    @Option var editEvery: Double = 0
    @Option var deleteEvery: Double = 0
    @Flag var hostile = false

    func run() async throws {
        var config = DemoConfig()
        config.postCount = posts
        config.newPostInterval = newPostEvery > 0 ? newPostEvery : nil
        config.editInterval = editEvery > 0 ? editEvery : nil
        config.deleteInterval = deleteEvery > 0 ? deleteEvery : nil
        config.hostile = hostile
        let server = try await DemoServer.start(config)
        // Unbuffered, so the parent reads the address at once.
        FileHandle.standardOutput.write(Data((server.baseURL + "\n").utf8))
        // Until the parent closes our stdin.
        while FileHandle.standardInput.availableData.count > 0 {}
        await server.stop()
    }
}

/// The benchmark binary itself, re-run as a demo server in a child process.
final class DemoChild {
    let baseURL: String
    private let process = Process()
    private let input = Pipe()

    /// `arguments`: more of `serve-demo`'s options (`--new-post-every 0.1`, `--hostile`).
    init(posts: Int, arguments: [String] = []) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        process.arguments = ["serve-demo", "--posts", "\(posts)"] + arguments
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data([10]) { line += byte }
        baseURL = String(decoding: line, as: UTF8.self)
        guard baseURL.hasPrefix("http://") else { throw ValidationError("the demo server child process did not start") }
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.terminate()
    }
}
