/// What one generated picture looks like: enough to draw it again, byte for byte, from the spec alone.
struct ImageSpec: Sendable, Hashable {
    enum Format: String, Sendable, CaseIterable {
        case jpeg, png, webp
        var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
        var mimeType: String { self == .jpeg ? "image/jpeg" : "image/\(rawValue)" }
    }

    enum Pattern: CaseIterable {
        case rings, stripes, tiles, landscape, plasma
    }

    var seed: UInt64
    var width: Int
    var height: Int
    var format: Format
    var pattern: Pattern
    /// Adds grain, so that JPEG sizes and decode costs resemble photographs.
    var photoLike: Bool

    /// The preview rendition: at most 400 px on the long side, as the issue asks of `preview_url`.
    var preview: ImageSpec {
        let scale = min(1.0, 400.0 / Double(max(width, height)))
        var s = self
        s.width = max(1, Int((Double(width) * scale).rounded()))
        s.height = max(1, Int((Double(height) * scale).rounded()))
        return s
    }
}
