import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization
import TernModel

/// What the fault proxy can do to one request.
enum NetworkFault: String, CaseIterable, Sendable {
    /// The connection closes once the request is read; the server never sees it.
    case dropRequest = "dropped request"
    /// The server makes the change; the connection closes halfway through its answer.
    case dropResponse = "dropped response"
    /// A 500, 502 or 503 from the proxy; the server never sees the request.
    case serverError = "5xx"
    /// A 429 with a `Retry-After` of 1 to 3 s.
    case tooMany = "429"
    /// The request waits 2 to 14 s before it goes on (longer than a client's patience, sometimes).
    case stall = "stall"
    /// The answer waits 0.2 to 2 s once it is back, so answers to later requests overtake it.
    case reorder = "reordered"
    /// A connection (or a request on one) refused during an offline stretch.
    case offline = "offline"
}

/// An HTTP/1.1 proxy on loopback between Tern and its server that breaks a seeded share of the requests in
/// every way a network does (`NetworkFault`). Upstream goes through AsyncHTTPClient, so the server may be
/// the demo on loopback or a real one over https; Tern talks plain http to 127.0.0.1, which it allows.
///
/// Blocking sockets and a thread per connection: a benchmark's proxy for one client, where a stalled
/// request must hold only its own connection.
final class FaultProxy: Sendable {
    private struct State {
        var random: SeededRandom
        /// The kinds still to come before every kind has come again: a short run meets each of them.
        var bag: [NetworkFault] = []
        var faults: [NetworkFault: Int] = [:]
        var requests = 0
        var faultPercent: Int
        var offlineUntil: Date = .distantPast
        /// Each request as it came, with what was done to it, for a discrepancy's story.
        var seen: [(at: Date, line: String)] = []
    }

    let port: Int
    private let listener: Int32
    private let upstream: URL
    private let client: HTTPClient
    private let state: Mutex<State>

    init(upstream: URL, seed: UInt64, faultPercent: Int, client: HTTPClient) throws {
        self.upstream = upstream
        self.client = client
        state = Mutex(State(random: SeededRandom.derived(seed, 0xFA17), faultPercent: faultPercent))
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard s >= 0 else { throw BenchError("no socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(s, 64) == 0 else { throw BenchError("the proxy can't listen: \(String(cString: strerror(errno)))") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(s, $0, &length) }
        }
        listener = s
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Faults of each kind so far, and requests seen.
    var counts: (faults: [NetworkFault: Int], requests: Int) { state.withLock { ($0.faults, $0.requests) } }

    /// From now on this share of requests (0 to 100) meets a fault; 0 carries everything as it is.
    func setFaultPercent(_ percent: Int) { state.withLock { $0.faultPercent = percent } }

    /// Every connection and request is refused for `seconds`, as when the network is gone.
    func goOffline(for seconds: Double) {
        state.withLock { $0.offlineUntil = Date().addingTimeInterval(seconds) }
    }

    private var offline: Bool { state.withLock { Date() < $0.offlineUntil } }

    private func acceptLoop() {
        while true {
            let c = accept(listener, nil, nil)
            if c < 0 { if errno == EINTR { continue }; return }
            if offline {
                state.withLock { $0.faults[.offline, default: 0] += 1 }
                close(c)
                continue
            }
            let thread = Thread { [self] in serve(c) }
            thread.start()
        }
    }

    /// One connection's requests in turn, until the client or a fault closes it.
    private func serve(_ connection: Int32) {
        let reader = SocketReader(connection)
        defer { close(connection) }
        while let request = reader.request() {
            let fault = decide(for: request)
            switch fault {
            case .offline?, .dropRequest?:
                return
            case .serverError?:
                let status = [500, 502, 503][request.path.count % 3]
                guard write(connection, Self.response(status: status, headers: [("Content-Type", "text/plain")],
                                                      body: Array("injected \(status)".utf8))) else { return }
                continue
            case .tooMany?:
                let wait = 1 + request.path.count % 3
                guard write(connection, Self.response(status: 429, headers: [("Retry-After", "\(wait)")],
                                                      body: Array("slow down".utf8))) else { return }
                continue
            case .stall?:
                Thread.sleep(forTimeInterval: 2 + Double(request.path.count % 13))
            default:
                break
            }
            let answer = forward(request)
            if fault == .reorder { Thread.sleep(forTimeInterval: 0.2 + Double(request.path.count % 10) * 0.2) }
            if fault == .dropResponse {
                _ = write(connection, Array(answer.prefix(answer.count / 2)))
                return
            }
            guard write(connection, answer) else { return }
        }
    }

    /// The fault for this request, from the seeded sequence (streaming requests are refused: the proxy
    /// carries no WebSocket, so Tern polls, through the faults).
    private func decide(for request: ProxiedRequest) -> NetworkFault? {
        state.withLock { s in
            s.requests += 1
            let fault = faultForNext(&s)
            s.seen.append((Date(), "\(request.method) \(request.path)" + (fault.map { " (\($0.rawValue))" } ?? "")))
            return fault
        }
    }

    private func faultForNext(_ s: inout State) -> NetworkFault? {
        if Date() < s.offlineUntil { s.faults[.offline, default: 0] += 1; return .offline }
        guard s.faultPercent > 0, Int.random(in: 0..<100, using: &s.random) < s.faultPercent else { return nil }
        if s.bag.isEmpty { s.bag = [.dropRequest, .dropResponse, .serverError, .tooMany, .stall, .reorder].shuffled(using: &s.random) }
        let fault = s.bag.removeLast()
        s.faults[fault, default: 0] += 1
        return fault
    }

    /// The requests whose path names `id`, each with when it came (seconds after `start`) and its fault.
    func requests(naming id: String, since start: Date) -> [String] {
        state.withLock { s in
            s.seen.filter { $0.line.contains(id) }.map { String(format: "%.2f s ", $0.at.timeIntervalSince(start)) + $0.line }
        }
    }

    /// The request sent on upstream and its answer, framed again with a length for the kept-alive connection.
    private func forward(_ request: ProxiedRequest) -> [UInt8] {
        if request.path.hasPrefix("/api/v1/streaming") {
            return Self.response(status: 404, headers: [], body: Array("no streaming through the fault proxy".utf8))
        }
        let base = upstream.absoluteString.hasSuffix("/") ? String(upstream.absoluteString.dropLast()) : upstream.absoluteString
        var outgoing = HTTPClientRequest(url: base + request.path)
        outgoing.method = HTTPMethod(rawValue: request.method)
        let hopByHop: Set<String> = ["host", "connection", "keep-alive", "transfer-encoding", "content-length", "upgrade", "te"]
        for (name, value) in request.headers where !hopByHop.contains(name.lowercased()) {
            outgoing.headers.add(name: name, value: value)
        }
        if !request.body.isEmpty { outgoing.body = .bytes(ByteBuffer(bytes: request.body)) }
        let box = Mutex<[UInt8]?>(nil)
        let done = DispatchSemaphore(value: 0)
        let client = self.client
        Task {
            var answer: [UInt8]
            do {
                let response = try await client.execute(outgoing, timeout: .seconds(60))
                var body = try await response.body.collect(upTo: 64 << 20)
                // Links to further pages name the server: they name the proxy instead, as a reverse proxy's
                // do (Tern follows no link to another address with its token).
                let headers = response.headers.filter { !hopByHop.contains($0.name.lowercased()) }.map { h in
                    (h.name, h.name.lowercased() == "link" ? h.value.replacingOccurrences(of: base, with: self.baseURL) : h.value)
                }
                answer = Self.response(status: Int(response.status.code), headers: headers,
                                       body: body.readBytes(length: body.readableBytes) ?? [])
            } catch {
                answer = Self.response(status: 502, headers: [], body: Array("upstream: \(error)".utf8))
            }
            box.withLock { $0 = answer }
            done.signal()
        }
        done.wait()
        return box.withLock { $0 ?? [] }
    }

    static func response(status: Int, headers: [(String, String)], body: [UInt8]) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(HTTPResponseStatus(statusCode: status).reasonPhrase)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\nConnection: keep-alive\r\n\r\n"
        return Array(head.utf8) + body
    }

    private func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { if n < 0 && errno == EINTR { continue }; return false }
            sent += n
        }
        return true
    }
}

