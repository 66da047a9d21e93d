import Foundation
import TernModel

extension MastodonClient {
    /// Adds the user's emoji reaction to a status (`on`), or takes it back, through the API the server's
    /// posts showed reactions in; returns the status as the server now sees it. `emoji` is a Unicode emoji
    /// or a custom emoji's shortcode without colons.
    package func react(statusID: String, emoji: String, _ on: Bool, via api: ReactionAPI) async throws -> Post {
        let path: String
        switch api {
        case .pleroma: path = "/api/v1/pleroma/statuses/\(Self.escaped(statusID))/reactions/\(Self.escaped(emoji))"
        case .fedibird: path = "/api/v1/statuses/\(Self.escaped(statusID))/emoji_reactions/\(Self.escaped(emoji))"
        }
        let (data, _) = try await send(url: endpoint(path), method: on ? .PUT : .DELETE)
        return try MastodonDecoder.post(fromJSON: data, origin: origin)
    }
}
