import Foundation
import Logging
import Synchronization
import TernMastodon
import TernModel

/// The account's one streaming connection. It subscribes to the streams of the open timelines, hands
/// on what happens in batches (a flood of events becomes a few batches a second), reconnects with
/// backoff and jitter, says when it reconnected so the lists can fill what they missed, and falls back
/// to polling where the server has no streaming.
package actor LiveStream {
    package enum State: Sendable, Equatable {
        case connecting
        case live
        case reconnecting
        case polling
    }

    /// What the stream tells the screen.
    package enum News: Sendable {
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
    package init(client: MastodonClient, retry: RetryPolicy = RetryPolicy(attempts: .max, base: 1, cap: 30),
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
    package nonisolated func subscribe(_ names: Set<String>) {
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
    package func run() async {
        report(.state(.connecting))
        // The upgrade itself says whether a server streams: Mastodon's health check is not asked first, as
        // GoToSocial streams without one (its 404 once meant minutes-late posts, polled). The instance
        // description, which names the streaming address, is: a server that cannot be reached is waited for
        // here, with backoff, by the HTTP client that reads the timelines anyway, not with WebSocket
        // attempts (whose code alone is 4.5 MB resident that an offline start does not need).
        var candidates: [String] = []
        var unreachable = 0
        while !Task.isCancelled {
            do {
                if let advertised = try await client.advertisedStreamingURL() { candidates.append(advertised) }
                break
            } catch let error as MastodonError where error.serverUnreachable {
                unreachable += 1
                if unreachable == 1 { report(.state(.reconnecting)) }
                logger.info("the server cannot be reached; streaming waits for it", metadata: ["error": "\(error)"])
                let wait = retry.backoff(failures: unreachable, jitter: Double.random(in: 0...1))
                do { try await Task.sleep(for: .seconds(wait)) } catch { return }
            } catch {
                logger.info("the server's instance description gave no streaming address", metadata: ["error": "\(error)"])
                break
            }
        }
        // Proxies advertise addresses they don't serve: the account's own origin is the second try.
        if !candidates.contains(client.originStreamingURL) { candidates.append(client.originStreamingURL) }
        let flusher = Task { await flushLoop() }
        defer { flusher.cancel() }
        var failures = 0
        var everConnected = false
        while !Task.isCancelled {
            var outcomes: [Outcome] = []
            for url in candidates {
                let outcome = await connect(url)
                if Task.isCancelled { return }
                outcomes.append(outcome)
                if outcome == .connected { break }
            }
            if outcomes.contains(.connected) {
                everConnected = true
                failures = 0
            } else if !everConnected, outcomes.allSatisfy({ $0 == .refused }) {
                // A server that answers but will not stream gets polling. One that cannot be reached is
                // tried again with backoff until it can, however long it was away.
                logger.notice("the server refused streaming; polling instead")
                flusher.cancel()
                await poll()
                return
            }
            failures += 1
            report(.state(.reconnecting))
            let wait = retry.backoff(failures: failures, jitter: Double.random(in: 0...1))
            do { try await Task.sleep(for: .seconds(wait)) } catch { return }
        }
    }

    enum Outcome: Equatable {
        /// It got through (and has since ended).
        case connected
        /// The server answered, and would not stream, whichever way the token came.
        case refused
        /// It could not be reached, or broke before it got through.
        case failed
    }

    /// One connection to `url`, until it ends: the token in headers, and, if the server refuses that, in
    /// the query as well.
    private func connect(_ url: String) async -> Outcome {
        let first = await connect(url, token: .headers)
        guard first == .refused, !Task.isCancelled else { return first }
        logger.info("the server refused the token in headers; trying the query", metadata: ["url": "\(url)"])
        return await connect(url, token: .query)
    }

    private func connect(_ url: String, token: StreamingToken) async -> Outcome {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        for n in wanted.withLock({ $0 }).sorted() { continuation.yield(StreamName.message("subscribe", n)) }
        outbound.withLock { $0 = continuation }
        let opened = Locked(false)
        let report = self.report, buffer = self.buffer, logger = self.logger, origin = client.origin
        defer {
            outbound.withLock { $0 = nil }
            continuation.finish()
        }
        var refused = false
        do {
            try await client.stream(at: url, token: token, outbound: stream, connected: {
                let again = opened.withLock { o -> Bool in defer { o = true }; return o }
                if !again { report(.state(.live)); report(.catchUp) }
            }, received: { text in
                do { if let event = try StreamEvent.decode(text, origin: origin) { buffer.withLock { $0.append(event) } } } catch {
                    logger.warning("a streamed message was dropped", metadata: ["url": "\(url)", "why": "\(error)"])
                }
            }, logger: logger)
            logger.info("the server closed the stream", metadata: ["url": "\(url)"])
        } catch {
            refused = MastodonClient.streamingRefused(error)
            // Leaving (the session ends) is not a failure.
            if !Task.isCancelled { logger.warning("stream broke or could not connect", metadata: ["url": "\(url)", "error": "\(error)"]) }
        }
        return opened.withLock { $0 } ? .connected : refused ? .refused : .failed
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
