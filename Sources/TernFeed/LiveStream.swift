import Foundation
import Logging
import Synchronization
import TernMastodon
import TernModel

/// The account's one streaming connection. It subscribes to the streams of the open timelines, hands
/// on what happens in batches (a flood of events becomes a few batches a second), reconnects with
/// backoff and jitter, says when it reconnected so the lists can fill what they missed, and falls back
/// to polling where the server has no streaming.
public actor LiveStream {
    public enum State: Sendable, Equatable {
        case connecting
        case live
        case reconnecting
        case polling
    }

    /// What the stream tells the screen.
    public enum News: Sendable {
        case state(State)
        case events([StreamEvent])
        /// Connected again after a break (or time to poll, without streaming): fetch what is newer.
        case catchUp
    }

    private let client: MastodonClient
    private let report: @Sendable (News) -> Void
    private let logger: Logger
    private let retry: RetryPolicy
    private let pollInterval: Duration
    private let flushInterval: Duration
    private let wanted = Mutex<Set<String>>(["user"])
    private let buffer = Locked<[StreamEvent]>([])
    /// The current connection's outbound messages; nil between connections.
    private let outbound = Mutex<AsyncStream<String>.Continuation?>(nil)

    /// `retry` spaces reconnections; without streaming, lists are polled every `pollInterval`.
    public init(client: MastodonClient, retry: RetryPolicy = RetryPolicy(attempts: .max, base: 1, cap: 30),
                pollInterval: Duration = .seconds(60), flushInterval: Duration = .milliseconds(250),
                logger: Logger = Logger(label: "tern.stream"), report: @escaping @Sendable (News) -> Void) {
        self.client = client
        self.retry = retry
        self.pollInterval = pollInterval
        self.flushInterval = flushInterval
        self.logger = logger
        self.report = report
    }

    /// The streams wanted now (`user` always: home and notifications). Subscribes and unsubscribes on
    /// the open connection; the next connection subscribes to all of them.
    public nonisolated func subscribe(_ names: Set<String>) {
        let all = names.union(["user"])
        let (added, removed) = wanted.withLock { w -> (Set<String>, Set<String>) in
            defer { w = all }
            return (all.subtracting(w), w.subtracting(all))
        }
        outbound.withLock { c in
            for n in added.sorted() { c?.yield(StreamName.message("subscribe", n)) }
            for n in removed.sorted() { c?.yield(StreamName.message("unsubscribe", n)) }
        }
    }

    /// Runs until the task is cancelled.
    public func run() async {
        report(.state(.connecting))
        do {
            try await client.checkStreamingHealth()
        } catch {
            if Task.isCancelled { return }
            logger.notice("no streaming on this server; polling instead", metadata: ["error": "\(error)"])
            await poll()
            return
        }
        var candidates: [String] = []
        do {
            if let advertised = try await client.advertisedStreamingURL() { candidates.append(advertised) }
        } catch {
            logger.info("the server's instance description gave no streaming address", metadata: ["error": "\(error)"])
        }
        // Proxies advertise addresses they don't serve: the account's own origin is the second try.
        if !candidates.contains(client.originStreamingURL) { candidates.append(client.originStreamingURL) }
        let flusher = Task { await flushLoop() }
        defer { flusher.cancel() }
        var failures = 0
        var everConnected = false
        while !Task.isCancelled {
            for url in candidates {
                let connected = await connect(url)
                if Task.isCancelled { return }
                if connected {
                    everConnected = true
                    failures = 0
                    break
                }
            }
            failures += 1
            // A server whose streaming never answered gets polling rather than endless tries.
            if !everConnected, failures >= 3 {
                logger.notice("streaming never connected; polling instead")
                flusher.cancel()
                await poll()
                return
            }
            report(.state(.reconnecting))
            let wait = retry.backoff(failures: failures, jitter: Double.random(in: 0...1))
            do { try await Task.sleep(for: .seconds(wait)) } catch { return }
        }
    }

    /// One connection, until it ends; true if it got through.
    private func connect(_ url: String) async -> Bool {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        for n in wanted.withLock({ $0 }).sorted() { continuation.yield(StreamName.message("subscribe", n)) }
        outbound.withLock { $0 = continuation }
        let opened = Locked(false)
        let report = self.report, buffer = self.buffer, logger = self.logger
        defer {
            outbound.withLock { $0 = nil }
            continuation.finish()
        }
        do {
            try await client.stream(at: url, outbound: stream, connected: {
                let again = opened.withLock { o -> Bool in defer { o = true }; return o }
                if !again { report(.state(.live)); report(.catchUp) }
            }, received: { text in
                if let event = StreamEvent.decode(text) { buffer.withLock { $0.append(event) } }
            }, logger: logger)
            logger.info("the server closed the stream", metadata: ["url": "\(url)"])
        } catch {
            // Leaving (the session ends) is not a failure.
            if !Task.isCancelled { logger.warning("stream broke or could not connect", metadata: ["url": "\(url)", "error": "\(error)"]) }
        }
        return opened.withLock { $0 }
    }

    /// Hands on what arrived, a batch per interval at most.
    private func flushLoop() async {
        while !Task.isCancelled {
            do { try await Task.sleep(for: flushInterval) } catch { return }
            let batch = buffer.withLock { b -> [StreamEvent] in defer { b = [] }; return b }
            if !batch.isEmpty { report(.events(batch)) }
        }
    }

    private func poll() async {
        report(.state(.polling))
        while !Task.isCancelled {
            do { try await Task.sleep(for: pollInterval) } catch { return }
            report(.catchUp)
        }
    }
}

/// A value behind a lock, shareable with the closures the connection calls on its own threads.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func withLock<R>(_ body: (inout Value) -> R) -> R { mutex.withLock { body(&$0) } }
}
