import Foundation
import HTTPTypes
import Hummingbird

/// A conversation as Mastodon writes it; `last_status` is written as null when its messages are gone.
struct WireConversation: Encodable {
    var id: String
    var unread: Bool
    var accounts: [WireAccount]
    var lastStatus: WireStatus?

    enum CodingKeys: String, CodingKey { case id, unread, accounts, lastStatus }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(unread, forKey: .unread)
        try c.encode(accounts, forKey: .accounts)
        try c.encode(lastStatus, forKey: .lastStatus)
    }
}

/// Direct conversations on the demo instance: the list, paged by its newest messages as Mastodon pages
/// it (`Link` next and prev), and marking one read.
extension DemoRoutes {
    func registerConversations(on router: Router<BasicRequestContext>) {
        router.get("/api/v1/conversations") { req, _ in
            try await authorized(req) {
                try await delay()
                if let fault = await state.nextFault() { return respond(to: fault) }
                let q = req.uri.queryParameters
                let page = await state.conversationPage(maxID: q["max_id"].flatMap { state.parseID(String($0)) },
                                                        minID: q["min_id"].flatMap { state.parseID(String($0)) },
                                                        limit: q["limit"].flatMap { Int(String($0)) } ?? 20)
                let b = await base.value
                var out: [WireConversation] = []
                for (c, last) in page { out.append(await wire(c, last, base: b)) }
                var response = try json(out)
                let keys = page.map { $0.1?.id ?? $0.0.messages.last ?? 0 }
                if let first = keys.first, let last = keys.last {
                    response.headers[HTTPField.Name("Link")!] = "<\(b)/api/v1/conversations?max_id=\(state.wireID(last))>; rel=\"next\", "
                        + "<\(b)/api/v1/conversations?min_id=\(state.wireID(first))>; rel=\"prev\""
                }
                return response
            }
        }
        router.post("/api/v1/conversations/:id/read") { req, ctx in
            try await authorized(req) {
                try await delay()
                if let fault = await state.nextFault() { return respond(to: fault) }
                guard let id = ctx.parameters.get("id").flatMap({ Int($0) }), let (c, last) = await state.markConversationRead(id) else {
                    return error(.notFound, "Record not found")
                }
                return try json(await wire(c, last, base: await base.value))
            }
        }
    }

    private func wire(_ c: DemoConversation, _ last: DemoPost?, base: String) async -> WireConversation {
        var accounts: [WireAccount] = []
        for p in c.participants { accounts.append(await state.wireAccount(p, base: base)) }
        var status: WireStatus?
        if let last { status = await state.wire(last, base: base) }
        return WireConversation(id: String(c.id), unread: c.unread, accounts: accounts, lastStatus: status)
    }
}
