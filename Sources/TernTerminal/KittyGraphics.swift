import TernModel

/// kitty's graphics protocol as Tern speaks it: a picture is sent once under an id, with a virtual
/// placement (`U=1`), and then shown wherever cells hold the placeholder character `U+10EEEE` in the id's
/// colour, with diacritics that say which row and column of the picture each cell is. Curses draws those
/// cells like text, so scrolling a picture costs cells, not pixels, and it works through tmux. Where the
/// terminal draws no placeholders (kitty before 0.28, Konsole), the picture is sent without a placement
/// and placed at its cells, each placement deleted by id when it leaves them.
package enum KittyGraphics {
    package static let placeholder: Unicode.Scalar = "\u{10EEEE}"

    /// The protocol's row/column diacritics (its `rowcolumn-diacritics.txt`): the n-th one means n.
    /// Kept as ranges of code points; 297 in all.
    private static let diacriticRanges: [ClosedRange<UInt32>] = [
        0x0305...0x0305, 0x030D...0x030E, 0x0310...0x0310, 0x0312...0x0312, 0x033D...0x033F, 0x0346...0x0346,
        0x034A...0x034C, 0x0350...0x0352, 0x0357...0x0357, 0x035B...0x035B, 0x0363...0x036F, 0x0483...0x0487,
        0x0592...0x0595, 0x0597...0x0599, 0x059C...0x05A1, 0x05A8...0x05A9, 0x05AB...0x05AC, 0x05AF...0x05AF,
        0x05C4...0x05C4, 0x0610...0x0617, 0x0657...0x065B, 0x065D...0x065E, 0x06D6...0x06DC, 0x06DF...0x06E2,
        0x06E4...0x06E4, 0x06E7...0x06E8, 0x06EB...0x06EC, 0x0730...0x0730, 0x0732...0x0733, 0x0735...0x0736,
        0x073A...0x073A, 0x073D...0x073D, 0x073F...0x0741, 0x0743...0x0743, 0x0745...0x0745, 0x0747...0x0747,
        0x0749...0x074A, 0x07EB...0x07F1, 0x07F3...0x07F3, 0x0816...0x0819, 0x081B...0x0823, 0x0825...0x0827,
        0x0829...0x082D, 0x0951...0x0951, 0x0953...0x0954, 0x0F82...0x0F83, 0x0F86...0x0F87, 0x135D...0x135F,
        0x17DD...0x17DD, 0x193A...0x193A, 0x1A17...0x1A17, 0x1A75...0x1A7C, 0x1B6B...0x1B6B, 0x1B6D...0x1B73,
        0x1CD0...0x1CD2, 0x1CDA...0x1CDB, 0x1CE0...0x1CE0, 0x1DC0...0x1DC1, 0x1DC3...0x1DC9, 0x1DCB...0x1DCC,
        0x1DD1...0x1DE6, 0x1DFE...0x1DFE, 0x20D0...0x20D1, 0x20D4...0x20D7, 0x20DB...0x20DC, 0x20E1...0x20E1,
        0x20E7...0x20E7, 0x20E9...0x20E9, 0x20F0...0x20F0, 0x2CEF...0x2CF1, 0x2DE0...0x2DFF, 0xA66F...0xA66F,
        0xA67C...0xA67D, 0xA6F0...0xA6F1, 0xA8E0...0xA8F1, 0xAAB0...0xAAB0, 0xAAB2...0xAAB3, 0xAAB7...0xAAB8,
        0xAABE...0xAABF, 0xAAC1...0xAAC1, 0xFE20...0xFE26, 0x10A0F...0x10A0F, 0x10A38...0x10A38,
        0x1D185...0x1D189, 0x1D1AA...0x1D1AD, 0x1D242...0x1D244,
    ]

    package static let diacritics: [Unicode.Scalar] = diacriticRanges.flatMap { $0.compactMap(Unicode.Scalar.init) }

    /// The number a diacritic stands for, or nil.
    package static func number(of diacritic: Unicode.Scalar) -> Int? { diacriticIndex[diacritic] }
    private static let diacriticIndex: [Unicode.Scalar: Int] = Dictionary(uniqueKeysWithValues: diacritics.enumerated().map { ($1, $0) })

    /// The largest picture, in cells each way, that placeholders can address.
    package static var maxCells: Int { diacritics.count }

    /// A placeholder cell: the character, its row and column, and the id's high byte when it has one.
    package static func cell(row: Int, column: Int, idHighByte: Int) -> [Unicode.Scalar] {
        var c = [placeholder, diacritics[min(row, maxCells - 1)], diacritics[min(column, maxCells - 1)]]
        if idHighByte > 0 { c.append(diacritics[idHighByte]) }
        return c
    }

    /// Sends a picture under `id`, in quiet mode (no answer), and gives it a virtual placement of
    /// `columns`×`rows` cells unless `direct` (it is then placed at cells by `place`). Split into the
    /// protocol's 4,096-byte chunks; each wrapped for tmux when asked.
    package static func transmit(id: UInt32, _ p: KittyPixels, tmux: Bool, direct: Bool = false) -> [UInt8] {
        let payload = p.payload
        var out: [UInt8] = []
        out.reserveCapacity(payload.count + payload.count / 4096 * 24 + 128)
        var offset = 0
        repeat {
            let end = min(payload.count, offset + 4096)
            let more = end < payload.count ? 1 : 0
            let keys = offset == 0
                ? (direct ? "a=t" : "a=T,U=1,c=\(p.columns),r=\(p.rows)") + ",f=24,o=z,s=\(p.width),v=\(p.height),i=\(id),q=2,m=\(more)"
                : "m=\(more)"
            var chunk = Array("\u{1B}_G\(keys);".utf8)
            chunk += payload[offset..<end]
            chunk += [0x1B, UInt8(ascii: "\\")]
            out += tmux ? TmuxPassthrough.wrap(chunk) : chunk
            offset = end
        } while offset < payload.count
        return out
    }

    /// Shows the picture held under `id` over `columns`×`rows` cells from the cursor, the cursor left where it
    /// is (`C=1`); `crop`: only these pixel rows of it. `placement` tells this placement from the picture's
    /// others (an avatar beside several posts).
    package static func place(id: UInt32, placement: UInt32, columns: Int, rows: Int, crop: (y: Int, height: Int)? = nil) -> [UInt8] {
        let part = crop.map { ",y=\($0.y),h=\(max(1, $0.height))" } ?? ""
        return Array("\u{1B}_Ga=p,i=\(id),p=\(placement)\(part),c=\(columns),r=\(rows),C=1,q=2\u{1B}\\".utf8)
    }

    /// Takes one placement off the screen; the picture stays held for the next.
    package static func unplace(id: UInt32, placement: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=i,i=\(id),p=\(placement),q=2\u{1B}\\".utf8)
    }

    /// Frees a picture and its placements in the terminal.
    package static func delete(id: UInt32, tmux: Bool) -> [UInt8] {
        let seq = Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
        return tmux ? TmuxPassthrough.wrap(seq) : seq
    }
}
