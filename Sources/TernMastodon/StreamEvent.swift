import Foundation
import TernModel

/// One event of the streaming API, decoded. A stream's event carries its payload as a JSON string
/// inside the JSON message (Mastodon, GoToSocial and Akkoma all do this).
package enum StreamEvent: Sendable, Equatable {
    /// A new post in the named streams.
    case update(streams: [String], Post)
    /// A post was edited.
    case statusUpdate(Post)
    /// A post was deleted (its status id).
    case delete(String)
    /// A new notification.
    case notification
    case filtersChanged

    /// The event in a text message, or nil for events Tern does not use. A message that can't be read
    /// throws, saying why: a post it carried would otherwise be lost without a word. `origin`: the server,
    /// where fields of a post it can't read are reported.
    package static func decode(_ text: String, origin: WireOrigin? = nil) throws -> StreamEvent? {
        struct Message: Decodable {
            var stream: [String]?
            var event: String?
            var payload: String?
        }
        let message: Message
        do { message = try JSONDecoder().decode(Message.self, from: Data(text.utf8)) } catch {
            throw MastodonError.invalidResponse("a streamed message that is not a streaming event (\(text.prefix(60).count) of \(text.count) characters)")
        }
        guard let event = message.event else { throw MastodonError.invalidResponse("a streamed message without an event") }
        func post() throws -> Post {
            guard let payload = message.payload else { throw MastodonError.invalidResponse("a streamed \(event) without its post") }
            do { return try MastodonDecoder.post(fromJSON: Data(payload.utf8), origin: origin) } catch {
                throw MastodonError.invalidResponse("a streamed \(event) whose post can't be read: \(error)")
            }
        }
        switch event {
        case "update":
            return .update(streams: message.stream ?? [], try post())
        case "status.update":
            return .statusUpdate(try post())
        case "delete":
            guard let id = message.payload, !id.isEmpty else { throw MastodonError.invalidResponse("a streamed delete without an id") }
            return .delete(id)
        case "notification": return .notification
        case "filters_changed": return .filtersChanged
        default: return nil
        }
    }
}

/// The streaming API's name for a timeline, and the subscribe message for it; nil for timelines it
/// has no stream for (bookmarks, favourites, an account's posts, local search).
package enum StreamName {
    package static func of(_ timeline: TimelineID) -> String? {
        switch timeline {
        case .home: return "user"
        case .local: return "public:local"
        case .federated: return "public"
        case .hashtag(let tag): return "hashtag:" + tag.lowercased()
        case .list(let id, _): return "list:" + id
        default: return nil
        }
    }

    /// `{"type":"subscribe","stream":"hashtag","tag":"cats"}` and the like.
    package static func message(_ type: String, _ name: String) -> String {
        var object: [String: String] = ["type": type]
        if name.hasPrefix("hashtag:") { object["stream"] = "hashtag"; object["tag"] = String(name.dropFirst(8)) }
        else if name.hasPrefix("list:") { object["stream"] = "list"; object["list"] = String(name.dropFirst(5)) }
        else { object["stream"] = name }
        // Strings to strings always encode.
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// The stream names an event's `stream` field gives, in this form (`["hashtag", "cats"]` → `hashtag:cats`).
    package static func names(_ stream: [String]) -> Set<String> {
        guard let first = stream.first else { return [] }
        if stream.count > 1, first == "hashtag" || first == "list" { return [first + ":" + stream[1].lowercased()] }
        return [first]
    }
}

extension MastodonClient {
    /// Where the server says its streaming API is (`/api/v2/instance` → `configuration.urls.streaming`).
    package func advertisedStreamingURL() async throws -> String? {
        let (data, _) = try await send(url: endpoint("/api/v2/instance"), method: .GET)
        struct Instance: Decodable {
            struct Configuration: Decodable { var urls: [String: String]? }
            var configuration: Configuration?
        }
        // An unreadable description is an error the stream logs, not the same as one naming no address.
        return try MastodonDecoder.decode(Instance.self, data, origin).configuration?.urls?["streaming"]
    }

    /// The account's own origin as a WebSocket URL: where streaming is when the advertised address fails.
    package var originStreamingURL: String {
        (baseURL.scheme == "https" ? "wss://" : "ws://") + (baseURL.host ?? "") + (baseURL.port.map { ":\($0)" } ?? "")
    }
}
