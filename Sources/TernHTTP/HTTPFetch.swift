import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// Tern's one way to make an HTTP request. Every request goes out with Tern's identity (some servers,
/// GoToSocial among them, refuse requests without a `User-Agent`), must finish head *and* body before a
/// deadline (a server that sends its head and then stalls or trickles cannot hold a screen forever), and
/// may not bring more bytes than its kind of request needs (so a hostile body cannot fill memory).
package enum HTTPFetch {
    /// The `User-Agent` of every request Tern makes.
    package static let userAgent = "Tern/\(TernVersion.string)"

    /// The HTTP client every part of Tern shares (the caller shuts it down). A refused connection fails
    /// at once instead of being retried until the request's deadline, so "the server is not there" is
    /// known in milliseconds, not after the timeout.
    /// `followRedirects: false` for a caller that follows them itself (web feeds, which remember where
    /// a feed moved for good). Compressed bodies (gzip, deflate) are taken and unpacked, up to 25 times
    /// their size: a budget's `maxBytes` counts what they unpack to.
    package static func makeClient(followRedirects: Bool = true) -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(10)
        configuration.decompression = .enabled(limit: .ratio(25))
        if !followRedirects { configuration.redirectConfiguration = .disallow }
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// What is being fetched, which bounds how long it may take and how large it may be.
    package struct Budget: Sendable, Equatable {
        package var maxBytes: Int
        package var deadline: Duration

        package init(maxBytes: Int, deadline: Duration) {
            self.maxBytes = maxBytes
            self.deadline = deadline
        }

        /// A timeline page: 40 posts of a real server are a few hundred KB.
        package static let page = Budget(maxBytes: 2 << 20, deadline: .seconds(15))
        /// One status, account or small JSON object.
        package static let object = Budget(maxBytes: 512 << 10, deadline: .seconds(15))
        /// A picture to be shown as a thumbnail or viewed large.
        package static let picture = Budget(maxBytes: 16 << 20, deadline: .seconds(30))
    }

    /// Why a fetch ended without a whole response.
    package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// Head and body did not arrive before the deadline; `nothingReceived` when not even the head came.
        case timedOut(Duration, nothingReceived: Bool)
        /// The body was larger than the budget allows.
        case tooLarge(maxBytes: Int)
        /// The connection broke, or failed in a way that leaves open whether the request left;
        /// `nothingReceived` when not one byte of a response came back.
        case network(String, nothingReceived: Bool)
        /// No connection could be made (refused, or not made in time): the request never left.
        case notConnected(String)

        package var description: String {
            switch self {
            case .timedOut(let d, _): return "no complete answer within \(d)"
            case .tooLarge(let max): return "response larger than \(ByteCount.describe(max))"
            case .network(let m, _), .notConnected(let m): return m
            }
        }

        /// The server was never heard from (refused, no route, DNS, silence): trying later may reach it.
        /// Anything else means it answered, even if badly.
        package var nothingReceived: Bool {
            switch self {
            case .timedOut(_, let n), .network(_, let n): return n
            case .notConnected: return true
            case .tooLarge: return false
            }
        }
    }

    /// A complete response.
    package struct Response: Sendable {
        package var status: Int
        package var headers: HTTPHeaders
        package var body: ByteBuffer
    }

    /// Bytes of a body received so far, and how many there will be when the server said.
    package typealias Progress = @Sendable (_ received: Int, _ total: Int?) -> Void

    /// Sends `request` with Tern's identity and returns the whole response, or throws `Failure`
    /// (`CancellationError` when the calling task is cancelled). `progress` hears of the body as it comes.
    package static func fetch(_ request: HTTPClientRequest, http: HTTPClient, budget: Budget,
                             progress: Progress? = nil) async throws -> Response {
        var identified = request
        identified.headers.replaceOrAdd(name: "User-Agent", value: userAgent)
        let request = identified
        let deadline = budget.deadline
        let heard = HeadSeen()
        return try await withThrowingTaskGroup(of: Response?.self) { group in
            group.addTask { try await exchange(request, http: http, budget: budget, heard: heard, progress: progress) }
            group.addTask {
                // The whole exchange's clock: cancelling the other child stops the transfer.
                try await Task.sleep(for: deadline)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let response = first else {
                throw Failure.timedOut(deadline, nothingReceived: !heard.value)
            }
            return response
        }
    }

    /// Whether a response head arrived, read by the deadline's side of the race.
    private final class HeadSeen: Sendable {
        private let seen = Mutex(false)
        var value: Bool { seen.withLock { $0 } }
        func set() { seen.withLock { $0 = true } }
    }

    private static func exchange(_ request: HTTPClientRequest, http: HTTPClient, budget: Budget,
                                 heard: HeadSeen, progress: Progress?) async throws -> Response {
        let head: HTTPClientResponse
        do {
            // AsyncHTTPClient's own deadline covers the head only; the group above covers the rest.
            let (seconds, attoseconds) = budget.deadline.components
            head = try await http.execute(request, timeout: .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
        } catch let error as HTTPClientError {
            try Task.checkCancellation()
            switch error {
            case .deadlineExceeded: throw Failure.timedOut(budget.deadline, nothingReceived: true)
            case .connectTimeout: throw Failure.notConnected("the connection could not be made in time")
            case .readTimeout, .writeTimeout: throw Failure.network("the connection stalled", nothingReceived: true)
            case .remoteConnectionClosed: throw Failure.network("the server closed the connection", nothingReceived: true)
            default: throw Failure.network("\(error)", nothingReceived: true)
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            try Task.checkCancellation()
            // A name that can't be looked up, or a refusal: the connection never opened, so the request never
            // left (a write is not in doubt).
            if let lookup = lookupFailure(error) { throw Failure.notConnected(lookup) }
            let words = describe(error)
            if words == "connection refused" { throw Failure.notConnected(words) }
            throw Failure.network(words, nothingReceived: true)
        }
        heard.set()
        let length = head.headers.first(name: "content-length").flatMap(Int.init)
        if let length, length > budget.maxBytes {
            throw Failure.tooLarge(maxBytes: budget.maxBytes)
        }
        do {
            guard let progress else {
                let body = try await head.body.collect(upTo: budget.maxBytes)
                return Response(status: Int(head.status.code), headers: head.headers, body: body)
            }
            var body = ByteBuffer()
            var told = 0
            for try await chunk in head.body {
                guard body.readableBytes + chunk.readableBytes <= budget.maxBytes else { throw NIOTooManyBytesError(maxBytes: budget.maxBytes) }
                body.writeImmutableBuffer(chunk)
                // Every 32 KB is often enough to move a percentage and seldom enough to cost nothing.
                if body.readableBytes - told >= 32 << 10 { told = body.readableBytes; progress(told, length) }
            }
            return Response(status: Int(head.status.code), headers: head.headers, body: body)
        } catch is NIOTooManyBytesError {
            throw Failure.tooLarge(maxBytes: budget.maxBytes)
        } catch {
            try Task.checkCancellation()
            throw Failure.network("the transfer broke off", nothingReceived: false)
        }
    }

    /// A failed look-up of the server's name, in words ("example.invalid: no such host (DNS)"); nil for
    /// any other error. NIO's own words name its types and error codes.
    private static func lookupFailure(_ error: Error) -> String? {
        let failed = (error as? NIOConnectionError).flatMap { [$0.dnsAError, $0.dnsAAAAError] } ?? [error]
        guard let unknown = failed.lazy.compactMap({ $0 as? SocketAddressError.UnknownHost }).first else { return nil }
        return lookupWords(host: unknown.host, code: Int32(unknown.errorCode), reason: unknown.errorDescription)
    }

    /// What `getaddrinfo`'s failure `code` for `host` means to a person: no such name, or none could be
    /// looked up just now (no network, no name server answering), or the resolver's own `reason`.
    package static func lookupWords(host: String, code: Int32, reason: String) -> String {
        switch code {
        // -5: EAI_NODATA, which Glibc keeps behind _GNU_SOURCE.
        case EAI_NONAME, -5: return "\(host): no such host (DNS)"
        case EAI_AGAIN: return "\(host): its name could not be looked up now (DNS: no answer; is this machine online?)"
        default: return "\(host): its name could not be looked up (DNS: \(reason))"
        }
    }

    /// Connection errors from NIO name their cause in their description ("connection refused" and so on).
    private static func describe(_ error: Error) -> String {
        let text = "\(error)"
        if text.lowercased().contains("refused") { return "connection refused" }
        return text
    }
}

/// Byte counts as people read them.
package enum ByteCount {
    package static func describe(_ bytes: Int) -> String {
        if bytes >= 1 << 20 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10 { return "\(bytes >> 10) KB" }
        return "\(bytes) bytes"
    }
}
