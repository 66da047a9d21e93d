import CPictureLibraries
import TernModel

/// How many colours thumbnails may use; follows what the terminal can show.
package enum ImageColorMode: Sendable, Hashable {
    case truecolor, indexed256, indexed16, indexed8, monochrome
}

/// Converts pixels into a cell grid with libchafa. Owns its chafa symbol map; one renderer per worker,
/// never shared across threads.
package final class ChafaRenderer {
    private let symbols: OpaquePointer
    /// Terminal cells are about twice as tall as wide; chafa needs this to keep pictures unsquashed.
    static let fontRatio: Float = 0.5

    package init() {
        symbols = chafa_symbol_map_new()
        chafa_symbol_map_add_by_tags(symbols, TERN_CHAFA_SYMBOL_TAG_BLOCK | TERN_CHAFA_SYMBOL_TAG_BORDER | TERN_CHAFA_SYMBOL_TAG_SPACE
                                     | TERN_CHAFA_SYMBOL_TAG_SOLID | TERN_CHAFA_SYMBOL_TAG_STIPPLE)
        // Wide and ambiguous-width symbols would not line up with curses' idea of one cell per symbol.
        chafa_symbol_map_remove_by_tags(symbols, TERN_CHAFA_SYMBOL_TAG_WIDE | TERN_CHAFA_SYMBOL_TAG_AMBIGUOUS)
    }

    deinit { chafa_symbol_map_unref(symbols) }

    /// The grid size that fits a `width`×`height` picture into `columns`×`rows` cells, keeping its aspect
    /// and never more cells than pixels: chafa's rule (`chafa_calc_canvas_geometry` without zoom or stretch,
    /// which a test holds it to), here so that laying out a placeholder does not open chafa. `ratio`: a
    /// cell's width over its height (chafa's font ratio, 1:2 unless the terminal's real cells are known).
    package static func fit(width: Int, height: Int, columns: Int, rows: Int,
                           ratio cellRatio: Double? = nil) -> (columns: Int, rows: Int) {
        guard width > 0, height > 0, columns > 0, rows > 0 else { return (1, 1) }
        var w = min(columns, width), h = min(rows, height)
        let ratio = cellRatio ?? Double(fontRatio)
        let pictureAspect = Double(width) / Double(height)
        // Truncated, as Debian's chafa (1.12) does; later versions round up.
        if pictureAspect > Double(w) / Double(h) * ratio {
            h = Int(Double(w) * (ratio / pictureAspect))
        } else {
            w = Int(Double(h) * (pictureAspect / ratio))
        }
        return (max(1, min(w, columns)), max(1, min(h, rows)))
    }

    package func render(_ image: RGBAImage, columns: Int, rows: Int, mode: ImageColorMode) -> CellGrid {
        let config = chafa_canvas_config_new()!
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
        chafa_canvas_config_set_symbol_map(config, symbols)
        let canvasMode: UInt32
        let space: CellGrid.ColorSpace
        switch mode {
        case .truecolor: canvasMode = TERN_CHAFA_CANVAS_MODE_TRUECOLOR; space = .rgb
        case .indexed256: canvasMode = TERN_CHAFA_CANVAS_MODE_INDEXED_240; space = .indexed
        case .indexed16: canvasMode = TERN_CHAFA_CANVAS_MODE_INDEXED_16; space = .indexed
        case .indexed8: canvasMode = TERN_CHAFA_CANVAS_MODE_INDEXED_8; space = .indexed
        case .monochrome: canvasMode = TERN_CHAFA_CANVAS_MODE_FGBG; space = .none
        }
        chafa_canvas_config_set_canvas_mode(config, canvasMode)
        let canvas = chafa_canvas_new(config)!
        defer { chafa_canvas_unref(canvas) }
        image.pixels.withUnsafeBufferPointer { px in
            chafa_canvas_draw_all_pixels(canvas, TERN_CHAFA_PIXEL_RGBA8_UNASSOCIATED, px.baseAddress,
                                         Int32(image.width), Int32(image.height), Int32(image.width * 4))
        }
        var cells: [CellGrid.Cell] = []
        cells.reserveCapacity(columns * rows)
        for y in 0..<Int32(rows) {
            for x in 0..<Int32(columns) {
                let ch = chafa_canvas_get_char_at(canvas, x, y)
                var fg: Int32 = -1, bg: Int32 = -1
                // Truecolor: packed RGB. Indexed modes: only the raw call gives palette pens (0–255).
                switch space {
                case .rgb: chafa_canvas_get_colors_at(canvas, x, y, &fg, &bg)
                case .indexed: chafa_canvas_get_raw_colors_at(canvas, x, y, &fg, &bg)
                case .none: break
                }
                cells.append(CellGrid.Cell(character: Unicode.Scalar(ch) ?? " ", foreground: fg, background: bg))
            }
        }
        return CellGrid(width: columns, height: rows, colorSpace: space, cells: cells)
    }
}
