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
        id = c.idString(AnyKey("id"))
        multiple = c.lenient(AnyKey("multiple"))
        voted = c.lenient(AnyKey("voted"))
        options = (c.lenient(AnyKey("options")) as LossyArray<Option>?)?.elements ?? []
        votes = c.count(AnyKey("votes_count"))
        expiresAt = c.date(AnyKey("expires_at"))
        expired = c.lenient(AnyKey("expired")) ?? false
        ownVotes = c.lenient(AnyKey("own_votes")) ?? []
    }
}
