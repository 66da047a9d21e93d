import Foundation
import Hummingbird

/// A post the demo holds to publish later.
struct DemoScheduled: Sendable {
    var id: Int
    var at: Date
    var request: DemoState.WriteRequest
}

/// A scheduled status as Mastodon writes it.
struct WireScheduled: Encodable {
    struct Params: Encodable {
        var text: String
        var visibility: String
        var inReplyToId: String?
    }
    var id: String
    var scheduledAt: String
    var params: Params
    var mediaAttachments: [String] = []
}

/// Scheduled posts on the demo instance, as Mastodon has them: made by publishing with `scheduled_at`
/// (at least five minutes ahead; the same Idempotency-Key makes one), listed, moved, cancelled, and
/// published when their time comes (as the demo's clock is looked at).
extension DemoRoutes {
    func registerScheduled(on router: Router<BasicRequestContext>) {
        router.get("/api/v1/scheduled_statuses") { req, _ in
            try await authorized(req) {
                try await delay()
                return try json(await state.dueScheduled().map(Self.wire))
            }
        }
        router.put("/api/v1/scheduled_statuses/:id") { req, ctx in
            try await authorized(req) {
                if let faulted = try await injectedFault() { return faulted }
                let form = Dictionary(try await formPairs(req, upTo: 1 << 12), uniquingKeysWith: { $1 })
                try await delay()
                guard let id = ctx.parameters.get("id").flatMap({ Int($0) }), let raw = form["scheduled_at"],
                      let at = try? Date(raw, strategy: .iso8601) else { return error(.notFound, "Record not found") }
                switch await state.moveScheduled(id, to: at) {
                case .ok(let held)?: return try json(Self.wire(held))
                case .refused(let why)?: return error(.init(code: 422), why)
                case nil: return error(.notFound, "Record not found")
                }
            }
        }
        router.delete("/api/v1/scheduled_statuses/:id") { req, ctx in
            try await authorized(req) {
                if let faulted = try await injectedFault() { return faulted }
                try await delay()
                guard let id = ctx.parameters.get("id").flatMap({ Int($0) }), await state.cancelScheduled(id) else {
                    return error(.notFound, "Record not found")
                }
                return try json([String: String]())
            }
        }
    }

    static func wire(_ s: DemoScheduled) -> WireScheduled {
        WireScheduled(id: "\(s.id)", scheduledAt: s.at.formatted(Date.ISO8601FormatStyle()),
                      params: .init(text: s.request.text, visibility: s.request.visibility, inReplyToId: s.request.inReplyTo))
    }
}

extension DemoState {
    enum ScheduleOutcome {
        case ok(DemoScheduled)
        case refused(String)
    }

    func schedule(_ r: WriteRequest, at: Date) -> ScheduleOutcome {
        if let key = r.idempotencyKey, let held = scheduled.first(where: { $0.request.idempotencyKey == key }) { return .ok(held) }
        guard at.timeIntervalSinceNow >= 295 else { return .refused("Validation failed: Scheduled at The scheduled date must be in the future") }
        let held = DemoScheduled(id: nextScheduledID, at: at, request: r)
        nextScheduledID += 1
        scheduled.append(held)
        writeLog.append("schedule \(held.id)")
        return .ok(held)
    }

    func moveScheduled(_ id: Int, to at: Date) -> ScheduleOutcome? {
        guard let i = scheduled.firstIndex(where: { $0.id == id }) else { return nil }
        guard at.timeIntervalSinceNow >= 295 else { return .refused("Validation failed: Scheduled at The scheduled date must be in the future") }
        scheduled[i].at = at
        writeLog.append("reschedule \(id)")
        return .ok(scheduled[i])
    }

    func cancelScheduled(_ id: Int) -> Bool {
        guard scheduled.contains(where: { $0.id == id }) else { return false }
        scheduled.removeAll { $0.id == id }
        writeLog.append("unschedule \(id)")
        return true
    }

    /// Publishes those whose time has come; the rest, soonest first.
    func dueScheduled() -> [DemoScheduled] {
        for held in scheduled where held.at <= Date() {
            var r = held.request
            r.idempotencyKey = nil
            r.scheduledAt = nil
            _ = publish(r)
        }
        scheduled.removeAll { $0.at <= Date() }
        return scheduled.sorted { $0.at < $1.at }
    }
}
