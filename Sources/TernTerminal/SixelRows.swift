import TernModel

extension InlinePicture {
    /// The part of a sixel picture over its cell rows `rows` (a picture cut by the list's edge), as a sixel
    /// of its own to be placed at the first of them; nil for an iTerm2 picture, or when no whole band of six
    /// pixel rows falls within them. Its bands are the picture's own, not made again: cutting is cheap
    /// enough for the UI loop, and the part is as sharp as the whole (symbols stood in for it, which with
    /// xterm's 8 colours were a coarse dithered blur). Only whole bands lie within the rows, so the part is
    /// drawn up to five pixel rows short of its cells, never over the cells beside them.
    package func sixelRows(_ wanted: Range<Int>) -> InlinePicture? {
        let rows = wanted.clamped(to: 0..<self.rows)
        guard !rows.isEmpty, let parts = SixelParts(sequence) else { return nil }
        if rows == 0..<self.rows { return self }
        let height = parts.height, bands = parts.bands.count
        // The picture's pixel rows are spread evenly over its cell rows (chafa fits it to whole bands).
        let first = (rows.lowerBound * height + 6 * self.rows - 1) / (6 * self.rows)
        let end = min(bands, rows.upperBound * height / (6 * self.rows))
        guard first < end else { return nil }
        return InlinePicture(columns: columns, rows: rows.count,
                             sequence: parts.joined(bands: first..<end, height: min(end * 6, height) - first * 6))
    }
}

/// A sixel sequence taken apart at its bands: the introducer, the raster attributes, and each band's data
/// (the `-`-separated runs of six pixel rows).
private struct SixelParts {
    var introducer: ArraySlice<UInt8>
    var raster: [Int]
    var bands: [ArraySlice<UInt8>]
    /// The data ended with a `-` after its last band.
    var trailingNewline: Bool

    static let hash = UInt8(ascii: "#"), newline = UInt8(ascii: "-"), quote = UInt8(ascii: "\""), escape: UInt8 = 0x1B

    init?(_ s: [UInt8]) {
        guard s.count > 4, s[0] == Self.escape, s[1] == UInt8(ascii: "P"),
              let q = s.firstIndex(of: UInt8(ascii: "q")), s[2..<q].allSatisfy(Self.isParameter),
              let end = s.lastIndex(of: Self.escape), end > q else { return nil }
        introducer = s[...q]
        var i = q + 1
        raster = []
        if i < end, s[i] == Self.quote {
            var j = i + 1
            while j < end, Self.isParameter(s[j]) { j += 1 }
            raster = Self.numbers(s[(i + 1)..<j])
            i = j
        }
        bands = s[i..<end].split(separator: Self.newline, omittingEmptySubsequences: false)
        trailingNewline = bands.count > 1 && bands.last?.isEmpty == true
        if trailingNewline { bands.removeLast() }
    }

    /// The picture's height in pixels: as its raster attributes say, else its bands'.
    var height: Int { raster.count >= 4 && raster[3] > 0 ? min(raster[3], bands.count * 6) : bands.count * 6 }

    /// The sequence of the bands `kept` alone, `height` pixels tall. What the bands before them define (the
    /// palette, which chafa writes at the start of the first) and the colour they leave chosen go first.
    func joined(bands kept: Range<Int>, height: Int) -> [UInt8] {
        var out = Array(introducer)
        if raster.count >= 4 {
            out += Array("\"\(raster[0]);\(raster[1]);\(raster[2]);\(height)".utf8)
        }
        var chosen: ArraySlice<UInt8>?
        for band in bands[..<kept.lowerBound] {
            var i = band.startIndex
            while let h = band[i...].firstIndex(of: Self.hash) {
                var j = h + 1
                while j < band.endIndex, Self.isParameter(band[j]) { j += 1 }
                let command = band[h..<j]
                if command.contains(UInt8(ascii: ";")) {
                    out += command
                    chosen = nil   // a definition chooses its colour too
                } else {
                    chosen = command
                }
                i = j
            }
        }
        if let chosen { out += chosen }
        for (n, band) in bands[kept].enumerated() {
            if n > 0 { out.append(Self.newline) }
            out += band
        }
        if trailingNewline { out.append(Self.newline) }
        out += [Self.escape, UInt8(ascii: "\\")]
        return out
    }

    static func isParameter(_ c: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || c == UInt8(ascii: ";") }

    static func numbers(_ s: ArraySlice<UInt8>) -> [Int] {
        s.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { Int(String(decoding: $0, as: UTF8.self)) ?? 0 }
    }
}
