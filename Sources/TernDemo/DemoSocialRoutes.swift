import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Threads, profiles, relationships, notifications and markers, with the same knobs as the timelines.
extension DemoRoutes {
    func registerSocial(on router: Router<BasicRequestContext>) {
        router.get("/api/v1/statuses/:id/context") { req, ctx in
            try await authorized(req) {
                try await delay()
                if let fault = await state.nextFault() { return respond(to: fault) }
                guard let id = ctx.parameters.get("id").flatMap(state.parseID), let found = await state.context(of: id) else {
                    return error(.notFound, "Record not found")
                }
                let b = await base.value
                var ancestors: [WireStatus] = [], descendants: [WireStatus] = []
                for p in found.ancestors { ancestors.append(await state.wire(p, base: b)) }
                for p in found.descendants { descendants.append(await state.wire(p, base: b)) }
                return try json(WireContext(ancestors: ancestors, descendants: descendants))
            }
        }
        // Registered before `/api/v1/accounts/:id`, which would otherwise take "relationships" for an id.
        router.get("/api/v1/accounts/relationships") { req, _ in
            try await authorized(req) {
                try await delay()
                var out: [WireRelationship] = []
                for id in listParameter(req, "id") {
                    if let index = await state.authorIndex(id: String(id)) { out.append(await state.relationship(index)) }
                }
                return try json(out)
            }
        }
        for (path, blocks) in [("/api/v1/mutes", false), ("/api/v1/blocks", true)] {
            router.get(RouterPath(path)) { req, _ in
                try await authorized(req) {
                    try await delay()
                    return try json(await state.silencedAccounts(blocks: blocks, base: base.value))
                }
            }
        }
        // Handles as a mention's link gives them: local ones bare, or with the demo's content host.
        router.get("/api/v1/accounts/lookup") { req, _ in
            try await authorized(req) {
                try await delay()
                let acct = String(req.uri.queryParameters["acct"] ?? "")
                let parts = acct.split(separator: "@").map(String.init)
                let domain: String? = parts.count > 1 && parts[1] != DemoServer.contentHost ? parts[1] : nil
                guard let name = parts.first, let index = await state.authorIndex(username: name, domain: domain) else {
                    return error(.notFound, "Record not found")
                }
                return try json(await state.wireProfile(index, base: base.value))
            }
        }
        router.get("/api/v1/accounts/:id") { req, ctx in
            try await authorized(req) {
                try await delay()
                guard let index = await state.authorIndex(id: ctx.parameters.get("id") ?? "") else { return error(.notFound, "Record not found") }
                return try json(await state.wireProfile(index, base: base.value))
            }
        }
        for verb in ["follow", "unfollow"] {
            router.post("/api/v1/accounts/:id/\(verb)") { req, ctx in
                try await authorized(req) {
                    if let faulted = try await injectedFault() { return faulted }
                    guard let index = await state.authorIndex(id: ctx.parameters.get("id") ?? "") else {
                        return error(.notFound, "Record not found")
                    }
                    let relationship = await state.setFollowing(verb == "follow", index: index)
                    try await delay()
                    return try json(relationship)
                }
            }
        }
        for verb in ["mute", "unmute", "block", "unblock"] {
            router.post("/api/v1/accounts/:id/\(verb)") { req, ctx in
                try await authorized(req) {
                    if let faulted = try await injectedFault() { return faulted }
                    guard let index = await state.authorIndex(id: ctx.parameters.get("id") ?? "") else {
                        return error(.notFound, "Record not found")
                    }
                    let form = try await formBody(req, ctx)
                    let relationship = await state.setRelation(verb, index: index, seconds: form["duration"].flatMap { Int($0) })
                    try await delay()
                    return try json(relationship)
                }
            }
        }
        router.get("/api/v2/filters") { req, _ in
            try await authorized(req) {
                try await delay()
                let all = await state.filters
                var out: [WireFilter] = []
                for f in all { out.append(await state.wireFilter(f)) }
                return try json(out)
            }
        }
        router.post("/demo/filters") { req, _ in
            let q = req.uri.queryParameters
            await state.addFilter(DemoFilter(title: String(q["title"] ?? "Filter"), keyword: String(q["keyword"] ?? ""),
                                             action: String(q["action"] ?? "warn")))
            return Response(status: .noContent)
        }
        // Avatars: a small picture made from the account's id, counted and delayed like other pictures.
        router.get("/avatars/:file") { req, ctx in
            await state.countMediaRequest(req.uri.path)
            if config.imageLatencyMilliseconds > 0 { try await Task.sleep(for: .milliseconds(config.imageLatencyMilliseconds)) }
            let id = (ctx.parameters.get("file") ?? "").split(separator: ".").first.map(String.init) ?? ""
            guard let seed = UInt64(id), await state.authorIndex(id: id) != nil else { return error(.notFound, "Record not found") }
            let spec = ImageSpec(seed: seed, width: 96, height: 96, format: .png, pattern: ImageSpec.Pattern.allCases[Int(seed % 5)],
                                 photoLike: false)
            let bytes = try ImageEncoder.encode(rgb: PatternRenderer.render(spec), width: spec.width, height: spec.height, as: .png)
            return Response(status: .ok, headers: [.contentType: "image/png", .cacheControl: "public, max-age=31536000"],
                            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        router.get("/api/v1/notifications") { req, _ in
            try await authorized(req) { try await notifications(req, grouped: false) }
        }
        router.get("/api/v2/notifications") { req, _ in
            try await authorized(req) {
                if config.quirks.contains(.ungroupedNotifications) { return error(.notFound, "Not found") }
                return try await notifications(req, grouped: true)
            }
        }
        router.get("/api/v1/markers") { req, _ in
            try await authorized(req) {
                if config.quirks.contains(.noMarkers) { return error(.notFound, "Not found") }
                try await delay()
                return try json(await markers(Set(listParameter(req, "timeline"))))
            }
        }
        router.post("/api/v1/markers") { req, ctx in
            try await authorized(req) {
                if config.quirks.contains(.noMarkers) { return error(.notFound, "Not found") }
                try await delay()
                let form = try await formBody(req, ctx)
                var changed: Set<String> = []
                for timeline in ["home", "notifications"] {
                    guard let raw = form["\(timeline)[last_read_id]"], let id = state.parseID(raw) else { continue }
                    await state.setMarker(timeline, id)
                    changed.insert(timeline)
                }
                return try json(await markers(changed))
            }
        }
    }

    /// The markers of these timelines that are set.
    private func markers(_ timelines: Set<String>) async -> [String: WireMarker] {
        var out: [String: WireMarker] = [:]
        for t in timelines {
            guard let id = await state.marker(t) else { continue }
            out[t] = WireMarker(lastReadId: state.wireID(id), version: await state.markerVersion, updatedAt: DemoState.iso8601(Date()))
        }
        return out
    }

    /// `name[]=a&name[]=b`, with the brackets percent-encoded or not (clients do both).
    private func listParameter(_ req: Request, _ name: String) -> [String] {
        (req.uri.queryParameters.getAll(name + "[]") + req.uri.queryParameters.getAll(name + "%5B%5D")).map { String($0) }
    }

    private func notifications(_ req: Request, grouped: Bool) async throws -> Response {
        try await delay()
        if let fault = await state.nextFault() { return respond(to: fault) }
        let q = req.uri.queryParameters
        let limit = q["limit"].flatMap { Int(String($0)) } ?? (grouped ? 40 : 15)
        let maxID = q["max_id"].flatMap { state.parseID(String($0)) }
        let types = Set(listParameter(req, "types"))
        let b = await base.value
        if grouped { return try json(await state.groupedPage(maxID: maxID, types: types, limit: limit, base: b)) }
        return try json(await state.notificationPage(maxID: maxID, types: types, limit: limit, base: b))
    }
}
