import CNcursesw
import Foundation
import TernModel

/// Pictures the terminal draws as pixels at the cursor (sixel, iTerm2, kitty placed directly). The frame
/// holds blank cells under them, and the pictures are written after its update. A picture is sent again only
/// when it is new or moved, or when its lines were repainted. Pixels that text overwrites (sixel, iTerm2)
/// go by repainting the lines a picture left in full; a kitty placement lives on a layer of its own and
/// goes only by its `removal`, sent for every placement that left, whatever else cleared the screen. Bytes
/// per frame are capped: pictures past the cap are drawn as symbols by the caller, and come as pixels on a
/// later frame once the view holds still.
struct InlinePictures {
    struct Placement: Equatable {
        var key: Int
        var row: Int
        var column: Int
        var columns: Int
        var rows: Int
        var sequence: [UInt8]
        /// What takes the picture off the screen, where overwriting its cells does not (kitty).
        var removal: [UInt8] = []
        /// Every pixel is drawn (a moving picture's frame): what it replaces in the same cells needs no repaint.
        var opaque = false

        func same(as o: Placement) -> Bool {
            key == o.key && covers(o)
        }
        func covers(_ o: Placement) -> Bool { row == o.row && column == o.column && columns == o.columns && rows == o.rows }
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

    /// Placements to take off the screen before the next pictures go (kitty's outlive a cleared screen).
    private var removals: [UInt8] = []

    /// Lines of pictures that are gone from where they were, where text overwrites pixels: they are
    /// repainted whole.
    func linesToRepaint() -> [Range<Int>] {
        // A moving picture's next frame covers the one before: repainting its lines first would flash them blank.
        shown.filter { old in
            old.removal.isEmpty && !frame.contains { $0.same(as: old) || ($0.opaque && $0.covers(old)) }
        }.map(\.lines)
    }

    /// What to write now: the removals of pictures that left, then the pictures to place (each with its
    /// place); remembers the frame as shown.
    mutating func finish(repainted: [Range<Int>]) -> (removals: [UInt8], place: [Placement]) {
        for old in shown where !old.removal.isEmpty && !frame.contains(where: { $0.same(as: old) }) { removals += old.removal }
        let send = frame.filter { p in
            !shown.contains { $0.same(as: p) } || repainted.contains { $0.overlaps(p.lines) }
        }
        shown = frame
        bytesSent += send.reduce(0) { $0 + $1.sequence.count } + removals.count
        defer { removals = [] }
        return (removals, send)
    }

    /// After a full repaint nothing of the old pictures is on screen: those that a cleared screen keeps
    /// are taken off with the next frame.
    mutating func forgetShown() {
        for old in shown { removals += old.removal }
        shown = []
    }
}

extension Screen {
    /// Writes bytes straight to the terminal, whole (`TerminalWrite`): frames, and between them kitty's
    /// transmissions. What curses left in the stream's buffer goes first.
    package func emit(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        fflush(outputFile)
        TerminalWrite.all(bytes, to: fileno(outputFile))
    }

    /// Pictures the last frame drew as symbols for the byte cap; a redraw once input stops sends them.
    package var picturesDeferred: Int { pictures.deferred }

    /// Bytes of sixel and iTerm2 pictures written since start.
    package var pictureBytesSent: Int { pictures.bytesSent }

    func emitPictures(repainted: [Range<Int>]) {
        let (removals, send) = pictures.finish(repainted: repainted)
        guard !send.isEmpty || !removals.isEmpty else { return }
        var out = removals
        for p in send {
            out += Array("\u{1B}[\(p.row + 1);\(p.column + 1)H".utf8)
            out += p.sequence
        }
        emit(out)
    }

    /// Whether kitty's placeholders can be coloured with their image ids here (they need 256 colours or more).
    package var canDrawKittyPlaceholders: Bool { colorMode == .direct || colorMode == .indexed256 }

}
