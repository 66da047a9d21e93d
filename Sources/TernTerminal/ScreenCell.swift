/// How a cell looks, with its colours already turned into what this terminal takes (see `Screen.look`).
/// Three 32-bit words: with `ScreenCell`'s 64-bit marks and 32-bit base, a cell is 24 bytes with no
/// padding, so a row of cells can be compared and hashed as raw memory (padding bytes are undefined).
struct CellLook: Hashable {
    /// `CellLook.color` codes: 0 is the terminal's default colour.
    var foreground: UInt32
    var background: UInt32
    /// `CellLook.bold` and its siblings, or'd together, in the low bits; above `linkShift`, the number of
    /// the cell's hyperlink in the screen's `LinkTable` (0: none).
    var attributes: UInt32

    init(foreground: UInt32 = 0, background: UInt32 = 0, attributes: UInt32 = 0) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    static let plain = CellLook()

    static let bold: UInt32 = 1, dim: UInt32 = 2, italic: UInt32 = 4, underline: UInt32 = 8, reverse: UInt32 = 16

    static let linkShift: UInt32 = 8
    static let maxLink = 1 << 24 - 1
    var link: UInt32 { attributes >> Self.linkShift }

    /// A palette entry (0–255) as a colour code.
    static func palette(_ index: Int) -> UInt32 { 0x0100_0000 | UInt32(index & 0xFF) }
    /// A 24-bit colour as a colour code.
    static func rgb(_ value: UInt32) -> UInt32 { 0x0200_0000 | (value & 0xFF_FFFF) }
}

/// One character cell as Tern draws it: a base scalar with up to three zero-width marks after it
/// (combining accents, variation selectors, kitty's placeholder diacritics), and its look. Plain bits,
/// so comparing two frames is comparing memory.
struct ScreenCell: Hashable {
    /// Up to three marks of 21 bits each, the first in the low bits; 0 when there are none.
    var marks: UInt64
    /// The base scalar; 0 for the right half of a wide character (the terminal fills it itself).
    var base: UInt32
    var look: CellLook

    init(base: UInt32, marks: UInt64 = 0, look: CellLook) {
        self.base = base
        self.marks = marks
        self.look = look
    }

    static let blank = ScreenCell(base: 0x20, look: .plain)
    /// A cell no frame ever holds: a row of them is a row the terminal must be sent whole.
    static let unknown = ScreenCell(base: .max, look: .plain)

    var isWideTail: Bool { base == 0 }

    /// Adds a zero-width mark; false when three are there already (curses kept four; three is what any
    /// real text or kitty's placeholders use, and more would only be noise).
    mutating func addMark(_ scalar: UInt32) -> Bool {
        for slot in 0..<3 where marks >> (21 * UInt64(slot)) & 0x1F_FFFF == 0 {
            marks |= UInt64(scalar & 0x1F_FFFF) << (21 * UInt64(slot))
            return true
        }
        return false
    }

    /// The base and its marks, in order.
    func forEachScalar(_ body: (UInt32) -> Void) {
        body(base)
        var m = marks
        while m != 0 {
            body(UInt32(m & 0x1F_FFFF))
            m >>= 21
        }
    }
}
