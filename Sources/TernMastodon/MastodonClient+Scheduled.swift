import Foundation
import TernModel

/// Posts the server holds to publish later: made by publishing with `scheduled_at`, listed, moved to
/// another time, cancelled.
extension MastodonClient {
    /// Publishes a draft at its `scheduledAt`; the server answers with what it holds. The same key sent
    /// twice makes it once, as for a post.
    package func schedule(_ draft: Draft, at date: Date, mediaIDs: [String], idempotencyKey: String) async throws -> ScheduledPost {
        var form = Self.form(for: draft, mediaIDs: mediaIDs)
        form.append(("visibility", draft.visibility.rawValue))
        if let reply = draft.inReplyToID { form.append(("in_reply_to_id", reply)) }
        form.append(("scheduled_at", Self.wireDate(date)))
        let (data, _) = try await send(url: endpoint("/api/v1/statuses"), method: .POST, form: form,
                                       headers: [("Idempotency-Key", idempotencyKey)])
        return try MastodonDecoder.decode(ScheduledWire.self, data, origin).post
    }

    package func scheduledPosts() async throws -> [ScheduledPost] {
        let (data, _) = try await send(url: endpoint("/api/v1/scheduled_statuses?limit=40"), method: .GET)
        return try MastodonDecoder.decode(LossyArray<ScheduledWire>.self, data, origin).elements.map(\.post)
    }

    package func reschedule(_ id: String, to date: Date) async throws -> ScheduledPost {
        let (data, _) = try await send(url: endpoint("/api/v1/scheduled_statuses/\(Self.escaped(id))"), method: .PUT,
                                       form: [("scheduled_at", Self.wireDate(date))])
        return try MastodonDecoder.decode(ScheduledWire.self, data, origin).post
    }

    package func cancelScheduled(_ id: String) async throws {
        _ = try await send(url: endpoint("/api/v1/scheduled_statuses/\(Self.escaped(id))"), method: .DELETE)
    }

    static func wireDate(_ date: Date) -> String { date.formatted(Date.ISO8601FormatStyle()) }
}

struct ScheduledWire: Decodable {
    var post: ScheduledPost

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let id = c.idString(AnyKey("id")), let at = c.date(AnyKey("scheduled_at")) else {
            throw DecodingError.keyNotFound(AnyKey("scheduled_at"), .init(codingPath: c.codingPath, debugDescription: "not a scheduled post"))
        }
        // The words are only shown in the list of scheduled posts: one whose `params` can't be read is
        // listed by its time, with no text, and can still be moved or cancelled.
        let params: Params? = c.lenient(AnyKey("params"))
        post = ScheduledPost(id: id, scheduledAt: at, text: params?.text ?? "")
    }

    private struct Params: Decodable {
        var text: String?
        init(from decoder: Decoder) throws {
            text = try decoder.container(keyedBy: AnyKey.self).lenient(AnyKey("text"))
        }
    }
}
