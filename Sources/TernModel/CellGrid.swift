/// A picture converted to terminal cells: one character with a foreground and background colour per cell,
/// ready for the terminal layer to draw.
package struct CellGrid: Sendable, Hashable {
    /// How colour values are to be read.
    package enum ColorSpace: Sendable, Hashable {
        /// 0xRRGGBB values.
        case rgb
        /// Palette indices (256, 16 or 8 colours).
        case indexed
        /// No colour: characters only.
        case none
    }

    package struct Cell: Sendable, Hashable {
        package var character: Unicode.Scalar
        /// -1 means the terminal's default colour.
        package var foreground: Int32
        package var background: Int32
        package init(character: Unicode.Scalar, foreground: Int32, background: Int32) {
            self.character = character
            self.foreground = foreground
            self.background = background
        }
    }

    package var width: Int
    package var height: Int
    package var colorSpace: ColorSpace
    /// Row-major, `width * height` cells.
    package var cells: [Cell]

    package init(width: Int, height: Int, colorSpace: ColorSpace, cells: [Cell]) {
        precondition(cells.count == width * height, "cell count must match geometry")
        self.width = width
        self.height = height
        self.colorSpace = colorSpace
        self.cells = cells
    }

    package subscript(x: Int, y: Int) -> Cell { cells[y * width + x] }

    /// Bytes held, for cache accounting.
    package var byteCount: Int { cells.count * MemoryLayout<Cell>.stride }
}
