import CPictureLibraries
import Foundation
import TernModel

/// How thumbnails go to the terminal as pixels, when they do: the mode and the size of a cell in pixels.
package struct PixelOutput: Sendable, Hashable {
    package var mode: GraphicsMode
    package var cell: CellPixels
    /// The largest picture the terminal takes, where it said (xterm's sixel area: 1000×1000 by default);
    /// a larger one is cut or dropped by the terminal, so pictures are made to fit it.
    package var limit: CellPixels?
    /// Pictures are sent with every pixel of their box, a small one enlarged here: where they are placed at
    /// their cells (`kittyDirect`), Konsole draws a picture at its own size, whatever cells it is given.
    package var fillsBox: Bool
    package init(mode: GraphicsMode, cell: CellPixels, limit: CellPixels? = nil, fillsBox: Bool = false) {
        self.mode = mode
        self.cell = cell
        self.limit = limit
        self.fillsBox = fillsBox
    }

    /// The largest box of cells within the terminal's limit, at most `columns`×`rows`.
    func box(columns: Int, rows: Int) -> (columns: Int, rows: Int) {
        guard let limit, mode.sendsPixels, cell.width > 0, cell.height > 0 else { return (columns, rows) }
        return (max(1, min(columns, limit.width / cell.width)), max(1, min(rows, limit.height / cell.height)))
    }

    /// Pictures larger than this each way are sent smaller (kitty and sixel both slow down past it).
    static let maxSide = 2400

    /// The pixel size of a `columns`×`rows` box, within `maxSide`, keeping its shape.
    func pixels(columns: Int, rows: Int) -> (width: Int, height: Int) {
        var w = columns * cell.width, h = rows * cell.height
        let over = max(w, h)
        if over > Self.maxSide { w = w * Self.maxSide / over; h = h * Self.maxSide / over }
        return (max(1, w), max(1, h))
    }
}

/// Turns decoded pixels into what the terminal draws: deflated RGB for kitty, a JPEG for iTerm2, chafa's
/// sixels for sixel terminals. One per render worker, like the chafa renderer it sits beside.
final class PixelEncoder {
    private let termInfo: OpaquePointer

    init() {
        // chafa's fallback terminal knows every pixel protocol's sequences; the mode picks the one used.
        termInfo = chafa_term_db_get_fallback_info(chafa_term_db_get_default())
    }

    deinit { chafa_term_info_unref(termInfo) }

    /// `image` already has the box's shape; it becomes `columns`×`rows` cells of pixels.
    func encode(_ image: RGBAImage, columns: Int, rows: Int, output: PixelOutput) throws -> TerminalPixels? {
        switch output.mode {
        case .kitty, .iterm:
            // Never more pixels than the picture has: the terminal scales it up to the cells itself, unless it
            // does not.
            let size = output.pixels(columns: columns, rows: rows)
            let w = output.fillsBox ? size.width : min(size.width, image.width)
            let h = output.fillsBox ? size.height : min(size.height, image.height)
            let rgb = image.scaled(width: w, height: h).rgb()
            if output.mode == .kitty {
                return .kitty(KittyPixels(width: w, height: h, columns: columns, rows: rows, 
                                          payload: Array(Data(try Deflate.compress(rgb)).base64EncodedData())))
            }
            // iTerm2's inline image: the file itself, stretched over the cells (it already has their shape).
            // A JPEG: iTerm2, WezTerm, Konsole and mintty all read one, and it costs a tenth of a PNG's time.
            let file = try JPEGEncoder.encode(rgb: rgb, width: w, height: h)
            let header = "\u{1B}]1337;File=inline=1;size=\(file.count);width=\(columns);height=\(rows);preserveAspectRatio=0:"
            let sequence = Array(header.utf8) + Array(Data(file).base64EncodedData()) + [0x07]
            return .inline(InlinePicture(columns: columns, rows: rows, sequence: sequence))
        case .sixel:
            return chafaSequence(image, columns: columns, rows: rows, output: output).map {
                .inline(InlinePicture(columns: columns, rows: rows, sequence: $0))
            }
        case .symbols, .off:
            return nil
        }
    }

