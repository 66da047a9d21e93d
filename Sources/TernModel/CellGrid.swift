/// A picture converted to terminal cells: one character with a foreground and background colour per cell,
/// ready for the terminal layer to draw.
public struct CellGrid: Sendable, Hashable {
    /// How colour values are to be read.
    public enum ColorSpace: Sendable, Hashable {
        /// 0xRRGGBB values.
        case rgb
        /// Palette indices (256, 16 or 8 colours).
        case indexed
        /// No colour: characters only.
        case none
    }

    public struct Cell: Sendable, Hashable {
        public var character: Unicode.Scalar
        /// -1 means the terminal's default colour.
        public var foreground: Int32
        public var background: Int32
        public init(character: Unicode.Scalar, foreground: Int32, background: Int32) {
            self.character = character
            self.foreground = foreground
            self.background = background
        }
    }

    public var width: Int
    public var height: Int
    public var colorSpace: ColorSpace
    /// Row-major, `width * height` cells.
    public var cells: [Cell]

    public init(width: Int, height: Int, colorSpace: ColorSpace, cells: [Cell]) {
        precondition(cells.count == width * height, "cell count must match geometry")
        self.width = width
        self.height = height
        self.colorSpace = colorSpace
        self.cells = cells
    }

    public subscript(x: Int, y: Int) -> Cell { cells[y * width + x] }

    /// Bytes held, for cache accounting.
    public var byteCount: Int { cells.count * MemoryLayout<Cell>.stride }
}
