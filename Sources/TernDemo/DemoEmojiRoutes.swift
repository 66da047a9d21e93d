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
        // Each emoji's picture: a small square of its own pattern and colours.
        router.get("/emoji/:file") { req, ctx in
            await state.countMediaRequest(req.uri.path)
            guard let file = ctx.parameters.get("file"), file.hasSuffix(".png") else { return error(.notFound, "Not found") }
            let code = String(file.dropLast(4))
            guard Self.emojiShortcodes.contains(code) || code == "blobcat_secret" else { return error(.notFound, "Not found") }
            let seed = code.unicodeScalars.reduce(UInt64(5381)) { $0 &* 33 &+ UInt64($1.value) }
            let spec = ImageSpec(seed: seed, width: 32, height: 32, format: .png, pattern: .rings, photoLike: false)
            let bytes = try ImageEncoder.encode(rgb: PatternRenderer.render(spec), width: 32, height: 32, as: .png)
            return Response(status: .ok, headers: [.contentType: "image/png", .cacheControl: "public, max-age=31536000"],
                            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
    }
}
