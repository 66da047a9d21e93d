import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// Web feeds served over loopback, for tests, the benchmark and trying `tern feeds`: `count` generated
/// feeds in RSS, Atom and JSON Feed with validators (`ETag`, `Last-Modified`) and 304s, a site page that
/// names its feed, and the feeds that go wrong in the wild: one that moved for good, one that never
/// answers, a web page, one far too large, one whose server is busy. It counts what it answers.
package final class DemoFeedServer: Sendable {
    package let baseURL: String
    private let task: Task<Void, any Error>
    private let service: ServiceGroup
    private let state: FeedState

    /// What the server answered, by status.
    package var answered: [Int: Int] { state.answered.withLock { $0 } }
    /// New items appear in every feed (the next fetch is a 200 with one more item).
    package func publish() { state.version.withLock { $0 += 1 } }

    final class FeedState: Sendable {
        let count: Int
        let items: Int
        let latency: Duration
        let answered = Mutex<[Int: Int]>([:])
        let version = Mutex(0)
        let started = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - 60).rounded(.down))
        init(count: Int, items: Int, latency: Duration) { (self.count, self.items, self.latency) = (count, items, latency) }
        func count(_ status: Int) { answered.withLock { $0[status, default: 0] += 1 } }
    }

    private init(baseURL: String, task: Task<Void, any Error>, service: ServiceGroup, state: FeedState) {
        self.baseURL = baseURL
        self.task = task
        self.service = service
        self.state = state
    }

    /// The feeds' addresses: `/feeds/N.xml` (RSS 2.0), `.atom`, `.json`, in turn.
    package func feedURLs() -> [String] {
        (0..<state.count).map { n in baseURL + "/feeds/\(n)." + ["xml", "atom", "json"][n % 3] }
    }

    /// `host`: the loopback address to listen on (any of 127.0.0.0/8), so that a benchmark can serve
    /// feeds from many "hosts", as the web does.
    package static func start(feeds count: Int = 10, items: Int = 20, latency: Duration = .zero,
                             host: String = "127.0.0.1") async throws -> DemoFeedServer {
        let state = FeedState(count: count, items: items, latency: latency)
        let router = Router()
        router.get("/feeds/:name") { req, ctx in
            if state.latency > .zero { try await Task.sleep(for: state.latency) }
            let name = ctx.parameters.get("name") ?? ""
            let parts = name.split(separator: ".")
            guard parts.count == 2, let n = Int(parts[0]), n >= 0, n < state.count else { return Self.answer(state, 404, "no such feed") }
            let version = state.version.withLock { $0 }
            let etag = "\"f\(n)-v\(version)\""
            // When the server started, a second later for each publication: always in the past, as a real feed's is.
            let changed = state.started.addingTimeInterval(Double(version))
            let http = Self.httpDateFormatter()
            let modified = http.string(from: changed)
            // Validators as clients send them: a list of tags (weak or not), or a date no older than the feed's.
            let tags = (req.headers[.ifNoneMatch] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let since = req.headers[.ifModifiedSince].flatMap(http.date(from:))
            let unchanged = tags.isEmpty ? since.map { $0 >= changed } ?? false
                                         : tags.contains { $0 == etag || $0 == "W/" + etag || $0 == "*" }
            if unchanged {
                state.count(304)
                return Response(status: .notModified, headers: [.eTag: etag])
            }
            let (body, type) = Self.feed(n, format: String(parts[1]), items: state.items + version, newest: changed,
                                         base: "http://\(req.head.authority ?? "")")
            state.count(200)
            var headers: HTTPFields = [.contentType: type, .eTag: etag]
            headers[.lastModified] = modified
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
        }
        router.get("/moved/:n") { _, ctx in
            state.count(301)
            return Response(status: .movedPermanently, headers: [.location: "/feeds/\(ctx.parameters.get("n") ?? "0").xml"])
        }
        router.get("/demo-picture/:name") { _, ctx in
            let name = ctx.parameters.get("name") ?? ""
            let seed = UInt64(abs(name.hashValue % 1000))
            guard let png = try? DemoServer.samplePicture(width: 320, height: 200, format: "png", seed: seed) else { return Self.answer(state, 404, "") }
            state.count(200)
            return Response(status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: ByteBuffer(bytes: png)))
        }
        router.get("/site") { _, _ in
            Self.answer(state, 200, """
                <!doctype html><html><head><title>A site</title>
                <link rel="alternate" type="application/rss+xml" title="Its feed" href="/feeds/0.xml"></head><body>hello</body></html>
                """, type: "text/html")
        }
        router.get("/slow") { _, _ in
            try await Task.sleep(for: .seconds(120))
            return Self.answer(state, 200, "")
        }
        router.get("/huge") { _, _ in
            state.count(200)
            let chunk = ByteBuffer(repeating: UInt8(ascii: " "), count: 1 << 20)
            return Response(status: .ok, headers: [.contentType: "application/rss+xml"], body: .init { writer in
                try await writer.write(ByteBuffer(string: "<rss version=\"2.0\"><channel><title>huge</title>"))
                for _ in 0..<50 { try await writer.write(chunk) }
                try await writer.write(ByteBuffer(string: "</channel></rss>"))
                try await writer.finish(nil)
            })
        }
        router.get("/busy") { _, _ in
            state.count(429)
            return Response(status: .tooManyRequests, headers: [.retryAfter: "120"])
        }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(router: router, configuration: .init(address: .hostname(host, port: 0), serverName: "tern-feeds"),
                              onServerRunning: { channel in
                                  continuation.yield(channel.localAddress?.port ?? 0)
                                  continuation.finish()
                              },
                              logger: Logger(label: "tern-feeds", factory: { _ in SwiftLogNoOpLogHandler() }))
        let service = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [],
                                                        logger: Logger(label: "tern-feeds", factory: { _ in SwiftLogNoOpLogHandler() })))
        let task = Task { try await service.run() }
        var port = 0
        for await p in ports { port = p }
        guard port > 0 else { task.cancel(); throw DemoError(description: "the feed server could not listen") }
        return DemoFeedServer(baseURL: "http://\(host):\(port)", task: task, service: service, state: state)
    }

    /// Stops it: first as a server stops, taking no new connection and answering those it took, then for
    /// good a second later (`/slow` would keep it a minute). Cancelled at once, a connection it had taken but
    /// not begun was dropped by NIO with a precondition failure that ended the process (a whole test run)
    /// when a client's last requests came in at the moment of the stop.
    package func stop() {
        let (service, task) = (service, task)
        Task {
            await service.triggerGracefulShutdown()
            try await Task.sleep(for: .seconds(1))
            task.cancel()
        }
    }

    private static func answer(_ state: FeedState, _ status: Int, _ body: String, type: String = "text/plain") -> Response {
        state.count(status)
        return Response(status: HTTPResponse.Status(code: status), headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    /// HTTP's date form (RFC 7231), which feeds' RFC 822 dates share.
    static func httpDateFormatter() -> DateFormatter {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(secondsFromGMT: 0)
        f.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return f
    }

    /// Feed `n` with `items` items, newest first, an hour apart, some with pictures, in scripts beside Latin.
    static func feed(_ n: Int, format: String, items: Int, newest: Date, base: String) -> (String, String) {
        let titles = ["Notes on slow computing", "Café crème & croissants", "Привет из Москвы", "日本語の記事", "Release 2.\(n) is out",
                      "Αθήνα τη νύχτα", "What we learned <about> feeds"]
        func item(_ k: Int) -> (id: String, title: String, date: Date, text: String, image: String?) {
            // An hour apart up to the feed's last change (a feed's minute apart from the next), so the list reads
            // as recent news; fixed for the server's life, not read off the clock at each request (feeds asked
            // either side of a minute's turn came out of order).
            let date = newest.addingTimeInterval(-Double(items - 1 - k) * 3600 - Double(n) * 60)
            let title = titles[(n + k) % titles.count] + " #\(k)"
            let image = k % 3 == 0 ? "\(base)/demo-picture/\(n)-\(k).png" : nil
            // A second paragraph longer than a list shows: the oldest item's last word is only in its whole text.
            let more = String(repeating: "Harbour lantern meadow orbit pebble quill river saddle timber. ", count: 6) + (k == 0 ? "Kingfisher." : "")
            return ("\(base)/feeds/\(n)/items/\(k)", title, date,
                    "<p>Item \(k) of feed \(n): words, a <a href=\"\(base)/x\">link</a>.</p><p>\(more)</p>", image)
        }
        let list = (0..<items).reversed().map(item)
        let esc = DemoText.escape
        // One formatter a feed, not one an item: this server is a benchmark's load, on the benchmark's machine.
        let iso = ISO8601DateFormatter(), rfc822 = httpDateFormatter()
        switch format {
        case "atom":
            let entries = list.map { i in
                "<entry><id>\(i.id)</id><title>\(esc(i.title))</title><link href=\"\(i.id)\"/><updated>\(iso.string(from: i.date))</updated>"
                + "<author><name>Author \(n)</name></author><content type=\"html\">\(esc(i.text + (i.image.map { "<img src=\"\($0)\">" } ?? "")))</content></entry>"
            }.joined()
            return ("<?xml version=\"1.0\" encoding=\"utf-8\"?><feed xmlns=\"http://www.w3.org/2005/Atom\"><title>Demo feed \(n)</title>"
                    + "<link href=\"\(base)/site/\(n)\"/><id>\(base)/feeds/\(n)</id>\(entries)</feed>", "application/atom+xml")
        case "json":
            let entries = list.map { i -> [String: Any] in
                var o: [String: Any] = ["id": i.id, "url": i.id, "title": i.title, "content_html": i.text,
                                        "date_published": iso.string(from: i.date)]
                if let image = i.image { o["image"] = image }
                return o
            }
            let doc: [String: Any] = ["version": "https://jsonfeed.org/version/1.1", "title": "Demo feed \(n)", "home_page_url": "\(base)/site/\(n)", "items": entries]
            let data = (try? JSONSerialization.data(withJSONObject: doc)) ?? Data()
            return (String(decoding: data, as: UTF8.self), "application/feed+json")
        default:
            let rssItems = list.map { i in
                "<item><guid>\(i.id)</guid><title>\(esc(i.title))</title><link>\(i.id)</link><pubDate>\(rfc822.string(from: i.date))</pubDate>"
                + "<description>\(esc(i.text))</description>" + (i.image.map { "<enclosure url=\"\($0)\" type=\"image/png\" length=\"1000\"/>" } ?? "") + "</item>"
            }.joined()
            return ("<?xml version=\"1.0\" encoding=\"utf-8\"?><rss version=\"2.0\"><channel><title>Demo feed \(n)</title>"
                    + "<link>\(base)/site/\(n)</link>\(rssItems)</channel></rss>", "application/rss+xml")
        }
    }
}
