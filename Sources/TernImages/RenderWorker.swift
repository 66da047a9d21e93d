import TernModel

/// Decodes and converts pictures off the UI thread. Each worker owns its chafa renderer; the loader keeps
/// one worker per core.
actor RenderWorker {
    private let renderer = ChafaRenderer()

    func thumbnail(_ bytes: [UInt8], columns: Int, rows: Int, mode: ImageColorMode, limits: ImageLimits) throws -> CellGrid {
        // Chafa samples about 8×8 pixels per cell: decoding more than that only costs time.
        let image = try ImageDecoder.decode(bytes, target: (columns * 8, rows * 8), limits: limits)
        let size = ChafaRenderer.fit(width: image.width, height: image.height, columns: columns, rows: rows)
        return renderer.render(image, columns: size.columns, rows: size.rows, mode: mode)
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
