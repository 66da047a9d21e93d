import CPNG

/// Writes RGB pixels as a PNG (fast settings, see the C shim): what the demo server serves.
package enum PNGEncoder {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    package static func encode(rgb: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        precondition(rgb.count >= width * height * 3, "RGB buffer smaller than its size")
        try PictureLibraries.require()
        var error = [CChar](repeating: 0, count: 128)
        var length = 0
        guard let file = rgb.withUnsafeBufferPointer({ src in
            error.withUnsafeMutableBufferPointer { tern_png_encode_rgb(src.baseAddress, UInt32(width), UInt32(height), &length, $0.baseAddress) }
        }) else {
            throw Failure(description: "PNG encode failed: \(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
        }
        defer { free(file) }
        return Array(UnsafeBufferPointer(start: file, count: length))
    }
}
