import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import TernHTTP
import TernModel

/// One page of a timeline and the server's links to the pages around it.
package struct Page: Sendable {
    package var posts: [Post]
    package var links: LinkHeader
    /// Entries the server sent that could not be read; the list says so where they would be.
    package var unreadable: [UnreadablePost] = []
    package var skipped: Int { unreadable.count }

    package init(posts: [Post], links: LinkHeader, unreadable: [UnreadablePost] = []) {
        self.posts = posts
        self.links = links
        self.unreadable = unreadable
    }
}

/// A timeline entry the server sent that Tern could not read: its id (when it had one), why, and the post
/// above it in the list (nil: it came first).
package struct UnreadablePost: Sendable, Equatable {
    package var id: String?
    package var reason: String
    package var newerID: String?

    package init(id: String?, reason: String, newerID: String?) {
        self.id = id
        self.reason = reason
        self.newerID = newerID
    }
}

/// What a like/save keystroke asks of the server.
package enum StatusAction: String, Sendable, CaseIterable {
    case favourite, unfavourite, bookmark, unbookmark, reblog, unreblog
    /// One's own post on one's profile; a conversation's notifications muted.
    case pin, unpin, mute, unmute
}

/// What a follow, mute or block keystroke asks of the server.
package enum AccountAction: String, Sendable, CaseIterable {
    case follow, unfollow, mute, unmute, block, unblock
}

