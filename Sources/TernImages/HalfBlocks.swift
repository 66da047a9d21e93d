import TernModel

/// A picture as upper half blocks (▀): each cell shows two pixels, the top one as the foreground colour and
/// the bottom one as the background, in RGB (the screen brings it down to what the terminal has). Right
/// for smooth pictures such as blurhash placeholders; edges need chafa's symbols.
enum HalfBlocks {
    static func grid(_ image: RGBAImage, columns: Int, rows: Int) -> CellGrid {
        // The pixel at the centre of each half cell.
        func colour(column: Int, half: Int) -> Int32 {
            let x = min(image.width - 1, (2 * column + 1) * image.width / (2 * columns))
            let y = min(image.height - 1, (2 * half + 1) * image.height / (4 * rows))
            let o = (y * image.width + x) * 4
            return Int32(image.pixels[o]) << 16 | Int32(image.pixels[o + 1]) << 8 | Int32(image.pixels[o + 2])
        }
        var cells: [CellGrid.Cell] = []
        cells.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                cells.append(CellGrid.Cell(character: "\u{2580}", foreground: colour(column: column, half: 2 * row),
                                           background: colour(column: column, half: 2 * row + 1)))
            }
        }
        return CellGrid(width: columns, height: rows, colorSpace: .rgb, cells: cells)
    }
}
