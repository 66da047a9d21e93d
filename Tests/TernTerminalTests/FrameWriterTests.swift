import TernModel
@testable import TernTerminal
import XCTest

/// Frames sent as bytes, replayed by a terminal model: after every frame the terminal must show exactly
/// that frame, whatever it showed before, and a list that moved must cost the lines that came into view.
final class FrameWriterTests: XCTestCase {
    static let words = ["tern", "fediverse", "post", "boost", "reply", "naïve", "café", "日本語", "한국어", "e\u{301}",
                        "👍", "👩‍💻", "x\u{FE0F}", "Ω", "    ", "—", "ok"]

    /// A random line of text in a random look, written where a layer would.
    static func scribble(_ b: inout ScreenBuffer, row: Int, _ rng: inout SeededRandom) {
        var x = Int.random(in: 0..<max(1, b.columns / 3), using: &rng)
        let looks: [CellLook] = [.plain, CellLook(foreground: CellLook.palette(3)), CellLook(foreground: CellLook.palette(12), attributes: CellLook.bold),
                                 CellLook(background: CellLook.palette(236), attributes: CellLook.reverse | CellLook.underline),
                                 CellLook(foreground: CellLook.rgb(0x123456), background: CellLook.rgb(0xFEDCBA), attributes: CellLook.italic | CellLook.dim)]
        while x < b.columns, rng.chance(0.8) {
            x += b.put(rng.pick(words) + " ", row: row, column: x, limit: b.columns - x, look: rng.pick(looks))
        }
    }

    static func randomFrame(rows: Int, columns: Int, _ rng: inout SeededRandom) -> ScreenBuffer {
        var b = ScreenBuffer(rows: rows, columns: columns)
        for r in 0..<rows where rng.chance(0.85) { scribble(&b, row: r, &rng) }
        return b
    }

