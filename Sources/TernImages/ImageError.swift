import TernHTTP
import TernModel

/// Why an image could not be shown. The UI shows "image unavailable" and keeps going.
package enum ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownFormat
    case tooLarge(String)
    case corrupt(String)
    case download(String)
    /// Not in the disk cache, and the network is not to be used (`--offline`).
    case notCached
    /// A picture library could not be opened (the reason says which and how to install it).
    case unavailable(String)

    package var description: String {
        switch self {
        case .unknownFormat: return "not an image format Tern reads"
        case .tooLarge(let m): return "image too large (\(m))"
        case .corrupt(let m): return "broken image (\(m))"
        case .download(let m): return "download failed (\(m))"
        case .notCached: return "not cached (offline)"
        case .unavailable(let m): return m
        }
    }
}

/// Bounds checked before any pixel is decoded, so a hostile file costs nothing.
package struct ImageLimits: Sendable {
    package var maxBytes: Int
    /// Pixels a picture may declare; decoders reduce while reading, so this bounds time, not memory.
    package var maxPixels: Int
    /// Pixels a decoder may hold at full size when it cannot reduce while reading (interlaced PNG).
    package var maxFullSizePixels: Int

    package init(maxBytes: Int = HTTPFetch.Budget.picture.maxBytes, maxPixels: Int = 48_000_000, maxFullSizePixels: Int = 4_000_000) {
        self.maxBytes = maxBytes
        self.maxPixels = maxPixels
        self.maxFullSizePixels = maxFullSizePixels
    }

    func check(width: Int, height: Int) throws {
        guard width > 0, height > 0 else { throw ImageError.corrupt("declares \(width)×\(height) pixels") }
        guard width <= 65_535, height <= 65_535, width * height <= maxPixels else {
            throw ImageError.tooLarge("\(width)×\(height) pixels")
        }
    }
}

/// An image file format, known by its first bytes (never by URL or Content-Type).
package enum ImageFormat: Sendable, Equatable {
    case jpeg, png, webp, gif

    package static func detect(_ bytes: [UInt8]) -> ImageFormat? {
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return .jpeg }
        if bytes.count >= 8, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.count >= 12, bytes[0..<4].elementsEqual(Array("RIFF".utf8)), bytes[8..<12].elementsEqual(Array("WEBP".utf8)) { return .webp }
        if bytes.count >= 6, bytes[0..<6].elementsEqual(Array("GIF87a".utf8)) || bytes[0..<6].elementsEqual(Array("GIF89a".utf8)) { return .gif }
        return nil
    }
}
