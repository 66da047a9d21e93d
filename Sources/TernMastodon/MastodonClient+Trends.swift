import Foundation
import TernModel

extension MastodonClient {
    /// The hashtags trending on the server now (`GET /api/v1/trends/tags`), with their uses of the last week.
    /// Servers without trends answer 404.
    public func trendingHashtags() async throws -> [Hashtag] {
        let (data, _) = try await send(url: endpoint("/api/v1/trends/tags?limit=10"), method: .GET)
        return try MastodonDecoder.trendingHashtags(fromJSON: data)
    }
}

extension MastodonDecoder {
    public static func trendingHashtags(fromJSON data: Data) throws -> [Hashtag] {
        try decode(LossyArray<HashtagWire>.self, data).elements.map(\.hashtag)
    }
}
