import TernModel

/// How this session shows pictures: the terminal's mode and cell size, inside tmux whether sequences are
/// wrapped for the terminal outside, and how thumbnails are laid out; plus what finding out left over (a
/// note for the user, keys typed meanwhile).
package struct Graphics: Sendable {
    package var mode: GraphicsMode
    package var tmux: Bool
    package var cell: CellPixels
    package var layout: PictureLayout
    package var note: String?
    package var typed: [UInt8]
    /// The largest picture the terminal takes, in pixels, where it said.
    package var limit: CellPixels?
    /// The terminal's background, 0xRRGGBB, where it said.
    package var background: UInt32?
    /// kitty pictures are placed at the cursor rather than drawn as placeholder cells (kitty before 0.28).
    package var kittyDirect: Bool
    /// What the terminal said it is (XTVERSION), where it said: which desktop notification it shows.
    package var terminal: String?
    /// The terminal has synchronized output (mode 2026).
    package var synchronizedOutput = false

    package init(mode: GraphicsMode = .symbols, tmux: Bool = false, cell: CellPixels = .typical, limit: CellPixels? = nil,
                background: UInt32? = nil, kittyDirect: Bool = false, layout: PictureLayout = PictureLayout(), note: String? = nil,
                typed: [UInt8] = []) {
        self.background = background
        self.kittyDirect = kittyDirect
        self.mode = mode
        self.tmux = tmux
        self.cell = cell
        self.limit = limit
        self.layout = layout
        self.note = note
        self.typed = typed
    }
}

/// The size and number of pictures in a post, and whether avatars and pictures are drawn at all.
package struct PictureLayout: Sendable, Hashable {
    /// Rows of a thumbnail, nil to follow the window's width.
    package var rows: Int?
    /// Widest thumbnail in columns, nil to follow from its rows (a 16:9 picture's width).
    package var columns: Int?
    /// Avatars beside authors' names.
    package var avatars: Bool
    /// No pictures at all (`images = "off"`): a line says what is attached.
    package var off: Bool
    /// Low-data mode: only the selected post's pictures are fetched; the rest show their blurhash.
    package var lowData: Bool
    /// The terminal draws pixels (kitty, sixel, iTerm2): custom emoji are pictures in the text, where
    /// symbols would say nothing in two cells.
    package var pixels = false

    package init(rows: Int? = nil, columns: Int? = nil, avatars: Bool = true, off: Bool = false, lowData: Bool = false) {
        self.rows = rows
        self.columns = columns
        self.avatars = avatars
        self.off = off
        self.lowData = lowData
    }

    /// Thumbnail rows for a window `width` columns wide: 8 at 120 columns, from 5 on narrow windows to 14 on wide ones.
    func thumbnailRows(width: Int) -> Int {
        if let rows { return max(2, min(40, rows)) }
        return max(5, min(14, width / 15))
    }

    /// Widest thumbnail: a 16:9 picture at the thumbnail's rows, cells being about twice as tall as wide.
    func maxColumns(rows: Int) -> Int {
        if let columns { return max(4, columns) }
        return Int((Double(rows) * 2 * 16 / 9).rounded())
    }
}
