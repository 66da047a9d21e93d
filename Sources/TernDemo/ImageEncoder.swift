import CWebP
import Foundation
import TernImages

/// Encodes RGB buffers with the real codec libraries, so the demo serves files a real server would.
enum ImageEncoder {
    struct EncodeError: Error, CustomStringConvertible {
        var description: String
    }

    static func encode(rgb: [UInt8], width: Int, height: Int, as format: ImageSpec.Format) throws -> [UInt8] {
        do { try PictureLibraries.require() } catch { throw EncodeError(description: "\(error)") }
        switch format {
        case .jpeg: return try jpeg(rgb: rgb, width: width, height: height, quality: 85)
        case .png: return try png(rgb: rgb, width: width, height: height)
        case .webp: return try webp(rgb: rgb, width: width, height: height, quality: 80)
        }
    }

    static func jpeg(rgb: [UInt8], width: Int, height: Int, quality: Int32) throws -> [UInt8] {
        do { return try JPEGEncoder.encode(rgb: rgb, width: width, height: height, quality: Int(quality)) } catch {
            throw EncodeError(description: "\(error)")
        }
    }

    static func png(rgb: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        do { return try PNGEncoder.encode(rgb: rgb, width: width, height: height) } catch { throw EncodeError(description: "\(error)") }
    }

    static func webp(rgb: [UInt8], width: Int, height: Int, quality: Float) throws -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>? = nil
        let size = rgb.withUnsafeBufferPointer { src in
            WebPEncodeRGB(src.baseAddress, Int32(width), Int32(height), Int32(width * 3), quality, &output)
        }
        defer { if let output { WebPFree(output) } }
        guard size > 0, let output else { throw EncodeError(description: "WebP encode failed") }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