/// A Mastodon REST client for one account on one server. Holds no mutable state: safe to share.
package final class MastodonClient: Sendable {
    package let baseURL: URL
    let token: String?
    private let http: HTTPClient
    /// How long one whole exchange (head and body) may take.
    private let timeout: Duration
    /// How long one whole exchange may take: a request sent longer ago than this has landed or never will.
    package var requestTimeout: Duration { timeout }
    /// The server, for the decoder: fields of its answers that can't be read are counted and logged there.
    package let origin: WireOrigin

    /// `http` is owned by the caller, who shuts it down. `unreadable` counts the fields of the server's
    /// answers that could not be read (shared by clients of one session, each field is logged once per server).
    package init(baseURL: URL, token: String?, http: HTTPClient, timeout: Duration = .seconds(15),
                unreadable: UnreadableFields = UnreadableFields()) {
        self.baseURL = baseURL
        self.token = token
        self.http = http
        self.timeout = timeout
        origin = WireOrigin(server: baseURL, unreadable: unreadable)
    }

    /// The newest page of a timeline, or the page below `maxID` (for paging on from a cached post).
    package func timeline(_ timeline: TimelineID, limit: Int = 20, maxID: String? = nil) async throws -> Page {
        let sep = timeline.path.contains("?") ? "&" : "?"
        let below = maxID.map { "&max_id=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0)" } ?? ""
        guard let url = URL(string: baseURL.absoluteString.trimmingSuffix("/") + timeline.path + "\(sep)limit=\(limit)" + below) else {
            throw MastodonError.refusedURL(timeline.path)
        }
        return try await page(at: url, of: timeline)
    }

    /// A page the server linked to (`Link` next/prev). Only URLs on the account's own server are followed,
    /// so the token never leaves it. `timeline` says how its body reads (conversations are not statuses).
    package func page(at url: URL, of timeline: TimelineID? = nil) async throws -> Page {
        try checkSameOrigin(url)
        let (data, headers) = try await send(url: url, method: .GET, budget: .page)
        let decoded = timeline == .conversations ? try MastodonDecoder.conversations(fromJSON: data, origin: origin)
            : try MastodonDecoder.posts(fromJSON: data, origin: origin)
        let links = headers.first(name: "link").map(LinkHeader.init(parsing:)) ?? LinkHeader()
        return Page(posts: decoded.posts, links: links, unreadable: decoded.unreadable)
    }

    /// The user's lists, as timelines.
    package func lists() async throws -> [TimelineID] {
        try await listInfos().map(\.timeline)
    }

    package func verifyCredentials() async throws -> Account {
        let (data, _) = try await send(url: endpoint("/api/v1/accounts/verify_credentials"), method: .GET)
        return try MastodonDecoder.account(fromJSON: data, origin: origin)
    }

    /// A status as the server sees it now (what the user liked and saved included).
    package func status(id: String) async throws -> Post {
        let escaped = id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? id
        let (data, _) = try await send(url: endpoint("/api/v1/statuses/\(escaped)"), method: .GET)
        return try MastodonDecoder.post(fromJSON: data, origin: origin)
    }

    /// Performs a like/save change and returns the status as the server now sees it.
    package func perform(_ action: StatusAction, statusID: String) async throws -> Post {
        let escaped = statusID.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? statusID
        let (data, _) = try await send(url: endpoint("/api/v1/statuses/\(escaped)/\(action.rawValue)"), method: .POST)
        return try MastodonDecoder.post(fromJSON: data, origin: origin)
    }

    func endpoint(_ path: String) -> URL {
        URL(string: baseURL.absoluteString.trimmingSuffix("/") + path)!
    }

    private func checkSameOrigin(_ url: URL) throws {
        guard url.scheme == baseURL.scheme, url.host == baseURL.host, url.port == baseURL.port else {
            throw MastodonError.refusedURL("a link to another server (\(url.host ?? "?"))")
        }
    }

    func send(url: URL, method: HTTPMethod, form: [(String, String)]? = nil, body: RequestBody? = nil,
              headers: [(String, String)] = [], budget: HTTPFetch.Budget = .object,
              deadline: Duration? = nil) async throws -> (Data, HTTPHeaders) {
        try await Self.send(url: url, method: method, token: token, body: body ?? form.map(RequestBody.form), headers: headers,
                            http: http, timeout: deadline ?? timeout, budget: budget)
    }

    /// One request; a form is sent as application/x-www-form-urlencoded, which every server kind accepts.
    /// `budget` bounds the answer's size; `timeout` replaces its deadline.
    static func send(url: URL, method: HTTPMethod, token: String?, form: [(String, String)]? = nil, body: RequestBody? = nil,
                     headers: [(String, String)] = [], http: HTTPClient, timeout: Duration = .seconds(15),
                     budget: HTTPFetch.Budget = .object) async throws -> (Data, HTTPHeaders) {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = method
        request.headers.add(name: "Accept", value: "application/json")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body = body ?? form.map(RequestBody.form) {
            request.headers.add(name: "Content-Type", value: body.contentType)
            request.body = .bytes(body.bytes)
        }
        var budget = budget
        budget.deadline = timeout
        let response: HTTPFetch.Response
        do {
            response = try await HTTPFetch.fetch(request, http: http, budget: budget)
        } catch let failure as HTTPFetch.Failure {
            throw Self.map(failure)
        }
        let data = Data(response.body.readableBytesView)
        guard (200..<300).contains(response.status) else {
            throw Self.error(status: response.status, headers: response.headers, body: data)
        }
        return (data, response.headers)
    }

    /// Never heard from the server: `.timeout` or `.network`. Its answer began and broke off: `.answerLost`.
    /// It answered, but not usably: `.invalidResponse`.
    static func map(_ failure: HTTPFetch.Failure) -> MastodonError {
        switch failure {
        case .timedOut(_, nothingReceived: true): return .timeout
        case .timedOut(let d, nothingReceived: false):
            return .answerLost("the server stopped sending (no complete answer within \(d))")
        case .tooLarge: return .invalidResponse(failure.description)
        case .network(let m, nothingReceived: true): return .network(m)
        case .notConnected(let m): return .notConnected(m)
        case .network(let m, nothingReceived: false): return .answerLost(m)
        }
    }

    /// Maps an HTTP error status and body to a typed error with the server's message.
    package static func error(status: Int, headers: HTTPHeaders, body: Data, now: Date = Date()) -> MastodonError {
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

/// What a request carries.
enum RequestBody {
    case form([(String, String)])
    case multipart(MultipartForm)

    var contentType: String {
        switch self {
        case .form: return "application/x-www-form-urlencoded"
        case .multipart(let m): return "multipart/form-data; boundary=\(m.boundary)"
        }
    }

    var bytes: ByteBuffer {
        switch self {
        case .form(let pairs): return ByteBuffer(string: FormEncoding.encode(pairs))
        case .multipart(let m): return ByteBuffer(bytes: m.encoded())
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
