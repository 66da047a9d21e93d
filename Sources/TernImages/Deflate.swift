import CZlib

/// zlib's deflate (RFC 1950), as kitty's graphics protocol takes pixels with `o=z`.
enum Deflate {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `level` 1: the fastest, as a thumbnail is made while the user waits for it.
    static func compress(_ bytes: [UInt8], level: Int32 = 1) throws -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let rc = out.withUnsafeMutableBufferPointer { dst in
            bytes.withUnsafeBufferPointer { src in compress2(dst.baseAddress, &size, src.baseAddress, uLong(bytes.count), level) }
        }
        guard rc == Z_OK else { throw Failure(description: "deflate failed (zlib \(rc))") }
        out.removeLast(out.count - Int(size))
        return out
    }
}
