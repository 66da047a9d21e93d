import Foundation
import Hummingbird

/// Hashtags: one's state (`/api/v1/tags/:name`), following and unfollowing it, and the followed ones, with
/// the knobs of every write (faults, the fail rate, latency).
extension DemoRoutes {
    func registerTags(on router: Router<BasicRequestContext>) {
        router.get("/api/v1/followed_tags") { req, _ in
            try await authorized(req) {
                try await delay()
                let b = await base.value
                return try json(await state.followedTags.sorted().map { hashtag($0, following: true, base: b) })
            }
        }
        router.get("/api/v1/tags/:name") { req, ctx in
            try await authorized(req) {
                try await delay()
                let name = ctx.parameters.get("name") ?? ""
                return try json(hashtag(name, following: await state.followedTags.contains(name.lowercased()), base: await base.value))
            }
        }
        router.post("/api/v1/tags/:name/:action") { req, ctx in
            try await authorized(req) {
                let fault = await state.nextFault()
                if let fault, fault != .madeThenStalled { try await delay(); return respond(to: fault) }
                let name = ctx.parameters.get("name") ?? "", action = ctx.parameters.get("action") ?? ""
                guard action == "follow" || action == "unfollow" else { return error(.notFound, "Record not found") }
                if let kind = await state.failsNow() { try await delay(); return try await failure(kind) }
                let following = await state.followTag(name, action == "follow")
                if fault == .madeThenStalled { return respond(to: .stalledBody) }
                try await delay()
                return try json(hashtag(name, following: following, base: await base.value))
            }
        }
    }

    /// A week of uses, a day each, as numeric strings (as Mastodon sends them).
    func hashtag(_ name: String, following: Bool, base: String) -> WireHashtag {
        WireHashtag(name: name, url: "\(base)/tags/\(name.lowercased())",
                    history: (0..<7).map { .init(day: "\(1_775_865_600 - $0 * 86_400)", uses: "\(($0 * 3 + name.count) % 11)", accounts: "\($0 % 5)") },
                    following: following)
    }
}

extension DemoState {
    func followTag(_ name: String, _ follow: Bool) -> Bool {
        if follow { followedTags.insert(name.lowercased()) } else { followedTags.remove(name.lowercased()) }
        actionLog.append("\(follow ? "follow" : "unfollow") #\(name.lowercased())")
        return follow
    }
}
