import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The HTTP side of the demo instance: Mastodon's endpoints, latency and failure knobs, media files.
struct DemoRoutes: Sendable {
    let state: DemoState
    let config: DemoConfig
    let base = BaseURLBox()

    func register(on router: Router<BasicRequestContext>) {
        registerOAuth(on: router)
        registerSocial(on: router)
        registerStreaming(on: router)
        registerWriting(on: router)
        registerPolls(on: router)
        registerConversations(on: router)
        registerTrends(on: router)
        registerFollowRequests(on: router)
        registerNotificationRequests(on: router)
        registerLists(on: router)
        registerFilters(on: router)
        registerEmoji(on: router)
        registerScheduled(on: router)
        registerTranslation(on: router)
        registerSearch(on: router)
        registerTags(on: router)
        registerReports(on: router)
        router.get("/api/v1/timelines/home") { req, _ in try await authorized(req) { try await timeline(req, path: "/api/v1/timelines/home") } }
        router.get("/api/v1/timelines/public") { req, _ in
            try await authorized(req) {
                let local = req.uri.queryParameters["local"] == "true"
                return try await timeline(req, path: "/api/v1/timelines/public", selection: local ? .local : .federated,
                                          keep: local ? "local=true&" : "")
            }
        }
        router.get("/api/v1/timelines/tag/:tag") { req, ctx in
            try await authorized(req) {
                let tag = ctx.parameters.get("tag") ?? ""
                return try await timeline(req, path: "/api/v1/timelines/tag/\(tag)", selection: .tag(tag))
            }
        }
        router.get("/api/v1/timelines/list/:id") { req, ctx in
            try await authorized(req) {
                let id = ctx.parameters.get("id") ?? ""
                guard await state.lists.contains(where: { $0.id == id }) else { return error(.notFound, "Record not found") }
                return try await timeline(req, path: "/api/v1/timelines/list/\(id)", selection: .list(id))
            }
        }
        router.get("/api/v1/accounts/:id/statuses") { req, ctx in
            try await authorized(req) {
                let id = ctx.parameters.get("id") ?? ""
                guard let author = await state.authorIndex(id: id) else { return error(.notFound, "Record not found") }
                let q = req.uri.queryParameters
                if q["pinned"] == "true" {
                    return try await timeline(req, path: "/api/v1/accounts/\(id)/statuses", selection: .pinned(author), keep: "pinned=true&")
                }
                let originals = q["exclude_reblogs"] == "true", media = q["only_media"] == "true"
                return try await timeline(req, path: "/api/v1/accounts/\(id)/statuses",
                                          selection: .author(author, originals: originals, media: media),
                                          keep: (originals ? "exclude_reblogs=true&" : "") + (media ? "only_media=true&" : ""))
            }
        }
        router.get("/api/v1/accounts/verify_credentials") { req, _ in
            try await authorized(req) {
                try await delay()
                return try json(await state.wireAccount(0, base: base.value))
            }
        }
        router.get("/api/v1/statuses/:id") { req, ctx in try await authorized(req) { try await status(ctx) } }
        router.post("/api/v1/statuses/:id/:action") { req, ctx in
            try await authorized(req) {
                guard let action = ctx.parameters.get("action").flatMap(DemoState.Action.init(rawValue:)) else {
                    return error(.notFound, "Record not found")
                }
                return try await change(ctx) { state, id in await state.perform(action, on: id) }
            }
        }
        // Akkoma's and Pleroma's emoji reactions, where the imitated server has them.
        for (method, on) in [(HTTPRequest.Method.put, true), (.delete, false)] {
            router.on("/api/v1/pleroma/statuses/:id/reactions/:emoji", method: method) { req, ctx in
                try await authorized(req) {
                    guard config.quirks.contains(.pleromaReactions),
                          let emoji = ctx.parameters.get("emoji").flatMap({ $0.removingPercentEncoding }) else {
                        return error(.notFound, "Not found")
                    }
                    return try await change(ctx) { state, id in await state.react(on, emoji: emoji, on: id) }
                }
            }
        }
        router.get("/api/v1/bookmarks") { req, _ in try await authorized(req) { try await bookmarks(req) } }
        router.get("/api/v1/favourites") { req, _ in try await authorized(req) { try await favourites(req) } }
        router.get("/media/:id/:file") { req, ctx in try await media(req, ctx) }
        router.post("/demo/posts") { req, _ in
            let count = req.uri.queryParameters["count"].flatMap { Int($0) } ?? 1
            await state.addPosts(max(0, min(10_000, count)))
            return Response(status: .noContent)
        }
    }

    /// A real server answers 401 without a valid token; the demo does when `acceptAnyToken` is off.
    func authorized(_ req: Request, _ body: () async throws -> Response) async throws -> Response {
        if let refused = refuseAnonymous(req) { return refused }
        if !config.acceptAnyToken {
            let header = req.headers[.authorization] ?? ""
            let token = header.hasPrefix("Bearer ") ? String(header.dropFirst(7)) : nil
            guard await state.isValid(token: token) else { return error(.unauthorized, "The access token is invalid") }
        }
        return try await body()
    }

