import Logging
import TernModel

/// Decodes and converts pictures off the UI thread. Each worker owns its chafa renderer; the loader keeps
/// one worker per core.
actor RenderWorker {
    /// Where a thumbnail's pixels come from.
    enum Source: Sendable {
        case bytes([UInt8])
        case pixels(RGBAImage)
    }

    /// Made at the first picture, which opens the picture libraries (not when the loader starts).
    private lazy var renderer = ChafaRenderer()
    private lazy var encoder = PixelEncoder()

    /// The pixels a `columns`×`rows` box needs decoded: chafa samples about 8×8 per cell for symbols;
    /// pixel modes need the cells' real size. Decoding more only costs time.
    static func decodeTarget(columns: Int, rows: Int, pixels: PixelOutput?) -> (width: Int, height: Int) {
        guard let pixels, pixels.mode.sendsPixels else { return (columns * 8, rows * 8) }
        let p = pixels.pixels(columns: columns, rows: rows)
        return (max(columns * 8, p.width), max(rows * 8, p.height))
    }

    /// The thumbnail (symbols, and pixels in a pixel mode), and the decoded pixels when they were decoded
    /// here (for the loader's pixel cache). `whole`: fitted into the box rather than filling it.
    func thumbnail(_ source: Source, columns: Int, rows: Int, whole: Bool = false, focus: FocalPoint? = nil, mode: ImageColorMode,
                   pixels output: PixelOutput?,
                   limits: ImageLimits) throws -> (Thumbnail, RGBAImage?) {
        try PictureLibraries.require()
        let image: RGBAImage
        var decoded: RGBAImage?
        switch source {
        case .bytes(let bytes):
            image = try ImageDecoder.decode(bytes, target: Self.decodeTarget(columns: columns, rows: rows, pixels: output), limits: limits)
            decoded = image
        case .pixels(let p):
            image = p
        }
        let (columns, rows) = output?.box(columns: columns, rows: rows) ?? (columns, rows)
        // A whole picture in pixels is fitted with the cells' real shape, so that its own shape reaches the screen.
        let ratio = whole ? output.flatMap { $0.mode.sendsPixels ? Double($0.cell.width) / Double($0.cell.height) : nil } : nil
        var size = ChafaRenderer.fit(width: image.width, height: image.height, columns: columns, rows: rows, ratio: ratio)
        // A whole picture one row tall is a custom emoji in a line of text, laid out as its two blank cells: it
        // takes both. Fitted, truncated to whole cells, a square one in cells a little more than half as wide as
        // tall (mlterm's 10×19: 19 pixels are 1.9 cells) took one, cropped to its left half, a blank cell after it.
        if whole, rows == 1, output?.mode.sendsPixels == true { size = (columns, rows) }
        var shaped = image
        // The slot was laid out from the server's sizes. A preview of another shape (a server that crops
        // previews to 16:9 while the original is square) would leave a hole in it; the slot may be on
        // screen, so it keeps its size and the picture is cropped to fill it, around its subject.
        if !whole, size.columns < columns - 1 || size.rows < rows - 1 {
            shaped = image.cropped(toAspect: Double(columns) / (Double(rows) / Double(ChafaRenderer.fontRatio)), focus: focus)
            size = (columns, rows)
        }
        guard let output, output.mode.sendsPixels else {
            return (Thumbnail(grid: renderer.render(shaped, columns: size.columns, rows: size.rows, mode: mode)), decoded)
        }
        // Where pixels go, symbols stand in only for a moment (an iTerm2 picture cut by the list's edge, or past a
        // frame's byte cap): half blocks of the picture's mean colours, at a fraction of chafa's cost, which
        // was most of a kitty thumbnail's (tern-bench images). With 16 colours or fewer (Debian's xterm has
        // 8) mean colours come out as crude blocks: chafa's dithered symbols there.
        let fewColours = mode != .truecolor && mode != .indexed256
        let grid = fewColours ? renderer.render(shaped, columns: size.columns, rows: size.rows, mode: mode)
            : HalfBlocks.grid(shaped.scaled(width: size.columns, height: size.rows * 2), columns: size.columns, rows: size.rows)
        // Pixels fill exactly the cells the symbols take, so either can stand in for the other.
        let p = output.pixels(columns: size.columns, rows: size.rows)
        let boxed = shaped.cropped(toAspect: Double(p.width) / Double(p.height), focus: focus)
        do {
            return (Thumbnail(grid: grid, pixels: try encoder.encode(boxed, columns: size.columns, rows: size.rows, output: output)), decoded)
        } catch {
            // A picture whose pixels can't be encoded still has its symbols.
            Logger(label: "tern.images").warning("couldn't encode a picture for the terminal", metadata: ["error": "\(error)"])
            return (Thumbnail(grid: grid), decoded)
        }
    }

    /// A blurred stand-in of the picture's size, drawn in half blocks: a blur has no edges for chafa's symbols
    /// to find, and a screen of placeholders then needs no picture library (only monochrome, which has no
    /// colours to blur with, goes through chafa).
    func blurhash(_ hash: String, columns: Int, rows: Int, aspect: Double?, mode: ImageColorMode) -> CellGrid? {
        // Shape the tiny picture like the real one, so the placeholder has the thumbnail's size.
        let a = aspect ?? 1
        let w = a >= 1 ? 32 : max(4, Int(32 * a)), h = a >= 1 ? max(4, Int(32 / a)) : 32
        guard let image = Blurhash.decode(hash, width: w, height: h) else { return nil }
        let size = ChafaRenderer.fit(width: w, height: h, columns: columns, rows: rows)
        guard mode == .monochrome else { return HalfBlocks.grid(image, columns: size.columns, rows: size.rows) }
        // No placeholder without chafa; the picture's own thumbnail then fails and says why.
        do { try PictureLibraries.require() } catch { return nil }
        return renderer.render(image, columns: size.columns, rows: size.rows, mode: mode)
    }
}
