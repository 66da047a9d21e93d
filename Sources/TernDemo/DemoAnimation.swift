import CGIF
import CPictureLibraries
import TernImages

/// The demo's moving picture: a ball crossing a striped field, as an animated GIF made with giflib's
/// encoder. It is served twice: as a GIF picture (as Akkoma and GoToSocial keep GIFs), and as a gifv (as
/// Mastodon turns GIFs into). A real gifv is an MP4; the demo has no video encoder, and ffmpeg, which plays
/// gifv in Tern, reads the GIF under that name just the same.
enum DemoAnimation {
    static let width = 320, height = 180, frames = 12
    /// Hundredths of a second each frame stays.
    static let delay = 10

    /// The still the post's preview shows: the first frame, in the served format.
    static func still(as format: ImageSpec.Format) throws -> [UInt8] {
        try ImageEncoder.encode(rgb: frame(0), width: width, height: height, as: format)
    }

    /// Frame `k` as RGB: the ball moves a twelfth of the way across each frame, and its colour turns.
    static func frame(_ k: Int) -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        let cx = 30 + (width - 60) * k / max(1, frames - 1), cy = height / 2, r = 26
        for y in 0..<height {
            for x in 0..<width {
                let o = (y * width + x) * 3
                let stripe = ((x + y) / 20) % 2 == 0
                var c: (UInt8, UInt8, UInt8) = stripe ? (40, 60, 110) : (90, 130, 200)
                let dx = x - cx, dy = y - cy
                if dx * dx + dy * dy <= r * r { c = k % 2 == 0 ? (240, 180, 40) : (230, 90, 60) }
                rgb[o] = c.0; rgb[o + 1] = c.1; rgb[o + 2] = c.2
            }
        }
        return rgb
    }

    /// The still's blurhash, made once.
    static let blurhash = Blurhash.encode(rgb: frame(0), width: width, height: height)

    /// The GIF, made once.
    static let encoded = Result { try gif() }

    /// The animated GIF, every frame whole, each shown `delay` hundredths.
    static func gif() throws -> [UInt8] {
        try PictureLibraries.require()
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        var error: Int32 = 0
        guard let gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), { gif, data, length in
            guard let gif, let data, let user = gif.pointee.UserData else { return 0 }
            Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return length
        }, &error) else { throw ImageError.corrupt("giflib could not start a GIF (\(error))") }
        // A 6×6×6 colour cube: every colour of the frames is within a step of one of its colours.
        var colours = (0..<256).map { i -> GifColorType in
            guard i < 216 else { return GifColorType(Red: 0, Green: 0, Blue: 0) }
            return GifColorType(Red: UInt8(i / 36 * 51), Green: UInt8(i / 6 % 6 * 51), Blue: UInt8(i % 6 * 51))
        }
        let map = GifMakeMapObject(256, &colours)
        defer { GifFreeMapObject(map) }
        EGifSetGifVersion(gif, true)
        // No looping block (its two parts need giflib's block-by-block writer): Tern loops what moves anyway.
        var ok = EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map) == GIF_OK
        for k in 0..<frames where ok {
            var control: [UInt8] = [0, UInt8(delay & 0xFF), UInt8(delay >> 8), 0]
            ok = EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, &control) == GIF_OK
                && EGifPutImageDesc(gif, 0, 0, Int32(width), Int32(height), false, nil) == GIF_OK
            let rgb = frame(k)
            var line = [GifPixelType](repeating: 0, count: width)
            for y in 0..<height where ok {
                for x in 0..<width {
                    let o = (y * width + x) * 3
                    func step(_ v: UInt8) -> Int { (Int(v) + 25) / 51 }
                    line[x] = GifPixelType(step(rgb[o]) * 36 + step(rgb[o + 1]) * 6 + step(rgb[o + 2]))
                }
                ok = EGifPutLine(gif, &line, Int32(width)) == GIF_OK
            }
        }
        let closed = EGifCloseFile(gif, &error) == GIF_OK
        guard ok, closed else { throw ImageError.corrupt("giflib could not write the GIF (\(error))") }
        return sink.bytes
    }
}
