import Foundation
import TernModel

extension MastodonClient {
    /// The hashtags trending on the server now (`GET /api/v1/trends/tags`), with their uses of the last week.
    /// Servers without trends answer 404.
    package func trendingHashtags() async throws -> [Hashtag] {
        let (data, _) = try await send(url: endpoint("/api/v1/trends/tags?limit=10"), method: .GET)
        return try MastodonDecoder.trendingHashtags(fromJSON: data, origin: origin)
    }
}

extension MastodonClient {
    /// The links shared most on the server now (`GET /api/v1/trends/links`), as link cards.
    package func trendingLinks() async throws -> [LinkCard] {
        let (data, _) = try await send(url: endpoint("/api/v1/trends/links?limit=10"), method: .GET)
        return try MastodonDecoder.decode(LossyArray<CardWire>.self, data, origin).elements.filter { !$0.url.isEmpty }.map {
            LinkCard(url: $0.url, title: $0.title, provider: $0.provider, summary: $0.summary, image: $0.image)
        }
    }
}

extension MastodonDecoder {
    package static func trendingHashtags(fromJSON data: Data, origin: WireOrigin? = nil) throws -> [Hashtag] {
        try decode(LossyArray<HashtagWire>.self, data, origin).elements.map(\.hashtag)
    }
}
