import CPNG

/// Writes RGB pixels as a PNG with libpng's simplified API: what kitty and iTerm2 are sent, and what the
/// demo server serves.
public enum PNGEncoder {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static func encode(rgb: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        precondition(rgb.count >= width * height * 3, "RGB buffer smaller than its size")
        try PictureLibraries.require()
        var image = png_image()
        image.version = png_uint_32(tern_png_image_version())
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = tern_png_format_rgb()
        var size: png_alloc_size_t = 0
        let probe = rgb.withUnsafeBytes { src in
            png_image_write_to_memory(&image, nil, &size, 0, src.baseAddress, Int32(width * 3), nil)
        }
        guard probe != 0, size > 0 else { throw Failure(description: "PNG size probe failed") }
        var out = [UInt8](repeating: 0, count: Int(size))
        let rc = out.withUnsafeMutableBytes { dst in
            rgb.withUnsafeBytes { src in
                png_image_write_to_memory(&image, dst.baseAddress, &size, 0, src.baseAddress, Int32(width * 3), nil)
            }
        }
        png_image_free(&image)
        guard rc != 0 else { throw Failure(description: "PNG encode failed") }
        return Array(out.prefix(Int(size)))
    }
}