    /// GoToSocial answers requests without a `User-Agent` with 418; so does the demo with that quirk.
    private func refuseAnonymous(_ req: Request) -> Response? {
        guard config.quirks.contains(.requireUserAgent), (req.headers[.userAgent] ?? "").isEmpty else { return nil }
        return error(HTTPResponse.Status(code: 418, reasonPhrase: "I'm a teapot"), "I'm a teapot")
    }

    private func status(_ ctx: BasicRequestContext) async throws -> Response {
            try await delay()
            guard let id = ctx.parameters.get("id").flatMap(state.parseID), let post = await state.post(id: id) else {
                return error(.notFound, "Record not found")
            }
            return try json(await state.wire(post, base: base.value))
    }

    private func favourites(_ req: Request) async throws -> Response {
        try await delay()
        let limit = req.uri.queryParameters["limit"].flatMap { Int($0) } ?? 20
        let b = await base.value
        var out: [WireStatus] = []
        for p in await state.favouritedPosts(limit: limit) { out.append(await state.wire(p, base: b)) }
        return try json(out)
    }

    func delay() async throws {
        if config.latencyMilliseconds > 0 { try await Task.sleep(for: .milliseconds(config.latencyMilliseconds)) }
    }

    /// A write's injected fault, when one is due: the answer it gets (after the latency), else nil.
    func injectedFault() async throws -> Response? {
        guard let fault = await state.nextFault() else { return nil }
        try await delay()
        return respond(to: fault)
    }

    private func timeline(_ req: Request, path: String, selection: DemoState.Selection = .all,
                          keep: String = "") async throws -> Response {
        try await delay()
        if let fault = await state.nextFault() { return respond(to: fault) }
        let q = req.uri.queryParameters
        func id(_ key: String) -> UInt64? { q[Substring(key)].flatMap { state.parseID(String($0)) } }
        let limit = q["limit"].flatMap { Int(String($0)) } ?? 20
        let page = await state.timeline(selection, maxID: id("max_id"), sinceID: id("since_id"), minID: id("min_id"), limit: limit)
        let b = await base.value
        var out: [WireStatus] = []
        for p in page { out.append(await state.wire(p, base: b)) }
        var response = try json(out)
        if config.hostile, out.count > 2 { response = try withUnreadableEntry(out, at: 2) }
        if let first = page.first, let last = page.last {
            let limitPart = keep + (q["limit"] != nil ? "limit=\(limit)&" : "")
            response.headers[HTTPField.Name("Link")!] =
                "<\(b)\(path)?\(limitPart)max_id=\(state.wireID(last.id))>; rel=\"next\", <\(b)\(path)?\(limitPart)min_id=\(state.wireID(first.id))>; rel=\"prev\""
        }
        return response
    }

