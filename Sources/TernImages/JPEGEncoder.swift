import CTurboJPEG

/// Writes RGB pixels as a JPEG with libjpeg-turbo: what iTerm2-protocol terminals are sent (a photo's
/// thumbnail in about a tenth of a PNG's time, at a fraction of its bytes), and what the demo serves.
package enum JPEGEncoder {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    package static func encode(rgb: [UInt8], width: Int, height: Int, quality: Int = 85) throws -> [UInt8] {
        precondition(rgb.count >= width * height * 3, "RGB buffer smaller than its size")
        do { try PictureLibraries.require() } catch { throw Failure(description: "\(error)") }
        guard let handle = tjInitCompress() else { throw Failure(description: "tjInitCompress failed") }
        defer { tjDestroy(handle) }
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let rc = rgb.withUnsafeBufferPointer { src in
            tjCompress2(handle, src.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue),
                        &out, &size, Int32(TJSAMP_420.rawValue), Int32(quality), TJFLAG_FASTDCT)
        }
        defer { if let out { tjFree(out) } }
        guard rc == 0, let out else { throw Failure(description: "JPEG encode failed: \(String(cString: tjGetErrorStr2(handle)))") }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }
}
