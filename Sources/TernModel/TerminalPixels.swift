/// How pictures reach the terminal. `symbols` (chafa's character art) works in every terminal and is the
/// fallback of every other mode; the rest send real pixels.
package enum GraphicsMode: String, Sendable, Hashable, CaseIterable {
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
    package var sendsPixels: Bool { self == .kitty || self == .sixel || self == .iterm }
}

/// The size of one character cell in pixels, as the terminal reports it.
package struct CellPixels: Sendable, Hashable {
    package var width: Int
    package var height: Int
    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// What terminals that don't say use most often (a 10×20 cell), so pixel modes still get sensible sizes.
    package static let typical = CellPixels(width: 10, height: 20)
}

/// A picture in a form the terminal draws as pixels. Made once per picture and box size.
package enum TerminalPixels: Sendable, Hashable {
    /// Pixels for kitty's protocol, `width`×`height`, shown over `columns`×`rows` cells.
    case kitty(KittyPixels)
    /// A finished sixel or iTerm2 sequence, drawn at the cursor over `columns`×`rows` cells.
    case inline(InlinePicture)
    /// A kitty picture the terminal holds under `id` (sent already), `height` pixels tall: drawn as
    /// placeholder cells, or placed at its cells.
    case kittyImage(id: UInt32, columns: Int, rows: Int, height: Int)

    package var byteCount: Int {
        switch self {
        case .kitty(let k): return k.payload.count
        case .inline(let p): return p.sequence.count
        case .kittyImage: return 0
        }
    }
}

package struct KittyPixels: Sendable, Hashable {
    package var width: Int
    package var height: Int
    package var columns: Int
    package var rows: Int
    /// The pixels as kitty's protocol takes them, ready to send: RGB rows deflated with zlib (`f=24,o=z`), in
    /// base64. Made with the thumbnail, off the UI loop, which only cuts it into the protocol's chunks.
    package var payload: [UInt8]
    package init(width: Int, height: Int, columns: Int, rows: Int, payload: [UInt8]) {
        self.width = width
        self.height = height
        self.columns = columns
        self.rows = rows
        self.payload = payload
    }
}

package struct InlinePicture: Sendable, Hashable {
    package var columns: Int
    package var rows: Int
    package var sequence: [UInt8]
    package init(columns: Int, rows: Int, sequence: [UInt8]) {
        self.columns = columns
        self.rows = rows
        self.sequence = sequence
    }
}

/// A thumbnail as drawn: its symbols (always: the fallback where pixels can't go) and, in a pixel mode,
/// its pixels.
package struct Thumbnail: Sendable, Hashable {
    package var grid: CellGrid
    package var pixels: TerminalPixels?
    package init(grid: CellGrid, pixels: TerminalPixels? = nil) {
        self.grid = grid
        self.pixels = pixels
    }

    package var byteCount: Int { grid.byteCount + (pixels?.byteCount ?? 0) }
}
