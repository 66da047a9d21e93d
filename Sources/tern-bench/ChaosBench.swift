import ArgumentParser
import AsyncHTTPClient
import Foundation
import TernDemo
import TernModel
import TernStore

/// Exactly once under chaos: the real `tern` in tmux, pressed like a user presses it, against the demo
/// server (or a real one) through `FaultProxy`, on a disk that is slow and fails (the sync probe), killed
/// with `kill -9` now and then and started again. At the end the server must hold what the user last
/// asked for, object by object, and every post once. Prints the seed, the counts and each discrepancy
/// with its history; exits non-zero on any. The same seed gives the same schedule of presses, kills and
/// faults (which request meets a fault depends on the order requests arrive in, as on a network).
struct ChaosBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chaos", abstract: "Likes, saves, boosts, follows, posts and replies under network and disk faults and kill -9: each carried out exactly once.")

    @Option(help: "Seed of the presses, kills and faults (default: from the clock; printed).") var seed: UInt64?
    @Option(help: "Presses to make.") var ops = 300
    @Option(help: "Stop pressing after this many minutes, whatever `--ops` says.") var minutes: Double = 60
    @Option(help: "A real server to run against instead of the demo (its posts are liked, saved, boosted and answered).") var server: String?
    @Option(help: "A file holding an access token for --server.") var tokenFile: String?
    @Option(help: "Share of requests (percent) that meet a network fault.") var faultPercent = 12
    @Option(help: "Share of the disk's syncs (percent) that fail.") var diskFailPercent = 2
    @Option(help: "Milliseconds each sync of the disk takes.") var diskDelay = 5
    @Option(help: "Presses between kills, on average.") var killEvery = 25
    @Option(help: "The longest pause between presses, in milliseconds (each is drawn from 20 up to it).") var pauseMs = 250
    @Option(help: "The tern to run (default: the one built beside tern-bench).") var tern: String?
    @Flag(help: "Keep Tern's home (store, log, the presses' trace) when the run passes too.") var keepHome = false

    func run() async throws {
        let seed = self.seed ?? UInt64(Date().timeIntervalSince1970 * 1000)
        print("chaos: seed \(seed) (tern-bench chaos --seed \(seed) --ops \(ops) runs the same schedule)")
        let tern = try self.tern ?? TmuxTern.builtBeside()
        let probe = URL(fileURLWithPath: tern).deletingLastPathComponent().appendingPathComponent("libTernSyncProbe.so")
        guard FileManager.default.fileExists(atPath: probe.path) else {
            throw ValidationError("\(probe.path) is missing: the disk's faults need it (swift build --product TernSyncProbe)")
        }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-bench-chaos-\(getpid())")
        try? FileManager.default.removeItem(at: home)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)

        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        var demo: DemoServer?
        let upstream: URL, token: String
        if let server {
            guard let url = URL(string: server), let tokenFile else { throw ValidationError("--server needs a URL and --token-file") }
            upstream = url
            token = try String(contentsOfFile: tokenFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        } else {
            var config = DemoConfig()
            config.seed = seed
            demo = try await DemoServer.start(config)
            upstream = URL(string: demo!.baseURL)!
            token = "chaos"
        }
        let api = ChaosServer(base: upstream, token: token, client: client)
        let me = try await api.ownAccountID()
        let proxy = try FaultProxy(upstream: upstream, seed: seed, faultPercent: 0, client: client)
        let links = home.appendingPathComponent("links")
        try prepare(home, proxy: proxy.baseURL, token: token, accountID: me, links: links)

        // Debug: each wish, try and answer of the action queue, for a discrepancy's story.
        let terminal = TmuxTern(home: home, tern: tern, arguments: ["--log-level", "debug"], environment: [
            "LD_PRELOAD=\(probe.path)", "TERN_SYNC_FAIL_PERCENT=\(diskFailPercent)", "TERN_SYNC_FAIL_SEED=\(seed)",
            "TERN_SYNC_DELAY_MS=\(diskDelay)", "TERN_SYNC_LOG=\(home.path)/syncs",
        ])
        let user = ChaosUser(terminal: terminal, links: links)
        var othersPost: (@Sendable (Int) async -> Void)?
        if let server = demo {
            othersPost = { count in await server.addPosts(count) }
        }
        let run = ChaosRun(user: user, proxy: proxy, api: api, seed: seed, log: home.appendingPathComponent("state/tern/tern.log"),
                           syncs: home.appendingPathComponent("syncs"), othersPost: othersPost)
        var failed = true
        do {
            try user.start()
            proxy.setFaultPercent(faultPercent)
            try await run.press(ops: ops, until: Date().addingTimeInterval(minutes * 60), killEvery: killEvery, pauseMs: pauseMs)
            proxy.setFaultPercent(0)
            let report = try await run.settle()
            print(report.text)
            failed = report.discrepancies > 0
        } catch {
            print("chaos: stopped: \(error)")
            print(terminal.screen())
        }
        terminal.close()
        if let demo { await demo.stop() }
        try await client.shutdown()
        if failed {
            print("chaos: seed \(seed); tern's home (store and log) kept at \(home.path)")
            throw ExitCode(1)
        }
        if keepHome {
            print("chaos: tern's home (store, log, presses) kept at \(home.path)")
        } else {
            try? FileManager.default.removeItem(at: home)
        }
    }

    /// The account on the proxy, a config that copies links through a script, and the script. Pictures off:
    /// the presses are what is tested, and drawing pictures would only slow them down.
    private func prepare(_ home: URL, proxy: String, token: String, accountID: String, links: URL) throws {
        let config = home.appendingPathComponent("config/tern")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let accounts = AccountStore(directory: config.appendingPathComponent("accounts"))
        try accounts.save(StoredAccount(name: "chaos@127.0.0.1", server: URL(string: proxy)!, token: token, accountID: accountID))
        let script = home.appendingPathComponent("file-link")
        try "#!/bin/sh\n{ cat; echo; } >> '\(links.path)'\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        try "copy = \"\(script.path)\"\nconfirm_boost = false\nimages = \"off\"\n"
            .write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
    }
}