/// One request as the client sent it.
struct ProxiedRequest {
    var method: String
    var path: String
    var headers: [(String, String)]
    var body: [UInt8]
}

/// Reads HTTP/1.1 requests off a connection: head, then a body by its length or its chunks.
final class SocketReader {
    private let fd: Int32
    private var buffer: [UInt8] = []

    init(_ fd: Int32) { self.fd = fd }

    /// The next request, or nil when the client closed the connection or sent something unreadable.
    func request() -> ProxiedRequest? {
        guard let headEnd = fill(until: { Self.find([13, 10, 13, 10], in: $0) }) else { return nil }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let start = lines.removeFirst().split(separator: " ")
        guard start.count >= 2 else { return nil }
        let headers = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name }?.1 }
        var body: [UInt8] = []
        if header("transfer-encoding")?.lowercased().contains("chunked") == true {
            while true {
                guard let lineEnd = fill(until: { Self.find([13, 10], in: $0) }) else { return nil }
                let sizeText = String(decoding: buffer[..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
                buffer.removeFirst(lineEnd + 2)
                guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { return nil }
                guard fill(until: { $0.count >= size + 2 ? size : nil }) != nil else { return nil }
                body += buffer[..<size]
                buffer.removeFirst(size + 2)
                if size == 0 { break }
            }
        } else if let length = header("content-length").flatMap({ Int($0) }), length > 0 {
            guard fill(until: { $0.count >= length ? length : nil }) != nil else { return nil }
            body = Array(buffer[..<length])
            buffer.removeFirst(length)
        }
        return ProxiedRequest(method: String(start[0]), path: String(start[1]), headers: headers, body: body)
    }

    /// Reads until `found` finds what it looks for in the buffer; nil at the end of the connection.
    private func fill(until found: ([UInt8]) -> Int?) -> Int? {
        while true {
            if let at = found(buffer) { return at }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return nil }
            buffer += chunk[..<n]
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if Array(haystack[i..<(i + needle.count)]) == needle { return i }
        }
        return nil
    }
}
