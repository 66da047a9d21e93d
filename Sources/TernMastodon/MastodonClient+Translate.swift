import Foundation
import TernModel

extension MastodonClient {
    /// A post translated by the server (`POST /api/v1/statuses/:id/translate`, Mastodon 4.0 and later)
    /// into the user's language. Servers without a translation service answer 404 (or 403, 503).
    package func translate(statusID: String) async throws -> Translation {
        let (data, _) = try await send(url: endpoint("/api/v1/statuses/\(Self.escaped(statusID))/translate"), method: .POST, form: [])
        return try MastodonDecoder.translation(fromJSON: data, origin: origin)
    }
}

extension MastodonDecoder {
    package static func translation(fromJSON data: Data, origin: WireOrigin? = nil) throws -> Translation {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any], let html = object["content"] as? String else {
            throw MastodonError.invalidResponse("a translation without its text")
        }
        return Translation(content: try HTMLText.styledText(fromHTML: html), spoilerText: object["spoiler_text"] as? String ?? "",
                           sourceLanguage: object["detected_source_language"] as? String, provider: object["provider"] as? String)
    }
}
