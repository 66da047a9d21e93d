import Foundation

/// An emoji reaction on a post, where the server has them (Akkoma and Pleroma's `pleroma.emoji_reactions`,
/// Fedibird's `emoji_reactions`): a Unicode emoji or a custom emoji's shortcode, how many reacted with
/// it, and whether the user is one of them.
package struct Reaction: Sendable, Hashable, Codable {
    /// The emoji itself, or a custom emoji's shortcode without its colons.
    package var name: String
    package var count: Int
    package var me: Bool
    /// A custom emoji's picture; nil for a Unicode emoji.
    package var url: String?
    /// The user's reaction (or its withdrawal) is on its way to the server. Shown, never stored.
    package var pending = false

    enum CodingKeys: String, CodingKey { case name, count, me, url }

    package init(name: String, count: Int, me: Bool = false, url: String? = nil) {
        self.name = name
        self.count = count
        self.me = me
        self.url = url
    }

    /// Whether `text` can be sent as a reaction: one Unicode emoji, or a custom emoji's shortcode (two or more
    /// letters, digits, `_`, `-` and `+`, as servers name them), with or without its colons. Returns the name
    /// to send, else nil.
    package static func name(of text: String) -> String? {
        var t = text.trimmingCharacters(in: .whitespaces)
        if t.count > 2, t.hasPrefix(":"), t.hasSuffix(":") { t = String(t.dropFirst().dropLast()) }
        if t.count >= 2, t.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil
                                                                        || "_-+".unicodeScalars.contains($0)) }) {
            return t
        }
        guard t.count == 1, let first = t.unicodeScalars.first, first.properties.isEmoji,
              first.properties.isEmojiPresentation || t.unicodeScalars.count > 1 else { return nil }
        return t
    }

    /// As text: a custom emoji as its `:shortcode:`, a Unicode one as itself.
    package var label: String {
        url != nil || name.allSatisfy({ $0.isASCII }) ? ":\(name):" : name
    }
}

/// Which API a server's emoji reactions are made through: each carries them on its posts in its own form.
package enum ReactionAPI: String, Sendable, Hashable, Codable {
    /// Akkoma and Pleroma: `pleroma.emoji_reactions`, `PUT /api/v1/pleroma/statuses/:id/reactions/:emoji`.
    case pleroma
    /// Fedibird and its kin: `emoji_reactions`, `PUT /api/v1/statuses/:id/emoji_reactions/:emoji`.
    case fedibird
}
