import Foundation
import TernModel

extension MastodonClient {
    /// Votes in a poll (`POST /api/v1/polls/:id/votes`, the options by index) and returns the poll as the
    /// server now counts it. A server refuses a second vote and a vote in a closed poll (422).
    package func vote(pollID: String, choices: [Int]) async throws -> Poll {
        let form = choices.map { ("choices[]", String($0)) }
        let (data, _) = try await send(url: endpoint("/api/v1/polls/\(Self.escaped(pollID))/votes"), method: .POST, form: form)
        return try MastodonDecoder.poll(fromJSON: data, origin: origin)
    }

    /// A poll as the server counts it now (`GET /api/v1/polls/:id`): whether the user's vote is in.
    package func poll(id: String) async throws -> Poll {
        let (data, _) = try await send(url: endpoint("/api/v1/polls/\(Self.escaped(id))"), method: .GET)
        return try MastodonDecoder.poll(fromJSON: data, origin: origin)
    }
}
