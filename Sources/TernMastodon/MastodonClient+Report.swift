import Foundation
import TernModel

extension MastodonClient {
    /// The server's rules (`/api/v1/instance/rules`, Mastodon 3.4 and later); a server without them
    /// answers 404, which is no rules.
    package func rules() async throws -> [ServerRule] {
        do {
            let (data, _) = try await send(url: endpoint("/api/v1/instance/rules"), method: .GET)
            struct Wire: Decodable {
                var id: String?
                var text: String?
            }
            return try MastodonDecoder.decode(LossyArray<Wire>.self, data, origin).elements.compactMap { w in
                guard let id = w.id, let text = w.text else { return nil }
                return ServerRule(id: id, text: text)
            }
        } catch MastodonError.http(404, _) {
            return []
        }
    }

    /// Files a report with the user's server's moderators.
    package func report(_ report: Report) async throws {
        var form: [(String, String)] = [("account_id", report.accountID), ("category", report.category.rawValue),
                                        ("comment", report.comment), ("forward", report.forward ? "true" : "false")]
        form += report.statusIDs.map { ("status_ids[]", $0) }
        if report.category == .violation { form += report.ruleIDs.map { ("rule_ids[]", $0) } }
        _ = try await send(url: endpoint("/api/v1/reports"), method: .POST, form: form)
    }
}
