import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import TernModel

/// One page of a timeline and the server's links to the pages around it.
public struct Page: Sendable {
    public var posts: [Post]
    public var links: LinkHeader
    /// Entries the server sent that could not be read at all (no id); they are left out.
    public var skipped: Int
}

/// What a like/save keystroke asks of the server.
public enum StatusAction: String, Sendable, CaseIterable {
    case favourite, unfavourite, bookmark, unbookmark
}

/// A Mastodon REST client for one account on one server. Holds no mutable state: safe to share.
public final class MastodonClient: Sendable {
    public let baseURL: URL
    private let token: String?
    private let http: HTTPClient
    private let timeout: TimeAmount
    static let maxBody = 16 << 20

    /// `http` is owned by the caller, who shuts it down.
    public init(baseURL: URL, token: String?, http: HTTPClient, timeout: Duration = .seconds(15)) {
        self.baseURL = baseURL
        self.token = token
        self.http = http
        self.timeout = .nanoseconds(Int64(timeout.components.seconds) * 1_000_000_000
            + timeout.components.attoseconds / 1_000_000_000)
    }

    /// The newest page of a timeline, or the page below `maxID` (for paging on from a cached post).
    public func timeline(_ timeline: TimelineID, limit: Int = 20, maxID: String? = nil) async throws -> Page {
        let sep = timeline.path.contains("?") ? "&" : "?"
        let below = maxID.map { "&max_id=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0)" } ?? ""
        guard let url = URL(string: baseURL.absoluteString.trimmingSuffix("/") + timeline.path + "\(sep)limit=\(limit)" + below) else {
            throw MastodonError.refusedURL(timeline.path)
        }
        return try await page(at: url)
    }

    /// A page the server linked to (`Link` next/prev). Only URLs on the account's own server are followed,
    /// so the token never leaves it.
    public func page(at url: URL) async throws -> Page {
        try checkSameOrigin(url)
        let (data, headers) = try await send(url: url, method: .GET)
        let decoded = try MastodonDecoder.posts(fromJSON: data)
        let links = headers.first(name: "link").map(LinkHeader.init(parsing:)) ?? LinkHeader()
        return Page(posts: decoded.posts, links: links, skipped: decoded.skipped)
    }

    /// The user's lists, as timelines.
    public func lists() async throws -> [TimelineID] {
        let (data, _) = try await send(url: endpoint("/api/v1/lists"), method: .GET)
        struct Wire: Decodable {
            var id: String?
            var title: String?
        }
        let lists: LossyArray<Wire>
        do { lists = try JSONDecoder().decode(LossyArray<Wire>.self, from: data) }
        catch { throw MastodonError.invalidResponse(MastodonDecoder.describe(error, data)) }
        return lists.elements.compactMap { w in w.id.map { .list(id: $0, title: w.title ?? $0) } }
    }

    public func verifyCredentials() async throws -> Account {
        let (data, _) = try await send(url: endpoint("/api/v1/accounts/verify_credentials"), method: .GET)
        return try MastodonDecoder.account(fromJSON: data)
    }

    /// Performs a like/save change and returns the status as the server now sees it.
    public func perform(_ action: StatusAction, statusID: String) async throws -> Post {
        let escaped = statusID.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? statusID
        let (data, _) = try await send(url: endpoint("/api/v1/statuses/\(escaped)/\(action.rawValue)"), method: .POST)
        return try MastodonDecoder.post(fromJSON: data)
    }

    private func endpoint(_ path: String) -> URL {
        URL(string: baseURL.absoluteString.trimmingSuffix("/") + path)!
    }

    private func checkSameOrigin(_ url: URL) throws {
        guard url.scheme == baseURL.scheme, url.host == baseURL.host, url.port == baseURL.port else {
            throw MastodonError.refusedURL("a link to another server (\(url.host ?? "?"))")
        }
    }

    private func send(url: URL, method: HTTPMethod) async throws -> (Data, HTTPHeaders) {
        try await Self.send(url: url, method: method, token: token, http: http, timeout: timeout)
    }

    /// One request; `form` is sent as application/x-www-form-urlencoded, which every server kind accepts.
    static func send(url: URL, method: HTTPMethod, token: String?, form: [(String, String)]? = nil,
                     http: HTTPClient, timeout: TimeAmount) async throws -> (Data, HTTPHeaders) {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = method
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: "Tern/0.1")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let form {
            request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            request.body = .bytes(ByteBuffer(string: FormEncoding.encode(form)))
        }
        let response: HTTPClientResponse
        let body: ByteBuffer
        do {
            response = try await http.execute(request, timeout: timeout)
            body = try await response.body.collect(upTo: Self.maxBody)
        } catch let error as HTTPClientError {
            throw Self.map(error)
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as NIOTooManyBytesError {
            throw MastodonError.invalidResponse("body larger than \(error.maxBytes ?? Self.maxBody) bytes")
        } catch {
            throw MastodonError.network("\(error)")
        }
        let data = Data(body.readableBytesView)
        let status = Int(response.status.code)
        guard (200..<300).contains(status) else {
            throw Self.error(status: status, headers: response.headers, body: data)
        }
        return (data, response.headers)
    }

    static func map(_ error: HTTPClientError) -> MastodonError {
        switch error {
        case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout: return .timeout
        case .remoteConnectionClosed: return .network("the server closed the connection")
        default: return .network("\(error)")
        }
    }

    /// Maps an HTTP error status and body to a typed error with the server's message.
    public static func error(status: Int, headers: HTTPHeaders, body: Data, now: Date = Date()) -> MastodonError {
        let message = MastodonDecoder.errorMessage(fromJSON: body)
        switch status {
        case 401: return .unauthorized(message: message)
        case 429:
            var retry: Date?
            if let value = headers.first(name: "retry-after") {
                if let seconds = Double(value.trimmingCharacters(in: .whitespaces)) { retry = now.addingTimeInterval(seconds) }
                else { retry = HTTPDate.parse(value) }
            }
            if retry == nil, let reset = headers.first(name: "x-ratelimit-reset") { retry = WireDate.parse(reset) }
            return .rateLimited(retryAfter: retry, message: message)
        default:
            return .http(status: status, message: message)
        }
    }
}

/// IMF-fixdate, the form `Retry-After` uses when it is a date.
enum HTTPDate {
    static func parse(_ s: String) -> Date? {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "GMT")
        f.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return f.date(from: s)
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
