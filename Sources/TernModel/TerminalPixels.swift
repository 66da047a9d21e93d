/// How pictures reach the terminal. `symbols` (chafa's character art) works in every terminal and is the
/// fallback of every other mode; the rest send real pixels.
public enum GraphicsMode: String, Sendable, Hashable, CaseIterable {
    /// kitty's graphics protocol, drawn through Unicode placeholder cells (kitty, Ghostty; tmux with passthrough),
    /// or placed at their cells where there are none (kitty before 0.28, Konsole).
    case kitty
    /// DEC sixel graphics (xterm -ti vt340, foot, WezTerm, Konsole, mlterm, Windows Terminal).
    case sixel
    /// iTerm2's inline images (iTerm2, WezTerm, Konsole, mintty).
    case iterm
    /// chafa's symbols: character cells with colours.
    case symbols
    /// No pictures: a line of text says what is there.
    case off

    /// Modes that send pixels rather than characters.
    public var sendsPixels: Bool { self == .kitty || self == .sixel || self == .iterm }
}

/// The size of one character cell in pixels, as the terminal reports it.
public struct CellPixels: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// What terminals that don't say use most often (a 10×20 cell), so pixel modes still get sensible sizes.
    public static let typical = CellPixels(width: 10, height: 20)
}

/// A picture in a form the terminal draws as pixels. Made once per picture and box size.
public enum TerminalPixels: Sendable, Hashable {
    /// Pixels for kitty's protocol, `width`×`height`, shown over `columns`×`rows` cells.
    case kitty(KittyPixels)
    /// A finished sixel or iTerm2 sequence, drawn at the cursor over `columns`×`rows` cells.
    case inline(InlinePicture)
    /// A kitty picture the terminal holds under `id` (sent already), `height` pixels tall: drawn as
    /// placeholder cells, or placed at its cells.
    case kittyImage(id: UInt32, columns: Int, rows: Int, height: Int)

    public var byteCount: Int {
        switch self {
        case .kitty(let k): return k.payload.count
        case .inline(let p): return p.sequence.count
        case .kittyImage: return 0
        }
    }
}

public struct KittyPixels: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var columns: Int
    public var rows: Int
    /// The pixels as kitty's protocol takes them, ready to send: RGB rows deflated with zlib (`f=24,o=z`), in
    /// base64. Made with the thumbnail, off the UI loop, which only cuts it into the protocol's chunks.
    public var payload: [UInt8]
    public init(width: Int, height: Int, columns: Int, rows: Int, payload: [UInt8]) {
        self.width = width
        self.height = height
        self.columns = columns
        self.rows = rows
        self.payload = payload
    }
}

public struct InlinePicture: Sendable, Hashable {
    public var columns: Int
    public var rows: Int
    public var sequence: [UInt8]
    public init(columns: Int, rows: Int, sequence: [UInt8]) {
        self.columns = columns
        self.rows = rows
        self.sequence = sequence
    }
}

/// A thumbnail as drawn: its symbols (always: the fallback where pixels can't go) and, in a pixel mode,
/// its pixels.
public struct Thumbnail: Sendable, Hashable {
    public var grid: CellGrid
    public var pixels: TerminalPixels?
    public init(grid: CellGrid, pixels: TerminalPixels? = nil) {
        self.grid = grid
        self.pixels = pixels
    }

    public var byteCount: Int { grid.byteCount + (pixels?.byteCount ?? 0) }
}
