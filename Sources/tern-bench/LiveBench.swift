import ArgumentParser
import Foundation
import Synchronization
import TernDemo
import TernFeed
import TernHTTP
import TernMastodon
import TernModel
import TernStore
import TernTerminal
import TernUI

/// The streaming path under load: a real connection to the demo's streaming API, the events routed to
/// the timeline engine as the app routes them, and a list scrolling and drawing while they arrive.
struct LiveBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live", abstract: "Frame time while stream events arrive, and latency from a server post to \"↑ N new\".")

    @Option(help: "Event rates tried, per second.") var rates: [Int] = [10, 100, 1000]
    @Option(help: "Seconds of scrolling at each rate.") var seconds = 3.0
    @Option(help: "New posts timed from the server to the list.") var samples = 20
    @OptionGroup var output: OutputOptions

    /// What the stream and the engine have delivered so far.
    final class Seen: Sendable {
        let snapshot = Mutex<TimelineSnapshot?>(nil)
        let events = Mutex(0)
    }

    func run() async throws {
        let server = try await DemoServer.start()
        let http = HTTPFetch.makeClient()
        let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "bench", http: http)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-bench-live-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Store(url: folder.appendingPathComponent("tern.sqlite"))
        let actions = try ActionQueue(data: store.account("bench"), client: client)
        let seen = Seen()
        let sources = TimelineEngine.Sources(client: client, data: store.account("bench"), actions: actions)
        let engine = TimelineEngine(sources: sources, timeline: .home) { s in seen.snapshot.withLock { $0 = s } }
        let engineTask = Task { await engine.run() }
        // The runner's routing: new posts make the engine fetch, edits patch in place.
        let live = LiveStream(client: client) { news in
            switch news {
            case .events(let events):
                seen.events.withLock { $0 += events.count }
                let changes = StreamChange.changes(in: events)
                if !changes.isEmpty { sources.posts.streamed(changes) }
                if events.contains(where: { if case .update = $0 { return true } else { return false } }) { engine.send(.poll) }
            case .catchUp: engine.send(.poll)
            case .state: break
            }
        }
        let liveTask = Task { await live.run() }
        engine.send(.start)
        try await until { seen.snapshot.withLock { ($0?.posts.count ?? 0) >= 20 } }
        try await until { await server.streamSubscriptions() > 0 }
        try await Task.sleep(for: .milliseconds(300))

        // Latency: a post made on the server, until the engine counts it as new.
        var latencies: [Double] = []
        for _ in 0..<samples {
            let start = DispatchTime.now().uptimeNanoseconds
            await server.addPosts(1)
            let id = await server.newestPostIDs(1).first ?? ""
            try await until { seen.snapshot.withLock { $0?.arrivals.contains(id) ?? false } }
            latencies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        var figures = [
            Figure(name: "server post to \"↑ N new\", median", value: Report.median(latencies), unit: "ms"),
            Figure(name: "server post to \"↑ N new\", p95", value: Report.percentile(latencies, 0.95), unit: "ms"),
        ]

        // Load: events at each rate (edits of the newest post, and a new post in every twenty), while a
        // 120×40 list scrolls a line and draws, frame after frame.
        let out = folder.appendingPathComponent("screen.out")
        let screen = try Screen(terminalType: "xterm-256color", output: out.path, size: (40, 120))
        defer { screen.close() }
        for rate in rates {
            let received = seen.events.withLock { $0 }
            let sentCount = Mutex(0)
            // Paced by the clock, so the rate holds however long sending takes.
            let emitter = Task {
                let began = Date()
                while !Task.isCancelled {
                    let due = Int(Double(rate) * Date().timeIntervalSince(began)) - sentCount.withLock { $0 }
                    if due > 0 {
                        await server.echoEdits(due)
                        let total = sentCount.withLock { $0 += due; return $0 }
                        if total / 20 != (total - due) / 20 { await server.addPosts(1) }
                    }
                    try? await Task.sleep(for: .milliseconds(20))
                }
            }
            var frames: [Double] = []
            let list = StaticList(theme: .builtIn, snapshot: FeedSnapshot(seen.snapshot.withLock { $0! }), rows: 40, columns: 120)
            let end = Date().addingTimeInterval(seconds)
            var lines = 0
            while Date() < end {
                let t0 = DispatchTime.now().uptimeNanoseconds
                if let s = seen.snapshot.withLock({ $0 }) { list.show(FeedSnapshot(s)) }
                lines += 1
                list.scroll(lines: lines % 80 < 40 ? 1 : -1)
                list.draw(on: screen)
                frames.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
                try await Task.sleep(for: .milliseconds(16))
            }
            emitter.cancel()
            // Events still on the way count once they land.
            try await Task.sleep(for: .milliseconds(500))
            let absorbed = Double(seen.events.withLock { $0 } - received) / seconds
            let sent = Double(sentCount.withLock { $0 }) / seconds
            figures += [
                Figure(name: "\(rate) events/s: sent by the server", value: sent, unit: "events/s"),
                Figure(name: "\(rate) events/s: absorbed", value: absorbed, unit: "events/s"),
                Figure(name: "\(rate) events/s: frame p50", value: Report.median(frames), unit: "ms"),
                Figure(name: "\(rate) events/s: frame p99", value: Report.percentile(frames, 0.99), unit: "ms"),
            ]
        }
        liveTask.cancel()
        await liveTask.value
        engine.stop()
        await engineTask.value
        actions.stop()
        try await http.shutdown()
        await server.stop()
        Report.print("live: demo streaming API on loopback, 120×40 list drawing while events arrive", figures, json: output.json)
    }

    /// Waits (up to 10 s) for a condition.
    private func until(_ condition: () async -> Bool) async throws {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if await condition() { return }
            try await Task.sleep(for: .milliseconds(2))
        }
        throw ValidationError("timed out")
    }
}
