import CGIF

/// The first frame of a GIF through giflib, read record by record so later frames are never decoded, and
/// line by line into a picture reduced by a whole-number step: never the full-size canvas.
enum GIFDecoder {
    private final class Reader {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    static func firstFrame(_ bytes: [UInt8], target: (width: Int, height: Int), limits: ImageLimits) throws -> RGBAImage {
        let reader = Reader(bytes)
        var error: Int32 = 0
        let opened: UnsafeMutablePointer<GifFileType>? = withExtendedLifetime(reader) {
            DGifOpen(Unmanaged.passUnretained(reader).toOpaque(), { gif, buffer, length in
                guard let gif, let buffer, let user = gif.pointee.UserData else { return 0 }
                let r = Unmanaged<Reader>.fromOpaque(user).takeUnretainedValue()
                let n = max(0, min(Int(length), r.bytes.count - r.offset))
                for i in 0..<n { buffer[i] = r.bytes[r.offset + i] }
                r.offset += n
                return Int32(n)
            }, &error)
        }
        guard let gif = opened else { throw ImageError.corrupt("GIF header") }
        defer { DGifCloseFile(gif, &error) }
        return try withExtendedLifetime(reader) {
            let sw = Int(gif.pointee.SWidth), sh = Int(gif.pointee.SHeight)
            try limits.check(width: sw, height: sh)
            let step = ImageDecoder.reductionStep(width: sw, height: sh, target: target)
            let ow = (sw + step - 1) / step, oh = (sh + step - 1) / step
            var out = [UInt8](repeating: 0, count: ow * oh * 4)
            var transparent = -1
            var record = UNDEFINED_RECORD_TYPE
            repeat {
                guard DGifGetRecordType(gif, &record) == GIF_OK else { throw ImageError.corrupt("GIF record") }
                switch record {
                case EXTENSION_RECORD_TYPE:
                    var code: Int32 = 0
                    var ext: UnsafeMutablePointer<GifByteType>? = nil
                    guard DGifGetExtension(gif, &code, &ext) == GIF_OK else { throw ImageError.corrupt("GIF extension") }
                    // Graphics control: transparency index of the next image.
                    if code == GRAPHICS_EXT_FUNC_CODE, let e = ext, e[0] >= 4, e[1] & 1 == 1 { transparent = Int(e[4]) }
                    while ext != nil {
                        guard DGifGetExtensionNext(gif, &ext) == GIF_OK else { throw ImageError.corrupt("GIF extension") }
                    }
                case IMAGE_DESC_RECORD_TYPE:
                    guard DGifGetImageDesc(gif) == GIF_OK else { throw ImageError.corrupt("GIF image") }
                    let d = gif.pointee.Image
                    let w = Int(d.Width), h = Int(d.Height), left = Int(d.Left), top = Int(d.Top)
                    try limits.check(width: w, height: h)
                    guard let map = d.ColorMap ?? gif.pointee.SColorMap else { throw ImageError.corrupt("GIF without colours") }
                    var line = [GifPixelType](repeating: 0, count: w)
                    let rowOrder: [Int] = d.Interlace
                        ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: h, by: step)) }
                        : Array(0..<h)
                    for y in rowOrder {
                        guard DGifGetLine(gif, &line, Int32(w)) == GIF_OK else { break }
                        // Nearest neighbour: every step-th row and column of the canvas.
                        let cy = top + y
                        guard cy < sh, cy % step == 0 else { continue }
                        let oy = cy / step
                        for x in 0..<w where left + x < sw && (left + x) % step == 0 {
                            let idx = Int(line[x])
                            guard idx != transparent, idx < Int(map.pointee.ColorCount) else { continue }
                            let c = map.pointee.Colors[idx]
                            let o = (oy * ow + (left + x) / step) * 4
                            out[o] = c.Red; out[o + 1] = c.Green; out[o + 2] = c.Blue; out[o + 3] = 255
                        }
                    }
                    return RGBAImage(width: ow, height: oh, pixels: out)
                default:
                    break
                }
            } while record != TERMINATE_RECORD_TYPE
            throw ImageError.corrupt("GIF without an image")
        }
    }
}
