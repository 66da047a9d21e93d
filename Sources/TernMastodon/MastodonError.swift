import Foundation

/// What can go wrong talking to a server, with the server's own message where it sent one.
package enum MastodonError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 401: the token is missing, expired or revoked.
    case unauthorized(message: String?)
    /// 429: try again after the given time, when the server said.
    case rateLimited(retryAfter: Date?, message: String?)
    /// Any other 4xx or 5xx.
    case http(status: Int, message: String?)
    /// No answer in time.
    case timeout
    /// The connection failed (reset, DNS) or broke before any answer: a write may or may not have arrived.
    case network(String)
    /// No connection could be made (refused, or not in time): the request never left.
    case notConnected(String)
    /// The body was not what the endpoint promises (HTML error page, empty JSON).
    case invalidResponse(String)
    /// The request went out and the answer began, but broke off or stopped coming: whether the server
    /// carried it out is not known.
    case answerLost(String)
    /// A server-sent URL pointed somewhere the token must not go.
    case refusedURL(String)
    /// Tern cannot read the answer here: a library it needs (libxml2, for posts' HTML) would not load.
    case missingLibrary(String)

    /// Short words for the status line, e.g. "server error 503" or "rate limited until 14:05".
    package var description: String {
        switch self {
        case .unauthorized(let m): return "not authorized" + (m.map { ": \($0)" } ?? "") + " (log in again with `tern login`)"
        case .rateLimited(let date, _):
            guard let date else { return "rate limited by the server" }
            return "rate limited until \(Self.moment(date, now: Date()))"
        case .http(let status, let m):
            let kind = status >= 500 ? "server error" : "request refused"
            return "\(kind) \(status)" + (m.map { ": \($0)" } ?? "")
        case .timeout: return "the server did not answer in time"
        case .network(let m), .notConnected(let m): return "network error: \(m)"
        case .invalidResponse(let m): return "unexpected response: \(m)"
        case .answerLost(let m): return "the answer was lost: \(m)"
        case .refusedURL(let m): return "refused to follow \(m)"
        case .missingLibrary(let m): return m
        }
    }

    /// A moment as a person reads it: the time alone when it is today, else with its date (and year,
    /// when that differs), so "11:34:58" never stands for a moment eleven days away.
    static func moment(_ date: Date, now: Date, calendar: Calendar = .current) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_GB")
        f.timeZone = calendar.timeZone
        if calendar.isDate(date, inSameDayAs: now) { f.dateFormat = "HH:mm:ss" }
        else if calendar.component(.year, from: date) == calendar.component(.year, from: now) { f.dateFormat = "d MMM HH:mm" }
        else { f.dateFormat = "d MMM yyyy HH:mm" }
        return f.string(from: date)
    }

    /// The server was never heard from (no connection, or silence): nothing it did can be known, and the
    /// same request may get through later. Every other error is an answer.
    package var serverUnreachable: Bool {
        switch self {
        case .timeout, .network, .notConnected: return true
        default: return false
        }
    }

    /// Whether a write may or may not have been carried out: nothing came back, or what came broke off.
    /// The next try asks the server's state first.
    package var leavesWriteInDoubt: Bool {
        switch self {
        case .answerLost, .timeout, .network: return true
        default: return false
        }
    }

    /// An answer that does not say whether a write was made: a 5xx (a proxy gave up on a server that went on
    /// to make it, or the server failed after it wrote). A 4xx and a 429 say it was not made.
    package var mayHaveBeenMade: Bool {
        if case .http(let status, _) = self { return status >= 500 }
        return false
    }

    /// Whether trying the same request again later may succeed.
    package var isTransient: Bool {
        switch self {
        case .timeout, .network, .notConnected, .rateLimited, .answerLost: return true
        case .http(let status, _): return status >= 500
        default: return false
        }
    }
}

extension MastodonError {
    /// An error as a line says it: a server's error in Tern's words, anything else as it describes itself.
    package static func words(for error: any Error) -> String {
        (error as? MastodonError)?.description ?? "\(error)"
    }
}
