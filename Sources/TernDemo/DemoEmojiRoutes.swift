import Foundation
import Hummingbird

/// The demo instance's custom emoji (`/api/v1/custom_emojis`), for completing `:name` in a post; one is
/// kept out of pickers, as a server may.
struct WireCustomEmoji: Encodable {
    var shortcode: String
    var url: String
    var staticUrl: String
    var visibleInPicker: Bool
}

extension DemoRoutes {
    static let emojiShortcodes = ["blobcat", "blobcatheart", "blobfox", "tern", "harbour_light"]

    func registerEmoji(on router: Router<BasicRequestContext>) {
        router.get("/api/v1/custom_emojis") { _, _ in
            try await delay()
            let b = await base.value
            let listed = Self.emojiShortcodes.map { code in
                WireCustomEmoji(shortcode: code, url: "\(b)/emoji/\(code).png", staticUrl: "\(b)/emoji/\(code).png", visibleInPicker: true)
            } + [WireCustomEmoji(shortcode: "blobcat_secret", url: "\(b)/emoji/blobcat_secret.png",
                                 staticUrl: "\(b)/emoji/blobcat_secret.png", visibleInPicker: false)]
            return try json(listed)
        }
    }
}