    private func chafaSequence(_ image: RGBAImage, columns: Int, rows: Int, output: PixelOutput) -> [UInt8]? {
        // Sixels come in bands of six pixel rows, and chafa cuts a picture to whole bands by squeezing it: one
        // a cell tall lost up to a third of its height (a custom emoji in xterm's 17-pixel cells came out
        // 16×12, squashed). Such a picture keeps its shape within the whole bands, from its cells' left edge.
        // (Drawn on bands past the cell, into the row below, it came out wrong in xterm and mlterm: tried.) A
        // taller picture loses at most five rows of many, and is drawn as it was.
        let config = chafa_canvas_config_new()!
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
        chafa_canvas_config_set_cell_geometry(config, Int32(output.cell.width), Int32(output.cell.height))
        var picture = image
        let width = columns * output.cell.width, bands = output.cell.height / 6 * 6
        if rows == 1, bands > 0, bands < output.cell.height {
            let fitted = min(width, max(1, bands * image.width / max(1, image.height)))
            let height = min(bands, max(1, width * image.height / max(1, image.width)))
            picture = image.scaled(width: fitted, height: height)
            chafa_canvas_config_set_geometry(config, 1, 1)
            chafa_canvas_config_set_cell_geometry(config, Int32(fitted), Int32(height))
        }
        chafa_canvas_config_set_pixel_mode(config, TERN_CHAFA_PIXEL_MODE_SIXELS)
        chafa_canvas_config_set_canvas_mode(config, TERN_CHAFA_CANVAS_MODE_TRUECOLOR)
        guard let canvas = chafa_canvas_new(config) else { return nil }
        defer { chafa_canvas_unref(canvas) }
        picture.pixels.withUnsafeBufferPointer { px in
            chafa_canvas_draw_all_pixels(canvas, TERN_CHAFA_PIXEL_RGBA8_UNASSOCIATED, px.baseAddress,
                                         Int32(picture.width), Int32(picture.height), Int32(picture.width * 4))
        }
        guard let printed = chafa_canvas_print(canvas, termInfo) else { return nil }
        defer { tern_gstring_free(printed) }
        return Array(UnsafeRawBufferPointer(start: tern_gstring_bytes(printed), count: tern_gstring_length(printed)))
    }
}

extension RGBAImage {
    /// The picture resampled to `width`×`height` by averaging the source pixels each output pixel covers
    /// (a box filter: sharp enough for thumbnails, no ringing). Enlarging repeats pixels.
    func scaled(width w: Int, height h: Int) -> RGBAImage {
        guard w > 0, h > 0, width > 0, height > 0, w != width || h != height else { return self }
        var out = [UInt8](repeating: 0, count: w * h * 4)
        pixels.withUnsafeBufferPointer { src in
            for y in 0..<h {
                let y0 = y * height / h, y1 = max(y0 + 1, (y + 1) * height / h)
                for x in 0..<w {
                    let x0 = x * width / w, x1 = max(x0 + 1, (x + 1) * width / w)
                    var r = 0, g = 0, b = 0, a = 0
                    for sy in y0..<y1 {
                        var i = (sy * width + x0) * 4
                        for _ in x0..<x1 {
                            r += Int(src[i]); g += Int(src[i + 1]); b += Int(src[i + 2]); a += Int(src[i + 3])
                            i += 4
                        }
                    }
                    let n = (y1 - y0) * (x1 - x0), o = (y * w + x) * 4
                    out[o] = UInt8(r / n); out[o + 1] = UInt8(g / n); out[o + 2] = UInt8(b / n); out[o + 3] = UInt8(a / n)
                }
            }
        }
        return RGBAImage(width: w, height: h, pixels: out)
    }

    /// Three bytes a pixel, transparent parts laid on black (most terminals' background).
    func rgb() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeBufferPointer { src in
            for i in 0..<(width * height) {
                let a = Int(src[i * 4 + 3])
                out[i * 3] = UInt8(Int(src[i * 4]) * a / 255)
                out[i * 3 + 1] = UInt8(Int(src[i * 4 + 1]) * a / 255)
                out[i * 3 + 2] = UInt8(Int(src[i * 4 + 2]) * a / 255)
            }
        }
        return out
    }
}
