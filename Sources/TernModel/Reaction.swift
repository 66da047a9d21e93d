/// An emoji reaction on a post, where the server has them (Akkoma and Pleroma's `pleroma.emoji_reactions`,
/// Fedibird's `emoji_reactions`): a Unicode emoji or a custom emoji's shortcode, how many reacted with
/// it, and whether the user is one of them.
public struct Reaction: Sendable, Hashable, Codable {
    /// The emoji itself, or a custom emoji's shortcode without its colons.
    public var name: String
    public var count: Int
    public var me: Bool
    /// A custom emoji's picture; nil for a Unicode emoji.
    public var url: String?

    public init(name: String, count: Int, me: Bool = false, url: String? = nil) {
        self.name = name
        self.count = count
        self.me = me
        self.url = url
    }

    /// As text: a custom emoji as its `:shortcode:`, a Unicode one as itself.
    public var label: String {
        url != nil || name.allSatisfy({ $0.isASCII }) ? ":\(name):" : name
    }
}
