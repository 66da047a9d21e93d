import Foundation
import TernModel

extension MastodonClient {
    /// The accounts asking to follow the user (a locked account's requests; `GET /api/v1/follow_requests`).
    package func followRequests() async throws -> [Account] {
        let (data, _) = try await send(url: endpoint("/api/v1/follow_requests?limit=80"), method: .GET)
        return try MastodonDecoder.decode(LossyArray<AccountWire>.self, data, origin).elements.map(PostMapping.account)
    }

    /// Accepts or rejects one (`POST /api/v1/follow_requests/:id/authorize`, `…/reject`). Either is the
    /// same when repeated, so a try whose answer was lost can simply be made again.
    package func answerFollowRequest(accountID: String, accept: Bool) async throws {
        let path = "/api/v1/follow_requests/\(Self.escaped(accountID))/\(accept ? "authorize" : "reject")"
        _ = try await send(url: endpoint(path), method: .POST, form: [])
    }
}