    /// The next frame as an app makes one: the list band scrolled some lines, a few rows redrawn,
    /// a status line changed, or the whole screen new.
    static func nextFrame(after f: ScreenBuffer, _ rng: inout SeededRandom) -> ScreenBuffer {
        var b = f
        switch Int.random(in: 0..<5, using: &rng) {
        case 0, 1:
            let shift = rng.pick([-3, -1, 1, 1, 2, 5])
            b.scroll(1...(f.rows - 2), by: -shift)
            let fresh = shift > 0 ? (f.rows - 1 - shift)..<(f.rows - 1) : 1..<(1 - shift)
            for r in fresh where (0..<f.rows).contains(r) { scribble(&b, row: r, &rng) }
        case 2:
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let r = Int.random(in: 0..<f.rows, using: &rng)
                b.setRow(r, to: .blank)
                scribble(&b, row: r, &rng)
            }
        case 3:
            b.setRow(f.rows - 1, to: ScreenCell(base: 0x20, look: CellLook(background: CellLook.palette(4))))
            b.put("1/\(Int.random(in: 1...999, using: &rng)) · ✉ 3", row: f.rows - 1, column: f.columns - 14, limit: 14, look: .plain)
        default:
            b = randomFrame(rows: f.rows, columns: f.columns, &rng)
        }
        return b
    }

    /// Where the terminal differs from the frame, said briefly (the buffers themselves are too long to print).
    static func difference(_ shown: ScreenBuffer, _ frame: ScreenBuffer) -> String? {
        for r in 0..<frame.rows {
            for c in 0..<frame.columns where shown[r, c] != frame[r, c] {
                return "row \(r) column \(c): shows \(shown[r, c]), frame has \(frame[r, c])"
            }
        }
        return nil
    }

    func testTheTerminalShowsEveryFrameExactly() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var rng = SeededRandom(seed: seed)
        for round in 0..<40 {
            let rows = Int.random(in: 4...30, using: &rng), columns = Int.random(in: 8...90, using: &rng)
            var writer = FrameWriter()
            writer.clearsBelowHome = rng.chance(0.5)
            var terminal = ReplayTerminal(rows: rows, columns: columns)
            var frame = Self.randomFrame(rows: rows, columns: columns, &rng)
            for step in 0..<25 {
                if rng.chance(0.05) { writer.invalidate() }
                writer.picturesShown = rng.chance(0.2)
                let repaint = rng.chance(0.1) ? [Int.random(in: 0..<rows, using: &rng)..<rows] : []
                terminal.feed(writer.write(frame, repaint: repaint))
                XCTAssertEqual(terminal.unknown, [], "seed \(seed), round \(round), step \(step)")
                if let d = Self.difference(terminal.screen, frame) {
                    return XCTFail("seed \(seed), round \(round), step \(step): \(d)")
                }
                frame = Self.nextFrame(after: frame, &rng)
            }
        }
    }

    /// Links among the cells (OSC 8): after every frame each cell carries the link it was drawn with and no
    /// other, whatever was shown before, and the terminal was told each link's URL.
    func testLinkedCellsShowTheirLinksExactly() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var rng = SeededRandom(seed: seed)
        let urls = ["https://example.com/a", "https://example.com/tags/café", "https://x.example/@ada", "https://b.example/p?q=1;r=2"]
        for round in 0..<20 {
            let rows = Int.random(in: 4...20, using: &rng), columns = Int.random(in: 8...60, using: &rng)
            var writer = FrameWriter()
            var terminal = ReplayTerminal(rows: rows, columns: columns)
            var frame = Self.randomFrame(rows: rows, columns: columns, &rng)
            for step in 0..<20 {
                // Some words of the frame linked, as a post's links, mentions and hashtags are.
                for _ in 0..<Int.random(in: 0...4, using: &rng) {
                    let url = rng.pick(urls)
                    var look = CellLook(foreground: CellLook.palette(4), attributes: CellLook.underline)
                    look.attributes |= writer.links.number(for: url) << CellLook.linkShift
                    let r = Int.random(in: 0..<rows, using: &rng), c = Int.random(in: 0..<columns, using: &rng)
                    frame.put(rng.pick(Self.words), row: r, column: c, limit: columns - c, look: look)
                }
                if rng.chance(0.05) { writer.invalidate() }
                terminal.feed(writer.write(frame))
                XCTAssertEqual(terminal.unknown, [], "seed \(seed), round \(round), step \(step)")
                XCTAssertEqual(terminal.link, 0, "a frame ends with no link open; seed \(seed)")
                if let d = Self.difference(terminal.screen, frame) {
                    return XCTFail("seed \(seed), round \(round), step \(step): \(d)")
                }
                for (n, uri) in terminal.uris {
                    XCTAssertEqual(writer.links.uri(n).map { String(decoding: $0, as: UTF8.self) }, uri, "seed \(seed)")
                }
                frame = Self.nextFrame(after: frame, &rng)
            }
        }
    }

    /// What OSC 8 can't carry is made safe or left out: a space, a control byte or a non-ASCII letter is
    /// percent-encoded (it would end or break the sequence), and a URL too long for terminals is no link.
    func testALinksURLIsSentInBytesTheSequenceCarries() {
        XCTAssertEqual(Hyperlinks.uri("https://a.example/tags/café x\u{1B}]").map { String(decoding: $0, as: UTF8.self) },
                       "https://a.example/tags/caf%C3%A9%20x%1B]")
        XCTAssertNil(Hyperlinks.uri("https://a.example/" + String(repeating: "a", count: 2100)))
        var table = LinkTable()
        XCTAssertEqual(table.number(for: "https://a.example/" + String(repeating: "a", count: 2100)), 0)
        XCTAssertEqual(table.number(for: "https://a.example/1"), 1)
        XCTAssertEqual(table.number(for: "https://a.example/2"), 2)
        XCTAssertEqual(table.number(for: "https://a.example/1"), 1, "the same URL keeps its number")
    }

    /// OSC 8 goes where the terminal is known to take it: by its answer, else by its environment; tmux from 3.4.
    func testHyperlinksGoToTerminalsKnownToTakeThem() {
        XCTAssertTrue(Hyperlinks.supported(terminal: "kitty(0.26.5)", environment: [:]))
        XCTAssertTrue(Hyperlinks.supported(terminal: "WezTerm 20240203", environment: [:]))
        XCTAssertTrue(Hyperlinks.supported(terminal: "tmux 3.4", environment: [:]))
        XCTAssertFalse(Hyperlinks.supported(terminal: "tmux 3.3a", environment: ["TERM_PROGRAM": "tmux", "TERM_PROGRAM_VERSION": "3.3a"]))
        XCTAssertTrue(Hyperlinks.supported(terminal: nil, environment: ["TERM_PROGRAM": "tmux", "TERM_PROGRAM_VERSION": "next-3.5"]))
        XCTAssertFalse(Hyperlinks.supported(terminal: "XTerm(379)", environment: ["TERM": "xterm-256color"]))
        XCTAssertTrue(Hyperlinks.supported(terminal: nil, environment: ["VTE_VERSION": "7006", "TERM": "xterm-256color"]))
        XCTAssertFalse(Hyperlinks.supported(terminal: nil, environment: ["VTE_VERSION": "4800"]))
        XCTAssertTrue(Hyperlinks.supported(terminal: nil, environment: ["TERM": "foot"]))
        XCTAssertFalse(Hyperlinks.supported(terminal: nil, environment: ["TERM": "rxvt-unicode-256color"]))
    }

    /// Where kitty's pictures are placed at their cells, a whole repaint (the first frame, a resize, a
    /// repaint asked for) never erases the whole screen (ED 2), which frees every picture kitty 0.26
    /// holds: it erases from the top-left down, and the terminal shows the frame all the same.
    func testAWholeRepaintKeepsKittysPicturesWhereTheyArePlacedDirectly() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var rng = SeededRandom(seed: seed)
        var writer = FrameWriter()
        writer.clearsBelowHome = true
        for (rows, columns) in [(40, 120), (24, 80), (40, 120)] {
            var terminal = ReplayTerminal(rows: rows, columns: columns)
            let frame = Self.randomFrame(rows: rows, columns: columns, &rng)
            for invalidated in [false, true] {
                if invalidated { writer.invalidate() }
                let bytes = writer.write(frame)
                XCTAssertFalse(String(decoding: bytes, as: UTF8.self).contains("\u{1B}[2J"), "seed \(seed): \(rows)×\(columns) erased the whole screen")
                terminal.feed(bytes)
                XCTAssertEqual(terminal.unknown, [], "seed \(seed)")
                if let d = Self.difference(terminal.screen, frame) { XCTFail("seed \(seed), \(rows)×\(columns): \(d)") }
            }
        }
        var plain = FrameWriter()
        XCTAssertTrue(String(decoding: plain.write(ScreenBuffer(rows: 4, columns: 10)), as: UTF8.self).contains("\u{1B}[2J"),
                      "elsewhere the whole screen is erased, pixels and all")
    }

    func testAListMovedByALineCostsTheLineThatCameIntoView() {
        var rng = SeededRandom(seed: 7)
        var frame = Self.randomFrame(rows: 40, columns: 120, &rng)
        for r in 1..<39 { frame.setRow(r, to: .blank); frame.put("post \(r) of the list, with some words after it", row: r, column: 2, limit: 118, look: .plain) }
        var writer = FrameWriter()
        var terminal = ReplayTerminal(rows: 40, columns: 120)
        terminal.feed(writer.write(frame))
        var moved = frame
        moved.scroll(1...38, by: -1)
        moved.put("post 39 of the list, new", row: 38, column: 2, limit: 118, look: .plain)
        let bytes = writer.write(moved)
        terminal.feed(bytes)
        XCTAssertNil(Self.difference(terminal.screen, moved))
        XCTAssertLessThan(bytes.count, 60, String(decoding: bytes, as: UTF8.self))
        // Back up: the other way.
        let back = writer.write(frame)
        terminal.feed(back)
        XCTAssertNil(Self.difference(terminal.screen, frame))
        XCTAssertLessThan(back.count, 90, String(decoding: back, as: UTF8.self))
    }

    /// Rows are compared and hashed as memory: a padding byte (undefined) would make equal rows differ
    /// now and then, and a moved list would be sent again instead of scrolled (it did, in CI only).
    func testACellHasNoPaddingBytes() {
        XCTAssertEqual(MemoryLayout<ScreenCell>.size, MemoryLayout<ScreenCell>.stride)
        XCTAssertEqual(MemoryLayout<ScreenCell>.size, MemoryLayout<UInt64>.size + MemoryLayout<UInt32>.size
                       + MemoryLayout<CellLook>.size)
        XCTAssertEqual(MemoryLayout<CellLook>.size, 3 * MemoryLayout<UInt32>.size)
    }

    func testOnlyChangedCellsAreSentAndColoursChangeOnlyWhenTheyDiffer() {
        var frame = ScreenBuffer(rows: 3, columns: 20)
        let red = CellLook(foreground: CellLook.palette(1)), cube = CellLook(foreground: CellLook.palette(200), background: CellLook.rgb(0x0A0B0C))
        frame.put("abc", row: 0, column: 0, limit: 20, look: red)
        frame.put("def", row: 0, column: 3, limit: 20, look: red)
        frame.put("x", row: 2, column: 5, limit: 20, look: cube)
        var writer = FrameWriter()
        XCTAssertEqual(String(decoding: writer.write(frame), as: UTF8.self),
                       "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[H\u{1B}[31mabcdef\u{1B}[3;6H\u{1B}[38;5;200;48;2;10;11;12mx\u{1B}[0m")
        var next = frame
        next.put("Z", row: 0, column: 4, limit: 1, look: red)
        XCTAssertEqual(String(decoding: writer.write(next), as: UTF8.self), "\u{1B}[1;5H\u{1B}[0;31mZ\u{1B}[0m")
        XCTAssertEqual(writer.write(next), [], "nothing changed, nothing sent")
    }

    func testAttributesTheTerminalLacksAreLeftOut() {
        var frame = ScreenBuffer(rows: 1, columns: 4)
        frame.put("a", row: 0, column: 0, limit: 4, look: CellLook(attributes: CellLook.italic | CellLook.bold))
        var writer = FrameWriter()
        writer.attributesShown = CellLook.bold
        let sent = String(decoding: writer.write(frame), as: UTF8.self)
        XCTAssertTrue(sent.hasSuffix("\u{1B}[1ma\u{1B}[0m"), sent)
        XCTAssertFalse(sent.contains(";3"), sent)
    }

    func testWideCharactersStayWholeWhenHalfIsOverwritten() {
        var b = ScreenBuffer(rows: 1, columns: 6)
        XCTAssertEqual(b.put("日本", row: 0, column: 0, limit: 6, look: .plain), 4)
        XCTAssertTrue(b[0, 1].isWideTail)
        b.put("x", row: 0, column: 1, limit: 1, look: .plain)
        XCTAssertEqual(b[0, 0].base, 0x20, "the character whose tail was overwritten leaves a space")
        b.put("y", row: 0, column: 2, limit: 1, look: .plain)
        XCTAssertEqual(b[0, 3].base, 0x20, "the tail of a character overwritten at its start is a space")
        XCTAssertEqual(b.put("語", row: 0, column: 5, limit: 1, look: .plain), 0, "a wide character needs two columns")
        XCTAssertEqual(b.put("e\u{301}\u{1B}[2Jz", row: 0, column: 0, limit: 6, look: .plain), 5)
        XCTAssertEqual(b[0, 0].base, 0x65)
        XCTAssertNotEqual(b[0, 0].marks, 0, "the accent joins its letter")
        XCTAssertFalse((0..<6).contains { b[0, $0].base == 0x1B }, "no control character is ever stored")
    }
}
