import Foundation

/// What can go wrong talking to a server, with the server's own message where it sent one.
public enum MastodonError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 401: the token is missing, expired or revoked.
    case unauthorized(message: String?)
    /// 429: try again after the given time, when the server said.
    case rateLimited(retryAfter: Date?, message: String?)
    /// Any other 4xx or 5xx.
    case http(status: Int, message: String?)
    /// No answer in time.
    case timeout
    /// The connection failed (refused, reset, DNS).
    case network(String)
    /// The body was not what the endpoint promises (HTML error page, empty or truncated JSON).
    case invalidResponse(String)
    /// A server-sent URL pointed somewhere the token must not go.
    case refusedURL(String)

    /// Short words for the status line, e.g. "server error 503" or "rate limited until 14:05".
    public var description: String {
        switch self {
        case .unauthorized(let m): return "not authorized" + (m.map { ": \($0)" } ?? "") + " (log in again with `tern login`)"
        case .rateLimited(let date, _):
            guard let date else { return "rate limited by the server" }
            let f = DateFormatter()
            f.dateFormat = "HH:mm:ss"
            return "rate limited until \(f.string(from: date))"
        case .http(let status, let m):
            let kind = status >= 500 ? "server error" : "request refused"
            return "\(kind) \(status)" + (m.map { ": \($0)" } ?? "")
        case .timeout: return "the server did not answer in time"
        case .network(let m): return "network error: \(m)"
        case .invalidResponse(let m): return "unexpected response: \(m)"
        case .refusedURL(let m): return "refused to follow \(m)"
        }
    }

    /// Whether trying the same request again later may succeed.
    public var isTransient: Bool {
        switch self {
        case .timeout, .network, .rateLimited: return true
        case .http(let status, _): return status >= 500
        default: return false
        }
    }
}
