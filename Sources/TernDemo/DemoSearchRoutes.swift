import Foundation
import Hummingbird

/// `/api/v2/search`, with the timelines' knobs (latency, faults).
extension DemoRoutes {
    func registerSearch(on router: Router<BasicRequestContext>) {
        router.get("/api/v2/search") { req, _ in
            try await authorized(req) {
                try await delay()
                if let fault = await state.nextFault() { return respond(to: fault) }
                let q = req.uri.queryParameters
                let limit = min(40, q["limit"].flatMap { Int(String($0)) } ?? 20)
                let found = await state.search(String(q["q"] ?? ""), limit: limit)
                let b = await base.value
                var accounts: [WireAccount] = [], statuses: [WireStatus] = []
                for i in found.accounts { accounts.append(await state.wireAccount(i, base: b)) }
                for p in found.posts { statuses.append(await state.wire(p, base: b)) }
                let followed = await state.followedTags
                let hashtags = found.hashtags.map { hashtag($0, following: followed.contains($0.lowercased()), base: b) }
                return try json(WireSearch(accounts: accounts, statuses: statuses, hashtags: hashtags))
            }
        }
    }
}

struct WireSearch: Encodable {
    var accounts: [WireAccount]
    var statuses: [WireStatus]
    var hashtags: [WireHashtag]
}

struct WireHashtag: Encodable {
    struct Day: Encodable {
        var day: String
        var uses: String
        var accounts: String
    }
    var name: String
    var url: String
    var history: [Day]
    var following: Bool
}
