import CNcursesw
import Foundation
import TernModel

/// Pictures the terminal draws as pixels at the cursor (sixel, iTerm2). The frame holds blank cells under
/// them, and the pictures are written after its update. A picture is sent again only when it is new or
/// moved, or when its lines were repainted; lines a picture left are repainted in full so no pixels stay
/// behind. Bytes per frame are capped: pictures past the cap are drawn as symbols by
/// the caller, and come as pixels on a later frame once the view holds still.
struct InlinePictures {
    struct Placement: Equatable {
        var key: Int
        var row: Int
        var column: Int
        var columns: Int
        var rows: Int
        var sequence: [UInt8]

        func same(as o: Placement) -> Bool {
            key == o.key && row == o.row && column == o.column && columns == o.columns && rows == o.rows
        }
        var lines: Range<Int> { row..<(row + rows) }
    }

    /// What a scroll over ssh may cost at most, in bytes of pictures per frame (about a third of a second
    /// at 4 Mbit/s). The first picture of a frame always goes, so one large picture is never refused.
    static let bytesPerFrame = 160_000

    private(set) var shown: [Placement] = []
    private(set) var frame: [Placement] = []
    private(set) var frameBytes = 0
    /// Pictures refused this frame for the cap (and not covered since).
    private var refused: [Placement] = []
    var deferred: Int { refused.count }
    /// Bytes of pictures sent since start (for benchmarks).
    private(set) var bytesSent = 0

    mutating func begin() {
        frame = []
        frameBytes = 0
        refused = []
    }

    /// What placing `p` costs this frame: nothing when it is on screen already, there.
    private func cost(_ p: Placement) -> Int { shown.contains { $0.same(as: p) } ? 0 : p.sequence.count }

    mutating func place(_ p: Placement) -> Bool {
        let cost = cost(p)
        if cost > 0, frameBytes > 0, frameBytes + cost > Self.bytesPerFrame {
            refused.append(p)
            return false
        }
        frameBytes += cost
        frame.append(p)
        return true
    }

    /// Takes back this frame's pictures that an overlay covers (their cells stay blank under it). Their
    /// bytes no longer count against the frame's: the large view's picture, placed after its list's, was
    /// otherwise refused for pictures it hides, frame after frame, and stayed symbols.
    mutating func cover(rows: Range<Int>, columns: Range<Int>) {
        func covered(_ p: Placement) -> Bool { p.lines.overlaps(rows) && (p.column..<(p.column + p.columns)).overlaps(columns) }
        frameBytes -= frame.filter(covered).reduce(0) { $0 + cost($1) }
        frame.removeAll(where: covered)
        refused.removeAll(where: covered)
    }

    /// Whether any picture is on screen or placed in this frame.
    var any: Bool { !shown.isEmpty || !frame.isEmpty }

    /// Lines of pictures that are gone from where they were: they are repainted whole.
    func linesToRepaint() -> [Range<Int>] {
        shown.filter { old in !frame.contains { $0.same(as: old) } }.map(\.lines)
    }

    /// The pictures to write now, and remembers the frame as shown.
    mutating func finish(repainted: [Range<Int>]) -> [Placement] {
        let send = frame.filter { p in
            !shown.contains { $0.same(as: p) } || repainted.contains { $0.overlaps(p.lines) }
        }
        shown = frame
        bytesSent += send.reduce(0) { $0 + $1.sequence.count }
        return send
    }

    /// After a full repaint nothing of the old pictures is on screen.
    mutating func forgetShown() { shown = [] }
}

extension Screen {
    /// Writes bytes straight to the terminal, between frames (kitty's transmissions).
    public func emit(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { _ = fwrite($0.baseAddress, 1, $0.count, outputFile) }
        fflush(outputFile)
    }

    /// Places a sixel or iTerm2 picture with its top-left cell at (row, column). False when this frame's
    /// byte cap is reached: the caller draws the picture's symbols instead.
    public func place(_ picture: InlinePicture, key: Int, row: Int, column: Int) -> Bool {
        guard row >= 0, column >= 0, row + picture.rows <= rows, column + picture.columns <= columns else { return false }
        return pictures.place(.init(key: key, row: row, column: column, columns: picture.columns, rows: picture.rows,
                                    sequence: picture.sequence))
    }

    /// An overlay drawn over this region: pictures placed under it are taken back.
    public func coverPictures(rows: Range<Int>, columns: Range<Int>) { pictures.cover(rows: rows, columns: columns) }

    /// Pictures the last frame drew as symbols for the byte cap; a redraw once input stops sends them.
    public var picturesDeferred: Int { pictures.deferred }

    /// Bytes of sixel and iTerm2 pictures written since start.
    public var pictureBytesSent: Int { pictures.bytesSent }

    func emitPictures(repainted: [Range<Int>]) {
        let send = pictures.finish(repainted: repainted)
        guard !send.isEmpty else { return }
        var out: [UInt8] = []
        for p in send {
            out += Array("\u{1B}[\(p.row + 1);\(p.column + 1)H".utf8)
            out += p.sequence
        }
        emit(out)
    }

    /// Whether kitty's placeholders can be coloured with their image ids here (they need 256 colours or more).
    public var canDrawKittyPlaceholders: Bool { colorMode == .direct || colorMode == .indexed256 }

    /// Draws the placeholder cells of a kitty picture held by the terminal under `id`, top-left at (row,
    /// column); rows outside `visibleRows` are skipped, so a picture cut by the list's edge shows its part.
    public func drawKitty(id: UInt32, columns: Int, rows pictureRows: Int, row: Int, column: Int, visibleRows: Range<Int>) {
        let low = id & 0xFF, high = Int(id >> 24)
        let look = CellLook(foreground: code(colorMode == .direct ? .rgb(low) : .index(Int(low))))
        frame.putBlock(width: columns, height: pictureRows, row: row, column: column, visibleRows: visibleRows) { x, y in
            let cell = KittyGraphics.cell(row: y, column: x, idHighByte: high)
            return (cell[0], cell.dropFirst(), look)
        }
    }
}
