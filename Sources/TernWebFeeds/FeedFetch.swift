import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import TernHTTP
import TernStore

/// One fetch of one feed, as a good citizen: a conditional request (`If-None-Match`, `If-Modified-Since`)
/// with compression, redirects followed here so that a permanent one is remembered, `Retry-After` read, a
/// size and a time limit; the answer read as a feed.
package enum FeedFetch {
    package enum Outcome: Sendable {
        /// 304: nothing changed since the last fetch.
        case notModified
        /// The feed, its caching headers, and the address it moved to for good (301, 308), if it did.
        case fetched(WebFeed, etag: String?, lastModified: String?, movedTo: URL?)
        /// Why not; and, when the server said, when to ask again.
        case failed(String, retryAfter: Date?)
        /// A web page, not a feed; the feeds it names, if any (`tern feeds add` follows the first).
        case page(alternates: [URL])
    }

    /// A feed can be large (a podcast's whole history); larger than this is no feed to read in a terminal.
    package static let budget = HTTPFetch.Budget(maxBytes: 20 << 20, deadline: .seconds(30))

    package static func fetch(_ url: URL, etag: String?, lastModified: String?, http: HTTPClient, budget: HTTPFetch.Budget = budget,
                             now: Date = Date()) async -> Outcome {
        var current = url
        var movedTo: URL?
        for _ in 0..<6 {
            var request = HTTPClientRequest(url: current.absoluteString)
            request.headers.add(name: "Accept", value: "application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5")
            request.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
            // The caching headers belong to the address they were given for.
            if current == url || current == movedTo {
                if let etag { request.headers.add(name: "If-None-Match", value: etag) }
                if let lastModified { request.headers.add(name: "If-Modified-Since", value: lastModified) }
            }
            let response: HTTPFetch.Response
            do { response = try await HTTPFetch.fetch(request, http: http, budget: budget) } catch let f as HTTPFetch.Failure {
                return .failed(f.description, retryAfter: nil)
            } catch {
                return .failed("\(error)", retryAfter: nil)
            }
            switch response.status {
            case 200...299:
                let data = Data(response.body.readableBytesView)
                do {
                    let feed = try FeedParser.parse(data, base: current)
                    return .fetched(feed, etag: response.headers.first(name: "etag"),
                                    lastModified: response.headers.first(name: "last-modified"), movedTo: movedTo)
                } catch let error as WebFeedError where error == FeedParser.webPage {
                    return .page(alternates: FeedList.alternates(inPage: String(decoding: data, as: UTF8.self), base: current))
                } catch {
                    return .failed("\(error)", retryAfter: nil)
                }
            case 304:
                return .notModified
            case 301, 302, 303, 307, 308:
                guard let location = response.headers.first(name: "location"), let next = URL(string: location, relativeTo: current)?.absoluteURL
                else { return .failed("redirected (\(response.status)) without saying where", retryAfter: nil) }
                // Only a permanent move, from the address as stored or as it permanently moved, is remembered.
                if [301, 308].contains(response.status), current == url || current == movedTo { movedTo = next }
                current = next
            case 429, 503:
                let after = retryAfter(response.headers.first(name: "retry-after"), now: now)
                return .failed("the server is busy (\(response.status))" + (after.map { ", asks to wait until \(Self.clock($0))" } ?? ""),
                               retryAfter: after ?? now.addingTimeInterval(response.status == 429 ? 3600 : 600))
            case 404, 410:
                return .failed(response.status == 410 ? "gone (410): the feed was removed" : "not found (404)", retryAfter: nil)
            default:
                return .failed("the server answered \(response.status)", retryAfter: nil)
            }
        }
        return .failed("too many redirects", retryAfter: nil)
    }

    /// `Retry-After` as seconds or an HTTP date.
    static func retryAfter(_ value: String?, now: Date) -> Date? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return now.addingTimeInterval(TimeInterval(min(max(0, seconds), 7 * 86400))) }
        return FeedDates().parse(value)
    }

    static func clock(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(date: .omitted, time: .shortened))
    }
}
