import Foundation
import TernModel

/// Filtered notifications (Mastodon 4.3 and later): the policy and the requests it holds back. Servers
/// without them answer 404.
extension MastodonClient {
    package func notificationPolicy() async throws -> NotificationPolicy {
        let (data, _) = try await send(url: endpoint("/api/v2/notifications/policy"), method: .GET)
        return try MastodonDecoder.notificationPolicy(fromJSON: data, origin: origin)
    }

    /// Sets what happens to one kind of sender's notifications; the policy as it now is.
    package func setNotificationPolicy(_ sender: NotificationPolicy.Sender, to rule: NotificationPolicy.Rule) async throws -> NotificationPolicy {
        let (data, _) = try await send(url: endpoint("/api/v2/notifications/policy"), method: .PATCH, form: [(sender.rawValue, rule.rawValue)])
        return try MastodonDecoder.notificationPolicy(fromJSON: data, origin: origin)
    }

    package func notificationRequests() async throws -> [NotificationRequest] {
        let (data, _) = try await send(url: endpoint("/api/v1/notifications/requests?limit=40"), method: .GET)
        return try MastodonDecoder.notificationRequests(fromJSON: data, origin: origin)
    }

    /// Accepts (its notifications join the others, and the sender's next ones come through) or dismisses
    /// a request. Either, repeated, is the same.
    package func answerNotificationRequest(id: String, accept: Bool) async throws {
        let path = "/api/v1/notifications/requests/\(Self.escaped(id))/\(accept ? "accept" : "dismiss")"
        _ = try await send(url: endpoint(path), method: .POST, form: [])
    }
}

struct NotificationRequestWire: Decodable {
    var id: String
    var account: AccountWire
    var count: Int

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let id = c.idString(AnyKey("id")) else {
            throw DecodingError.keyNotFound(AnyKey("id"), .init(codingPath: c.codingPath, debugDescription: "request without id"))
        }
        self.id = id
        account = try c.decode(AccountWire.self, forKey: AnyKey("account"))
        count = c.count(AnyKey("notifications_count"))
    }
}

extension MastodonDecoder {
    package static func notificationPolicy(fromJSON data: Data, origin: WireOrigin? = nil) throws -> NotificationPolicy {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw MastodonError.invalidResponse("a notification policy that is not an object")
        }
        var rules: [NotificationPolicy.Sender: NotificationPolicy.Rule] = [:]
        for sender in NotificationPolicy.Sender.allCases {
            if let raw = object[sender.rawValue] as? String, let rule = NotificationPolicy.Rule(rawValue: raw) { rules[sender] = rule }
        }
        let summary = object["summary"] as? [String: Any]
        func number(_ key: String) -> Int { (summary?[key] as? Int) ?? (summary?[key] as? String).flatMap(Int.init) ?? 0 }
        return NotificationPolicy(rules: rules, pendingRequests: number("pending_requests_count"),
                                  pendingNotifications: number("pending_notifications_count"))
    }

    package static func notificationRequests(fromJSON data: Data, origin: WireOrigin? = nil) throws -> [NotificationRequest] {
        try decode(LossyArray<NotificationRequestWire>.self, data, origin).elements.map {
            NotificationRequest(id: $0.id, account: PostMapping.account($0.account), count: $0.count)
        }
    }
}
