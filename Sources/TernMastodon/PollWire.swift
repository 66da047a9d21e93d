import Foundation
import TernModel

/// A poll as servers send it, as tolerant as the other wire types (Wire.swift).
struct PollWire: Decodable {
    struct Option: Decodable {
        var title: String
        var votes: Int?
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            title = c.lenient(AnyKey("title")) ?? ""
            votes = c.lenient(AnyKey("votes_count"))
        }
    }
    var options: [Option]
    var votes: Int
    var expiresAt: Date?
    var expired: Bool
    var ownVotes: [Int]
    var id: String?
    var multiple: Bool?
    var voted: Bool?
    var emojis: [CustomEmoji]?

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        emojis = EmojiWire.list(c)
        // Ids are strings on Mastodon, numbers on some servers.
        id = c.lenient(AnyKey("id")) ?? (c.lenient(AnyKey("id")) as Int?).map(String.init)
        multiple = c.lenient(AnyKey("multiple"))
        voted = c.lenient(AnyKey("voted"))
        options = (c.lenient(AnyKey("options")) as LossyArray<Option>?)?.elements ?? []
        votes = c.count(AnyKey("votes_count"))
        expiresAt = (c.lenient(AnyKey("expires_at")) as String?).flatMap(WireDate.parse)
        expired = c.lenient(AnyKey("expired")) ?? false
        ownVotes = c.lenient(AnyKey("own_votes")) ?? []
    }
}
