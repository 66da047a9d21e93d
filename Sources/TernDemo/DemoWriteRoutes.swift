import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Posting, editing, deleting and uploading on the demo instance, with the same latency and failure knobs
/// as every other endpoint, and `/demo/written` for tests to see what the server really holds.
extension DemoRoutes {
    func registerWriting(on router: Router<BasicRequestContext>) {
        router.post("/api/v1/statuses") { req, ctx in
            try await authorized(req) {
                // `.madeThenFailed` makes the post, then answers with its error (a gateway that gave up).
                let fault = await state.nextFault()
                let madeThenFailed = if case .madeThenFailed? = fault { true } else { false }
                if let fault, !madeThenFailed { try await delay(); return respond(to: fault) }
                var r = try await writeRequest(req, ctx)
                r.idempotencyKey = req.headers[HTTPField.Name("Idempotency-Key")!]
                if let fault, madeThenFailed {
                    if let at = r.scheduledAt { _ = await state.schedule(r, at: at) } else { _ = await state.publish(r) }
                    try await delay()
                    return respond(to: fault)
                }
                if let at = r.scheduledAt {
                    try await delay()
                    switch await state.schedule(r, at: at) {
                    case .ok(let held): return try json(DemoRoutes.wire(held))
                    case .refused(let why): return error(.init(code: 422), why)
                    }
                }
                return try await answer(await state.publish(r))
            }
        }
        router.put("/api/v1/statuses/:id") { req, ctx in
            try await authorized(req) {
                let r = try await writeRequest(req, ctx)
                return try await answer(await state.edit(ctx.parameters.get("id") ?? "", r))
            }
        }
        router.delete("/api/v1/statuses/:id") { req, ctx in
            try await authorized(req) { try await answer(await state.deleteOwn(ctx.parameters.get("id") ?? "")) }
        }
        router.get("/api/v1/statuses/:id/source") { req, ctx in
            try await authorized(req) {
                try await delay()
                guard let raw = ctx.parameters.get("id"), let id = state.parseID(raw), let p = await state.post(id: id),
                      let text = p.source else { return error(.notFound, "Record not found") }
                return try json(["id": raw, "text": text, "spoiler_text": p.spoilerText])
            }
        }
        for path in ["/api/v2/media", "/api/v1/media"] {
            router.post(RouterPath(path)) { req, _ in
                try await authorized(req) {
                    try await delay()
                    var request = req
                    let body = try await request.collectBody(upTo: 64 << 20)
                    guard let parts = MultipartParser.parts(Array(buffer: body), contentType: req.headers[.contentType] ?? ""),
                          let file = parts.first(where: { $0.filename != nil }) else {
                        return error(.unprocessableContent, "Validation failed: File can't be blank")
                    }
                    let description = parts.first { $0.name == "description" }.map { String(decoding: $0.body, as: UTF8.self) } ?? ""
                    switch await state.upload(bytes: file.body, mimeType: file.contentType ?? "application/octet-stream",
                                              description: description) {
                    case .failure(let refusal): return error(.init(code: refusal.status), refusal.message)
                    case .success(let m):
                        var response = try json(await state.wireMedia(m, base: base.value))
                        // v1 answers once processed; v2 answers 202 while the file is still being processed.
                        if path.hasPrefix("/api/v2"), m.upload.map({ Date() < $0.readyAt }) == true { response.status = .accepted }
                        return response
                    }
                }
            }
        }
        router.get("/api/v1/media/:id") { req, ctx in
            try await authorized(req) {
                try await delay()
                guard let m = await state.uploaded(ctx.parameters.get("id") ?? "") else { return error(.notFound, "Record not found") }
                var response = try json(await state.wireMedia(m, base: base.value))
                if let u = m.upload, Date() < u.readyAt { response.status = .partialContent }
                return response
            }
        }
        router.get("/demo/written") { _, _ in
            let b = await base.value
            var out: [WireStatus] = []
            for p in await state.written() { out.append(await state.wire(p, base: b)) }
            return try json(out)
        }
        router.get("/demo/write-log") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/x-ndjson"],
                     body: .init(byteBuffer: ByteBuffer(string: (await state.requestLog).map { $0 + "\n" }.joined())))
        }
    }

    /// A status, or the reason it was refused, with the latency and failure knobs applied.
    private func answer(_ outcome: DemoState.WriteOutcome) async throws -> Response {
        try await delay()
        switch outcome {
        case .ok(let post): return try json(await state.wire(post, base: base.value))
        case .refused(let status, let message): return error(.init(code: status), message)
        case .fail(let kind): return try await failure(kind)
        }
    }

    /// A post's fields from a form (repeated keys for lists) or a JSON body.
    private func writeRequest(_ req: Request, _ ctx: BasicRequestContext) async throws -> DemoState.WriteRequest {
        var r = DemoState.WriteRequest()
        let pairs = try await formPairs(req, upTo: 1 << 20)
        var describedIDs: [String] = []
        for (k, v) in pairs {
            switch k {
            case "status": r.text = v
            case "spoiler_text": r.spoiler = v
            case "sensitive": r.sensitive = v == "true" || v == "1"
            case "visibility": r.visibility = v
            case "language": r.language = v
            case "in_reply_to_id": r.inReplyTo = v
            case "quoted_status_id": r.quotedStatusID = v
            case "quote_id": r.quoteID = v
            case "media_ids[]": r.mediaIDs.append(v)
            case "poll[options][]": r.pollOptions.append(v)
            case "poll[expires_in]": r.pollExpiresIn = Int(v)
            case "poll[multiple]": r.pollMultiple = v == "true"
            case "media_attributes[][id]": describedIDs.append(v)
            case "media_attributes[][description]": if let id = describedIDs.last { r.mediaDescriptions[id] = v }
            case "scheduled_at": r.scheduledAt = (try? Date(v, strategy: .iso8601)) ?? Date.distantPast
            default: break
            }
        }
        return r
    }
}