    func respond(to fault: DemoFault) -> Response {
        switch fault {
        case .madeThenFailed(let code): return respond(to: .status(code, retryAfter: nil))
        case .status(let code, let retryAfter):
            var r = error(HTTPResponse.Status(code: code), code == 429 ? "Too many requests" : "Something went wrong")
            if let retryAfter { r.headers[.retryAfter] = String(retryAfter) }
            return r
        case .html:
            return Response(status: .ok, headers: [.contentType: "text/html"],
                            body: .init(byteBuffer: ByteBuffer(string: "<html><body><h1>502 Bad Gateway</h1></body></html>")))
        case .empty:
            return Response(status: .ok, headers: [.contentType: "application/json"])
        case .truncated:
            return Response(status: .ok, headers: [.contentType: "application/json"],
                            body: .init(byteBuffer: ByteBuffer(string: "[{\"id\": \"1\", \"content\": \"<p>cut")))
        case .stalledBody, .madeThenStalled, .madeLater:
            let stall = config.stallSeconds
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init { writer in
                try await writer.write(ByteBuffer(string: "[{\"id\": "))
                try await Task.sleep(for: .milliseconds(Int(stall * 1000)))
                try await writer.finish(nil)
            })
        case .oversized(let count):
            var buffer = ByteBuffer(repeating: UInt8(ascii: " "), count: max(0, count - 2))
            buffer.writeString("[]")
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: buffer))
        case .trickle:
            let text = String(repeating: " ", count: 600) + "[]"
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init { writer in
                for byte in text.utf8 {
                    try await writer.write(ByteBuffer(bytes: [byte]))
                    try await Task.sleep(for: .seconds(1))
                }
                try await writer.finish(nil)
            })
        }
    }

    private func bookmarks(_ req: Request) async throws -> Response {
        try await delay()
        let q = req.uri.queryParameters
        let limit = q["limit"].flatMap { Int(String($0)) } ?? 20
        let page = await state.bookmarkPage(maxSeq: q["max_id"].flatMap { UInt64(String($0)) },
                                            minSeq: q["min_id"].flatMap { UInt64(String($0)) }, limit: limit)
        let b = await base.value
        var out: [WireStatus] = []
        for entry in page { out.append(await state.wire(entry.post, base: b)) }
        var response = try json(out)
        if let first = page.first, let last = page.last {
            response.headers[HTTPField.Name("Link")!] =
                "<\(b)/api/v1/bookmarks?max_id=\(last.seq)>; rel=\"next\", <\(b)/api/v1/bookmarks?min_id=\(first.seq)>; rel=\"prev\""
        }
        return response
    }

    /// A change to one status (a like, a save, a reaction…), under the fault schedule: made then answered,
    /// made and never answered, made then answered with an error, made later, or not made at all.
    private func change(_ ctx: BasicRequestContext,
                        _ perform: @escaping @Sendable (DemoState, UInt64) async -> DemoState.ActionOutcome) async throws -> Response {
        let fault = await state.nextFault()
        let madeLater: Double? = if case .madeLater(let seconds)? = fault { seconds } else { nil }
        let madeThenFailed = if case .madeThenFailed? = fault { true } else { false }
        if let fault, fault != .madeThenStalled, madeLater == nil, !madeThenFailed { try await delay(); return respond(to: fault) }
        guard let id = ctx.parameters.get("id").flatMap(state.parseID) else {
            return error(.notFound, "Record not found")
        }
        if let madeLater {
            // Not tied to this request's task: the change lands whether or not the client is still there.
            let state = self.state
            Task.detached {
                do { try await Task.sleep(for: .milliseconds(Int(madeLater * 1000))) } catch { return }
                _ = await perform(state, id)
            }
            return respond(to: .stalledBody)
        }
        // A slow server does the work, then answers late: a client that gave up waiting never hears of it.
        let outcome = await perform(state, id)
        if fault == .madeThenStalled { return respond(to: .stalledBody) }
        try await delay()
        if let fault, madeThenFailed { return respond(to: fault) }
        switch outcome {
        case .notFound: return error(.notFound, "Record not found")
        case .refused(let why): return error(.init(code: 422), why)
        case .fail(let kind): return try await failure(kind)
        case .ok(let post): return try json(await state.wire(post, base: base.value))
        }
    }

    /// A request the fail-rate knob picked to fail, failing the way it says.
    func failure(_ kind: DemoConfig.FailureKind) async throws -> Response {
        switch kind {
        case .serverError: return error(.internalServerError, "We're sorry, but something went wrong on our end.")
        case .unavailable: return error(.serviceUnavailable, "Service temporarily unavailable")
        case .timeout:
            try await Task.sleep(for: .seconds(config.stallSeconds))
            return error(.gatewayTimeout, "Gateway timeout")
        }
    }

    private func media(_ req: Request, _ ctx: BasicRequestContext) async throws -> Response {
        // Counted on arrival, before the latency, so tests see what was asked for and in which order.
        await state.countMediaRequest(req.uri.path)
        if let refused = refuseAnonymous(req) { return refused }
        if config.imageLatencyMilliseconds > 0 { try await Task.sleep(for: .milliseconds(config.imageLatencyMilliseconds)) }
        if let fault = await state.nextMediaFault() { return respond(to: fault) }
        if let id = ctx.parameters.get("id"), let upload = await state.uploaded(id)?.upload {
            return Response(status: .ok, headers: [.contentType: upload.mimeType], body: .init(byteBuffer: ByteBuffer(bytes: upload.bytes)))
        }
        guard let id = ctx.parameters.get("id"), let file = ctx.parameters.get("file"), let m = await state.media(id: id) else {
            return error(.notFound, "Record not found")
        }
        let (format, preview) = state.served(m.spec)
        if m.moves {
            let bytes = try await Task.detached(priority: .utility) {
                file == "moving.gif" ? try DemoAnimation.encoded.get() : try DemoAnimation.still(as: format)
            }.value
            return Response(status: .ok, headers: [.contentType: file == "moving.gif" ? "image/gif" : format.mimeType],
                            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        var spec = file.hasPrefix("small.") ? preview : m.spec
        spec.format = format
        // Encoding a 1920-pixel picture takes a while; keep it off the event loop's threads.
        let bytes = try await Task.detached(priority: .utility) {
            try ImageEncoder.encode(rgb: PatternRenderer.render(spec), width: spec.width, height: spec.height, as: spec.format)
        }.value
        return Response(status: .ok, headers: [.contentType: spec.format.mimeType, .cacheControl: "public, max-age=31536000"],
                        body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    func json<T: Encodable>(_ value: T) throws -> Response {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A hostile server's page: the entry at `index` sent as no client can read it (no id, a number for a
    /// date), as a broken server does, and the one above it with a field of the wrong type (a number for
    /// its language), as a server whose API changed does.
    private func withUnreadableEntry(_ statuses: [WireStatus], at index: Int) throws -> Response {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        guard var list = try JSONSerialization.jsonObject(with: encoder.encode(statuses)) as? [Any] else { return try json(statuses) }
        list[index] = ["uri": statuses[index].uri, "created_at": 12, "content": "<p>broken</p>"] as [String: Any]
        if index > 0, var above = list[index - 1] as? [String: Any] {
            above["language"] = 7
            list[index - 1] = above
        }
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                        body: .init(byteBuffer: ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: list))))
    }

    func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
        let data = (try? JSONEncoder().encode(WireError(error: message))) ?? Data()
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
