import TernModel

/// Decodes and converts pictures off the UI thread. Each worker owns its chafa renderer; the loader keeps
/// one worker per core.
actor RenderWorker {
    /// Where a thumbnail's pixels come from.
    enum Source: Sendable {
        case bytes([UInt8])
        case pixels(RGBAImage)
    }

    private let renderer = ChafaRenderer()

    /// The grid, and the decoded pixels when they were decoded here (for the loader's pixel cache).
    func thumbnail(_ source: Source, columns: Int, rows: Int, mode: ImageColorMode,
                   limits: ImageLimits) throws -> (CellGrid, RGBAImage?) {
        let image: RGBAImage
        var decoded: RGBAImage?
        switch source {
        case .bytes(let bytes):
            // Chafa samples about 8×8 pixels per cell: decoding more than that only costs time.
            image = try ImageDecoder.decode(bytes, target: (columns * 8, rows * 8), limits: limits)
            decoded = image
        case .pixels(let p):
            image = p
        }
        let size = ChafaRenderer.fit(width: image.width, height: image.height, columns: columns, rows: rows)
        // The slot was laid out from the server's sizes. A preview of another shape (a server that crops
        // previews to 16:9 while the original is square) would leave a hole in it; the slot may be on
        // screen, so it keeps its size and the picture is cropped to fill it, from the centre.
        if size.columns < columns - 1 || size.rows < rows - 1 {
            let filled = image.cropped(toAspect: Double(columns) / (Double(rows) / Double(ChafaRenderer.fontRatio)))
            return (renderer.render(filled, columns: columns, rows: rows, mode: mode), decoded)
        }
        return (renderer.render(image, columns: size.columns, rows: size.rows, mode: mode), decoded)
    }

    func blurhash(_ hash: String, columns: Int, rows: Int, aspect: Double?, mode: ImageColorMode) -> CellGrid? {
        // Shape the tiny picture like the real one, so the placeholder has the thumbnail's size.
        let a = aspect ?? 1
        let w = a >= 1 ? 32 : max(4, Int(32 * a)), h = a >= 1 ? max(4, Int(32 / a)) : 32
        guard let image = Blurhash.decode(hash, width: w, height: h) else { return nil }
        let size = ChafaRenderer.fit(width: w, height: h, columns: columns, rows: rows)
        return renderer.render(image, columns: size.columns, rows: size.rows, mode: mode)
    }
}
