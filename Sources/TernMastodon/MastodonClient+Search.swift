import Foundation
import TernModel

extension MastodonClient {
    /// The server's search (`/api/v2/search`): accounts, hashtags and posts matching `query`. With `resolve`,
    /// a handle or a link to another server's post or profile is looked up there (WebFinger), so it is found
    /// even if this server never saw it.
    package func search(_ query: String, resolve: Bool = true, limit: Int = 20, type: String? = nil) async throws -> SearchResults {
        let path = "/api/v2/search?q=\(Self.escaped(query))&resolve=\(resolve)&limit=\(limit)" + (type.map { "&type=\($0)" } ?? "")
        let (data, _) = try await send(url: endpoint(path), method: .GET)
        return try MastodonDecoder.searchResults(fromJSON: data, origin: origin)
    }
}

extension MastodonDecoder {
    /// A search's answer. Each list is read leniently: an unreadable entry costs only itself, and is
    /// counted. Hashtags come as objects (Mastodon, GoToSocial) or as bare names (older Pleroma, `/api/v1`).
    package static func searchResults(fromJSON data: Data, origin: WireOrigin? = nil) throws -> SearchResults {
        struct Wire: Decodable {
            var accounts: LossyArray<AccountWire>?
            var statuses: LossyArray<StatusWire>?
            var hashtags: LossyArray<HashtagWire>?
        }
        let wire = try decode(Wire.self, data, origin)
        var results = SearchResults()
        results.accounts = wire.accounts?.elements.map(PostMapping.account) ?? []
        results.hashtags = wire.hashtags?.elements.map(\.hashtag) ?? []
        for status in wire.statuses?.elements ?? [] {
            do { results.posts.append(try PostMapping.post(status)) } catch {
                results.unreadable.append("a post: \(error.description)")
            }
        }
        func said(_ what: String, _ id: String?, _ reason: String) -> String { "\(what)\(id.map { " (\($0))" } ?? ""): \(reason)" }
        results.unreadable += (wire.accounts?.unreadable ?? []).map { said("an account", $0.id, $0.reason) }
        results.unreadable += (wire.statuses?.unreadable ?? []).map { said("a post", $0.id, $0.reason) }
        results.unreadable += (wire.hashtags?.unreadable ?? []).map { said("a hashtag", $0.id, $0.reason) }
        return results
    }
}

/// A hashtag in a search's answer: an object with `name` and `history` (each day's uses, as strings), or a
/// bare name.
struct HashtagWire: Decodable {
    var hashtag: Hashtag

    /// A day of a hashtag's history; `uses` is a numeric string on Mastodon.
    private struct Day: Decodable {
        var uses: Int
        init(from decoder: Decoder) throws {
            uses = try decoder.container(keyedBy: AnyKey.self).count(AnyKey("uses"))
        }
    }

    init(from decoder: Decoder) throws {
        // A bare name (older servers), else the object, whose error is the one told.
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            hashtag = Hashtag(name: name.hasPrefix("#") ? String(name.dropFirst()) : name)
            return
        }
        let c = try decoder.container(keyedBy: AnyKey.self)
        let name = try c.decode(String.self, forKey: AnyKey("name"))
        let history: [Day]? = c.lenient(AnyKey("history"))
        let uses = history.map { $0.map(\.uses).reduce(0, +) }
        hashtag = Hashtag(name: name.hasPrefix("#") ? String(name.dropFirst()) : name, weeklyUses: uses,
                          following: c.lenient(AnyKey("following")))
    }
}

extension MastodonClient {
    /// A hashtag as the server knows it, with whether the user follows it (`GET /api/v1/tags/:name`).
    package func hashtag(named name: String) async throws -> Hashtag {
        let (data, _) = try await send(url: endpoint("/api/v1/tags/\(Self.escaped(name))"), method: .GET)
        return try MastodonDecoder.hashtag(fromJSON: data, origin: origin)
    }

    /// Follows a hashtag, or stops (`POST /api/v1/tags/:name/follow`, `…/unfollow`); the hashtag as it now is.
    package func follow(hashtag name: String, _ wanted: Bool) async throws -> Hashtag {
        let path = "/api/v1/tags/\(Self.escaped(name))/\(wanted ? "follow" : "unfollow")"
        let (data, _) = try await send(url: endpoint(path), method: .POST, form: [])
        var tag = try MastodonDecoder.hashtag(fromJSON: data, origin: origin)
        // Some servers answer without `following`; the request's success says it.
        if tag.following == nil { tag.following = wanted }
        return tag
    }

    /// The hashtags the user follows (`GET /api/v1/followed_tags`, first page).
    package func followedHashtags() async throws -> [Hashtag] {
        let (data, _) = try await send(url: endpoint("/api/v1/followed_tags?limit=100"), method: .GET)
        return try MastodonDecoder.decode(LossyArray<HashtagWire>.self, data, origin).elements.map(\.hashtag)
    }
}

extension MastodonDecoder {
    package static func hashtag(fromJSON data: Data, origin: WireOrigin? = nil) throws -> Hashtag {
        try decode(HashtagWire.self, data, origin).hashtag
    }
}

extension MastodonClient {
    /// The server's custom emoji shortcodes (`GET /api/v1/custom_emojis`), those offered in pickers.
    package func customEmojiShortcodes() async throws -> [String] {
        let (data, _) = try await send(url: endpoint("/api/v1/custom_emojis"), method: .GET, budget: .page)
        return try MastodonDecoder.customEmojiShortcodes(fromJSON: data, origin: origin)
    }
}

extension MastodonDecoder {
    /// A `/api/v1/custom_emojis` body: the shortcodes offered in pickers (one kept out of them is left out).
    package static func customEmojiShortcodes(fromJSON data: Data, origin: WireOrigin? = nil) throws -> [String] {
        struct Wire: Decodable {
            var shortcode: String?
            var visibleInPicker: Bool?
            enum CodingKeys: String, CodingKey { case shortcode, visibleInPicker = "visible_in_picker" }
        }
        return try decode(LossyArray<Wire>.self, data, origin).elements.compactMap { $0.visibleInPicker == false ? nil : $0.shortcode }
    }
}
