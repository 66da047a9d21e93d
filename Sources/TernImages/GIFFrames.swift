import CGIF

/// The frames of a GIF, one at a time through giflib, each composed onto a canvas reduced by a whole-number
/// step as the file's lines are read: memory is the canvas (and, for a frame that asks for it, the canvas
/// before it), never the full-size picture nor the frames not yet shown. A frame's disposal (keep, clear to
/// transparent, restore what was under it) is applied before the next one is drawn, as browsers do.
final class GIFFrames {
    /// One composed frame and how long it stays, in seconds.
    struct Frame {
        var image: RGBAImage
        var delay: Double
    }

    private final class Reader {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    private let reader: Reader
    private let gif: UnsafeMutablePointer<GifFileType>
    private let limits: ImageLimits
    private let sourceWidth: Int, sourceHeight: Int
    let step: Int
    let width: Int, height: Int
    private var canvas: [UInt8]
    /// What the last frame leaves behind once shown: its rectangle cleared, or the canvas as it was before it.
    private var disposal: (mode: Int, rect: (x: Int, y: Int, w: Int, h: Int), saved: [UInt8]?)?
    private(set) var framesRead = 0
    private var ended = false

    /// Reads the header only. `target`: the smallest size the caller needs (see `ImageDecoder.decode`).
    init(_ bytes: [UInt8], target: (width: Int, height: Int), limits: ImageLimits) throws {
        reader = Reader(bytes)
        self.limits = limits
        var error: Int32 = 0
        let opened: UnsafeMutablePointer<GifFileType>? = DGifOpen(Unmanaged.passUnretained(reader).toOpaque(), { gif, buffer, length in
            guard let gif, let buffer, let user = gif.pointee.UserData else { return 0 }
            let r = Unmanaged<Reader>.fromOpaque(user).takeUnretainedValue()
            let n = max(0, min(Int(length), r.bytes.count - r.offset))
            for i in 0..<n { buffer[i] = r.bytes[r.offset + i] }
            r.offset += n
            return Int32(n)
        }, &error)
        guard let opened else { throw ImageError.corrupt("GIF header") }
        gif = opened
        sourceWidth = Int(opened.pointee.SWidth)
        sourceHeight = Int(opened.pointee.SHeight)
        do { try limits.check(width: sourceWidth, height: sourceHeight) } catch let refused {
            DGifCloseFile(opened, &error)
            throw refused
        }
        step = ImageDecoder.reductionStep(width: sourceWidth, height: sourceHeight, target: target)
        width = (sourceWidth + step - 1) / step
        height = (sourceHeight + step - 1) / step
        canvas = [UInt8](repeating: 0, count: width * height * 4)
    }

    deinit {
        var error: Int32 = 0
        DGifCloseFile(gif, &error)
    }

    /// The next frame, nil after the last. A file cut off after its first frame ends there; one without a
    /// single whole frame throws.
    func next() throws -> Frame? {
        guard !ended else { return nil }
        applyDisposal()
        var transparent = -1, delay = 0, dispose = 0
        var record = UNDEFINED_RECORD_TYPE
        repeat {
            guard DGifGetRecordType(gif, &record) == GIF_OK else { return try end("GIF record") }
            switch record {
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var ext: UnsafeMutablePointer<GifByteType>? = nil
                guard DGifGetExtension(gif, &code, &ext) == GIF_OK else { return try end("GIF extension") }
                // Graphics control: the next image's transparent index, delay (hundredths) and disposal.
                if code == GRAPHICS_EXT_FUNC_CODE, let e = ext, e[0] >= 4 {
                    if e[1] & 1 == 1 { transparent = Int(e[4]) }
                    dispose = Int(e[1] >> 2) & 7
                    delay = Int(e[2]) | Int(e[3]) << 8
                }
                while ext != nil {
                    guard DGifGetExtensionNext(gif, &ext) == GIF_OK else { return try end("GIF extension") }
                }
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { return try end("GIF image") }
                try draw(transparent: transparent, dispose: dispose)
                framesRead += 1
                // Browsers show a delay under two hundredths as a tenth of a second; so do we.
                return Frame(image: RGBAImage(width: width, height: height, pixels: canvas), delay: delay < 2 ? 0.1 : Double(delay) / 100)
            default:
                break
            }
        } while record != TERMINATE_RECORD_TYPE
        ended = true
        if framesRead == 0 { throw ImageError.corrupt("GIF without an image") }
        return nil
    }

    /// A broken record: the end of the animation after a frame, a broken file before one.
    private func end(_ what: String) throws -> Frame? {
        ended = true
        if framesRead == 0 { throw ImageError.corrupt(what) }
        return nil
    }

    private func applyDisposal() {
        guard let d = disposal else { return }
        disposal = nil
        if d.mode == 3, let saved = d.saved { canvas = saved; return }
        guard d.mode == 2 else { return }
        for y in d.rect.y..<min(height, d.rect.y + d.rect.h) {
            for x in d.rect.x..<min(width, d.rect.x + d.rect.w) {
                let o = (y * width + x) * 4
                canvas[o] = 0; canvas[o + 1] = 0; canvas[o + 2] = 0; canvas[o + 3] = 0
            }
        }
    }

    /// Draws the image whose descriptor was just read onto the canvas, every step-th row and column of it.
    private func draw(transparent: Int, dispose: Int) throws {
        let d = gif.pointee.Image
        let w = Int(d.Width), h = Int(d.Height), left = Int(d.Left), top = Int(d.Top)
        try limits.check(width: w, height: h)
        guard let map = d.ColorMap ?? gif.pointee.SColorMap else { throw ImageError.corrupt("GIF without colours") }
        let rect = (x: (left + step - 1) / step, y: (top + step - 1) / step, w: (w + step - 1) / step, h: (h + step - 1) / step)
        disposal = dispose == 2 || dispose == 3 ? (dispose, rect, dispose == 3 ? canvas : nil) : nil
        var line = [GifPixelType](repeating: 0, count: w)
        let rowOrder: [Int] = d.Interlace
            ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: h, by: step)) }
            : Array(0..<h)
        let colours = Int(map.pointee.ColorCount)
        for y in rowOrder {
            // A file cut off mid-frame keeps what was read of it.
            guard DGifGetLine(gif, &line, Int32(w)) == GIF_OK else { ended = true; return }
            let cy = top + y
            guard cy < sourceHeight, cy % step == 0 else { continue }
            let oy = cy / step
            for x in 0..<w where left + x < sourceWidth && (left + x) % step == 0 {
                let idx = Int(line[x])
                guard idx != transparent, idx < colours else { continue }
                let c = map.pointee.Colors[idx]
                let o = (oy * width + (left + x) / step) * 4
                canvas[o] = c.Red; canvas[o + 1] = c.Green; canvas[o + 2] = c.Blue; canvas[o + 3] = 255
            }
        }
    }
}
