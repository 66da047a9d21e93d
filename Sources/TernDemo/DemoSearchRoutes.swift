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
                // A week of uses, a day each, as numeric strings (as Mastodon sends them).
                let hashtags = found.hashtags.enumerated().map { n, name in
                    WireHashtag(name: name, url: "\(b)/tags/\(name.lowercased())",
                                history: (0..<7).map { day in .init(day: "\(1_775_865_600 - day * 86_400)", uses: "\((n * 7 + day * 3) % 11)", accounts: "\((n + day) % 5)") },
                                following: false)
                }
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
