import Foundation
import HTTPTypes
import Hummingbird

/// Trends on the demo instance: the hashtags most used in the newest posts (`/api/v1/trends/tags`), and
/// the most liked of them (`/api/v1/trends/statuses`), paged by offset as Mastodon pages them.
extension DemoRoutes {
    func registerTrends(on router: Router<BasicRequestContext>) {
        router.get("/api/v1/trends/tags") { req, _ in
            try await authorized(req) {
                try await delay()
                if let fault = await state.nextFault() { return respond(to: fault) }
                let b = await base.value, followed = await state.followedTags
                return try json(await state.trendingTags().map { hashtag($0, following: followed.contains($0.lowercased()), base: b) })
            }
        }
        router.get("/api/v1/trends/links") { req, _ in
            try await authorized(req) {
                try await delay()
                return try json(DemoCards.all(base: await base.value))
            }
        }
        router.get("/api/v1/trends/statuses") { req, _ in
            try await authorized(req) {
                try await delay()
                if let fault = await state.nextFault() { return respond(to: fault) }
                let q = req.uri.queryParameters
                let offset = max(0, q["offset"].flatMap { Int(String($0)) } ?? 0)
                let limit = max(1, min(40, q["limit"].flatMap { Int(String($0)) } ?? 20))
                let trending = await state.trendingPosts()
                let page = Array(trending.dropFirst(offset).prefix(limit))
                let b = await base.value
                var out: [WireStatus] = []
                for p in page { out.append(await state.wire(p, base: b)) }
                var response = try json(out)
                var links: [String] = []
                if offset + page.count < trending.count {
                    links.append("<\(b)/api/v1/trends/statuses?offset=\(offset + page.count)>; rel=\"next\"")
                }
                if offset > 0 { links.append("<\(b)/api/v1/trends/statuses?offset=\(max(0, offset - limit))>; rel=\"prev\"") }
                if !links.isEmpty { response.headers[HTTPField.Name("Link")!] = links.joined(separator: ", ") }
                return response
            }
        }
    }
}

extension DemoState {
    /// The hashtags of the newest 300 posts, most used first (five at most).
    func trendingTags() -> [String] {
        var uses: [String: Int] = [:]
        for p in posts.suffix(300) where !deleted.contains(p.id) { for t in p.tags { uses[t.lowercased(), default: 0] += 1 } }
        return uses.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(5).map(\.key)
    }

    /// The most liked of the newest 200 original posts, 60 at most.
    func trendingPosts() -> [DemoPost] {
        Array(posts.suffix(200).filter { $0.boostOf == nil && !deleted.contains($0.id) }
            .sorted { ($0.favouritesCount, $0.id) > ($1.favouritesCount, $1.id) }.prefix(60))
    }
}
