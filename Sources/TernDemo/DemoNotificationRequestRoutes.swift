import Foundation
import Hummingbird

/// Filtered notifications on the demo instance (Mastodon 4.3's): the policy, read and changed, and the
/// requests it holds back, accepted or dismissed. 404 throughout with `.noNotificationRequests`.
extension DemoRoutes {
    func registerNotificationRequests(on router: Router<BasicRequestContext>) {
        let absent = config.quirks.contains(.noNotificationRequests)
        router.get("/api/v2/notifications/policy") { req, _ in
            try await authorized(req) {
                try await delay()
                if absent { return error(.notFound, "Not found") }
                return try json(await state.policyObject())
            }
        }
        router.patch("/api/v2/notifications/policy") { req, _ in
            try await authorized(req) {
                if absent { return error(.notFound, "Not found") }
                if let faulted = try await injectedFault() { return faulted }
                let pairs = try await formPairs(req, upTo: 1 << 14)
                try await delay()
                for (key, value) in pairs where ["accept", "filter", "drop"].contains(value) { await state.setPolicy(key, value) }
                return try json(await state.policyObject())
            }
        }
        router.get("/api/v1/notifications/requests") { req, _ in
            try await authorized(req) {
                try await delay()
                if absent { return error(.notFound, "Not found") }
                let b = await base.value
                var out: [WireNotificationRequest] = []
                for (account, count) in await state.notificationRequests where account < state.world.accounts.count {
                    out.append(WireNotificationRequest(id: "\(account)", notificationsCount: "\(count)",
                                                       account: await state.wireAccount(account, base: b)))
                }
                return try json(out)
            }
        }
        router.post("/api/v1/notifications/requests/:id/:answer") { req, ctx in
            try await authorized(req) {
                if absent { return error(.notFound, "Not found") }
                if let faulted = try await injectedFault() { return faulted }
                try await delay()
                guard let answer = ctx.parameters.get("answer"), answer == "accept" || answer == "dismiss",
                      let account = ctx.parameters.get("id").flatMap({ Int($0) }) else { return error(.notFound, "Record not found") }
                await state.answerNotificationRequest(account, answer)
                return try json([String: String]())
            }
        }
    }
}

/// A request as Mastodon writes it (`notifications_count` is a string there).
struct WireNotificationRequest: Encodable {
    var id: String
    var notificationsCount: String
    var account: WireAccount
}

extension DemoState {
    func policyObject() -> [String: PolicyValue] {
        var out = notificationPolicy.mapValues { PolicyValue.text($0) }
        out["summary"] = .counts(["pending_requests_count": notificationRequests.count,
                                  "pending_notifications_count": notificationRequests.map(\.count).reduce(0, +)])
        return out
    }

    func setPolicy(_ key: String, _ value: String) {
        guard notificationPolicy[key] != nil else { return }
        notificationPolicy[key] = value
        writeLog.append("policy \(key)=\(value)")
    }

    /// Either answer takes the request away; repeated, it changes nothing more.
    func answerNotificationRequest(_ account: Int, _ answer: String) {
        notificationRequests.removeAll { $0.account == account }
        writeLog.append("\(answer) request \(account)")
    }
}

/// A policy's values: its rules are words, its summary counts.
enum PolicyValue: Encodable {
    case text(String)
    case counts([String: Int])

    func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .text(let s): try c.encode(s)
        case .counts(let d): try c.encode(d)
        }
    }
}
