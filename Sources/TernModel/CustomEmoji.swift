/// A custom emoji a post's text or an account's name uses as `:shortcode:`, and its picture (the still one,
/// where the server has both: pictures in text don't move).
public struct CustomEmoji: Sendable, Hashable, Codable {
    public var shortcode: String
    public var url: String

    public init(shortcode: String, url: String) {
        self.shortcode = shortcode
        self.url = url
    }
}
