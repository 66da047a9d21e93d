import CGIF
import CPNG
import CTurboJPEG
import CWebP
import Glibc

/// Decodes image files to RGBA with the system codec libraries, at reduced scale where the codec can
/// (JPEG DCT scaling, WebP scaling) so a thumbnail never pays for full-resolution pixels.
package enum ImageDecoder {
    /// `target` is the smallest pixel size the caller needs; decoding may stop at any size covering it.
    package static func decode(_ bytes: [UInt8], target: (width: Int, height: Int), limits: ImageLimits = ImageLimits()) throws -> RGBAImage {
        try PictureLibraries.require()
        guard !bytes.isEmpty else { throw ImageError.corrupt("empty file") }
        guard bytes.count <= limits.maxBytes else { throw ImageError.tooLarge("\(bytes.count) bytes") }
        switch ImageFormat.detect(bytes) {
        case .jpeg: return try jpeg(bytes, target: target, limits: limits)
        case .png: return try png(bytes, target: target, limits: limits)
        case .webp: return try webp(bytes, target: target, limits: limits)
        // The first frame: a thumbnail is a still (the large view plays the rest through `GIFFrames` itself).
        case .gif:
            guard let first = try GIFFrames(bytes, target: target, limits: limits).next() else { throw ImageError.corrupt("GIF without an image") }
            return first.image
        case nil: throw ImageError.unknownFormat
        }
    }

    static func jpeg(_ bytes: [UInt8], target: (width: Int, height: Int), limits: ImageLimits) throws -> RGBAImage {
        guard let handle = tjInitDecompress() else { throw ImageError.corrupt("JPEG decoder unavailable") }
        defer { tjDestroy(handle) }
        var w: Int32 = 0, h: Int32 = 0, subsamp: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, bytes, UInt(bytes.count), &w, &h, &subsamp, &colorspace) == 0 else {
            throw ImageError.corrupt("JPEG header: \(String(cString: tjGetErrorStr2(handle)))")
        }
        try limits.check(width: Int(w), height: Int(h))
        // The smallest DCT scale whose output still covers the target.
        var count: Int32 = 0
        var chosen = tjscalingfactor(num: 1, denom: 1)
        if let factors = tjGetScalingFactors(&count) {
            var bestPixels = Int.max
            for i in 0..<Int(count) {
                let f = factors[i]
                let sw = Int(tern_tj_scaled(w, f)), sh = Int(tern_tj_scaled(h, f))
                let covers = sw >= min(Int(w), target.width) && sh >= min(Int(h), target.height)
                if covers, sw * sh < bestPixels { bestPixels = sw * sh; chosen = f }
            }
        }
        let sw = Int(tern_tj_scaled(w, chosen)), sh = Int(tern_tj_scaled(h, chosen))
        var out = [UInt8](repeating: 0, count: sw * sh * 4)
        let rc = tjDecompress2(handle, bytes, UInt(bytes.count), &out, Int32(sw), 0, Int32(sh),
                               Int32(TJPF_RGBA.rawValue), TJFLAG_FASTDCT)
        // A truncated file still yields its decoded top part; only a hard error is fatal.
        if rc != 0, tjGetErrorCode(handle) == Int32(TJERR_FATAL.rawValue) {
            throw ImageError.corrupt("JPEG: \(String(cString: tjGetErrorStr2(handle)))")
        }
        return RGBAImage(width: sw, height: sh, pixels: out)
    }

    static func png(_ bytes: [UInt8], target: (width: Int, height: Int), limits: ImageLimits) throws -> RGBAImage {
        var w: UInt32 = 0, h: UInt32 = 0
        var message = [CChar](repeating: 0, count: 128)
        guard tern_png_size(bytes, bytes.count, &w, &h, &message) != 0 else {
            throw ImageError.corrupt("PNG header: \(String(cString: message))")
        }
        try limits.check(width: Int(w), height: Int(h))
        // Row by row, each output pixel the mean of a step×step box: memory is one row plus the result.
        let step = reductionStep(width: Int(w), height: Int(h), target: target)
        var ow: UInt32 = 0, oh: UInt32 = 0
        let fullSize = Int(w) * Int(h) <= limits.maxFullSizePixels
        guard let out = tern_png_decode_reduced(bytes, bytes.count, UInt32(step), fullSize ? 1 : 0, &ow, &oh, &message) else {
            let reason = String(cString: message)
            if reason.hasPrefix("interlaced") { throw ImageError.tooLarge("interlaced, \(w)×\(h) pixels") }
            throw ImageError.corrupt("PNG: \(reason)")
        }
        defer { free(out) }
        return RGBAImage(width: Int(ow), height: Int(oh), pixels: Array(UnsafeBufferPointer(start: out, count: Int(ow) * Int(oh) * 4)))
    }

    /// The whole-number reduction whose result still covers `target` (at most 4096, so box sums fit 32 bits).
    static func reductionStep(width: Int, height: Int, target: (width: Int, height: Int)) -> Int {
        max(1, min(width / max(1, target.width), height / max(1, target.height), 4096))
    }

    static func webp(_ bytes: [UInt8], target: (width: Int, height: Int), limits: ImageLimits) throws -> RGBAImage {
        var config = WebPDecoderConfig()
        guard tern_webp_init_decoder_config(&config) != 0 else { throw ImageError.corrupt("WebP decoder unavailable") }
        guard WebPGetFeatures(bytes, bytes.count, &config.input) == VP8_STATUS_OK else { throw ImageError.corrupt("WebP header") }
        let w = Int(config.input.width), h = Int(config.input.height)
        try limits.check(width: w, height: h)
        // Scale down in the decoder, keeping the aspect, to the smallest size covering the target.
        let scale = min(1.0, max(Double(target.width) / Double(w), Double(target.height) / Double(h)))
        let sw = max(1, Int((Double(w) * scale).rounded(.up))), sh = max(1, Int((Double(h) * scale).rounded(.up)))
        if sw < w {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(sw)
            config.options.scaled_height = Int32(sh)
        }
        config.output.colorspace = MODE_RGBA
        guard WebPDecode(bytes, bytes.count, &config) == VP8_STATUS_OK else { throw ImageError.corrupt("WebP data") }
        defer { WebPFreeDecBuffer(&config.output) }
        let ow = Int(config.output.width), oh = Int(config.output.height)
        let rgba = config.output.u.RGBA
        guard let base = rgba.rgba else { throw ImageError.corrupt("WebP output") }
        var out = [UInt8](repeating: 0, count: ow * oh * 4)
        for y in 0..<oh {
            for x in 0..<(ow * 4) { out[y * ow * 4 + x] = base[y * Int(rgba.stride) + x] }
        }
        return RGBAImage(width: ow, height: oh, pixels: out)
    }
}
