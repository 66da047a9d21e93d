/// The first frame of a GIF: later frames are never decoded (a thumbnail is a still; the large view plays
/// the rest through `GIFFrames` itself).
enum GIFDecoder {
    static func firstFrame(_ bytes: [UInt8], target: (width: Int, height: Int), limits: ImageLimits) throws -> RGBAImage {
        guard let frame = try GIFFrames(bytes, target: target, limits: limits).next() else { throw ImageError.corrupt("GIF without an image") }
        return frame.image
    }
}
