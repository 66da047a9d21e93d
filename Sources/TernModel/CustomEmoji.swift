/// A custom emoji a post's text or an account's name uses as `:shortcode:`, and its picture (the still one,
/// where the server has both: pictures in text don't move).
package struct CustomEmoji: Sendable, Hashable, Codable {
    package var shortcode: String
    package var url: String

    package init(shortcode: String, url: String) {
        self.shortcode = shortcode
        self.url = url
    }
}