/// Reads `multipart/form-data` (RFC 7578), as the media endpoints receive it.
enum MultipartParser {
    struct Part {
        var name: String?
        var filename: String?
        var contentType: String?
        var body: [UInt8]
    }

    static func parts(_ bytes: [UInt8], contentType: String) -> [Part]? {
        guard let range = contentType.range(of: "boundary=") else { return nil }
        let boundary = contentType[range.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        let delimiter = Array(("--" + boundary).utf8)
        var parts: [Part] = []
        var starts: [Int] = []
        var i = 0
        while i + delimiter.count <= bytes.count {
            if bytes[i] == delimiter[0], Array(bytes[i..<(i + delimiter.count)]) == delimiter {
                starts.append(i)
                i += delimiter.count
            } else { i += 1 }
        }
        for (a, b) in zip(starts, starts.dropFirst()) {
            var chunk = Array(bytes[(a + delimiter.count)..<b])
            // The CRLF after the delimiter line and the one before the next delimiter.
            if chunk.starts(with: [13, 10]) { chunk.removeFirst(2) }
            if chunk.suffix(2) == [13, 10] { chunk.removeLast(2) }
            guard let split = find([13, 10, 13, 10], in: chunk) else { continue }
            let head = String(decoding: chunk[..<split], as: UTF8.self)
            var part = Part(body: Array(chunk[(split + 4)...]))
            for line in head.components(separatedBy: "\r\n") {
                let lower = line.lowercased()
                if lower.hasPrefix("content-type:") { part.contentType = line.dropFirst(13).trimmingCharacters(in: .whitespaces) }
                if lower.hasPrefix("content-disposition:") {
                    part.name = value(of: "name", in: line)
                    part.filename = value(of: "filename", in: line)
                }
            }
            parts.append(part)
        }
        return parts
    }

    private static func value(of key: String, in line: String) -> String? {
        guard let r = line.range(of: " \(key)=\"") ?? line.range(of: ";\(key)=\"") else { return nil }
        let rest = line[r.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    private static func find(_ needle: [UInt8], in hay: [UInt8]) -> Int? {
        guard hay.count >= needle.count else { return nil }
        for i in 0...(hay.count - needle.count) where Array(hay[i..<(i + needle.count)]) == needle { return i }
        return nil
    }
}
