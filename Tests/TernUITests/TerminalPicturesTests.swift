import CZlib
import Foundation
@testable import TernDemo
import TernHTTP
@testable import TernImages
import TernModel
@testable import TernTerminal
import TernTestSupport
@testable import TernUI
import XCTest

/// Pictures as pixels, end to end below the screen: a real picture file decoded by the real libraries,
/// drawn through curses into a file, and the bytes that would reach the terminal read back.
final class TerminalPicturesTests: XCTestCase {
    static let cell = CellPixels(width: 10, height: 20)

    /// A square PNG: left half red, right half blue.
    func pictureFile(size: Int = 320) throws -> URL {
        var rgb = [UInt8](repeating: 0, count: size * size * 3)
        for y in 0..<size {
            for x in 0..<size {
                let o = (y * size + x) * 3
                if x < size / 2 { rgb[o] = 220; rgb[o + 1] = 30; rgb[o + 2] = 30 } else { rgb[o] = 30; rgb[o + 1] = 30; rgb[o + 2] = 220 }
            }
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tern-pic-\(UUID().uuidString).png")
        try Data(ImageEncoder.png(rgb: rgb, width: size, height: size)).write(to: url)
        return url
    }

    func thumbnail(_ mode: GraphicsMode, columns: Int = 16, rows: Int = 8, pictureSize: Int = 320) async throws -> (ThumbnailRequest, Thumbnail) {
        let file = try pictureFile(size: pictureSize)
        defer { try? FileManager.default.removeItem(at: file) }
        let http = httpClient()
        let loader = ImageLoader(http: http, colorMode: .indexed256, pixels: PixelOutput(mode: mode, cell: Self.cell))
        let request = ThumbnailRequest(url: file.absoluteString, columns: columns, rows: rows)
        let t = try await loader.thumbnail(request)
        try await http.shutdown()
        return (request, t)
    }

    func screen() throws -> (Screen, URL) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tern-screen-\(UUID().uuidString)")
        return (try Screen(terminalType: "xterm-256color", output: out.path, size: (rows: 30, columns: 100), environment: [:]), out)
    }

    func testKittyPictureIsSentOnceAndDrawnAsPlaceholderCellsCarryingItsId() async throws {
        let (request, t) = try await thumbnail(.kitty)
        guard case .kitty(let pixels)? = t.pixels else { return XCTFail("no kitty pixels: \(String(describing: t.pixels))") }
        XCTAssertEqual(pixels.columns, 16)
        XCTAssertEqual(pixels.rows, 8)
        XCTAssertEqual(pixels.width, 160, "16 cells of 10 pixels")
        XCTAssertEqual(pixels.height, 160, "8 cells of 20 pixels")
        let small = try await thumbnail(.kitty, columns: 60, rows: 30, pictureSize: 120)
        guard case .kitty(let few)? = small.1.pixels else { return XCTFail("no kitty pixels") }
        XCTAssertEqual(few.width, 120, "never more pixels than the picture has; the terminal scales it to the cells")

        let (screen, out) = try screen()
        defer { try? FileManager.default.removeItem(at: out) }
        let kitty = KittyImages(screen: screen, tmux: false, seed: 3)
        let (held, freed) = kitty.hold(request, pixels)
        XCTAssertEqual(freed, [])
        guard case .kittyImage(let id, 16, 8, _) = held else { return XCTFail("\(held)") }
        XCTAssertEqual(id >> 24, 3)
        // Held again: nothing more is sent.
        let sentOnce = kitty.bytesSent
        _ = kitty.hold(request, pixels)
        XCTAssertEqual(kitty.bytesSent, sentOnce)

        let renderer = FrameRenderer(theme: .builtIn)
        screen.erase()
        renderer.drawPicture(Thumbnail(grid: t.grid, pixels: held), key: request, row: 2, column: 5, visibleRows: 1..<29, on: screen.canvas)
        screen.update()
        screen.close()
        let parsed = TerminalOutput(Array(try Data(contentsOf: out)))

        // The transmission: id, sizes, a virtual placement, quiet; the payload decodes to the picture.
        let first = try XCTUnwrap(parsed.commands.first)
        XCTAssertEqual(first.keys["a"], "T")
        XCTAssertEqual(first.keys["U"], "1")
        XCTAssertEqual(first.keys["i"], "\(id)")
        XCTAssertEqual(first.keys["f"], "24", "RGB")
        XCTAssertEqual(first.keys["o"], "z", "deflated")
        XCTAssertEqual(first.keys["s"], "160")
        XCTAssertEqual(first.keys["v"], "160")
        XCTAssertEqual(first.keys["c"], "16")
        XCTAssertEqual(first.keys["r"], "8")
        XCTAssertEqual(first.keys["q"], "2")
        XCTAssertEqual(parsed.commands.last?.keys["m"], "0")
        XCTAssertTrue(parsed.commands.dropLast().allSatisfy { $0.keys["m"] == "1" })
        XCTAssertTrue(parsed.commands.allSatisfy { $0.payload.utf8.count <= 4096 })
        let payload = Array(try XCTUnwrap(Data(base64Encoded: parsed.commands.map(\.payload).joined())))
        var px = [UInt8](repeating: 0, count: 160 * 160 * 3)
        var size = uLong(px.count)
        XCTAssertEqual(uncompress(&px, &size, payload, uLong(payload.count)), Z_OK)
        XCTAssertEqual(Int(size), 160 * 160 * 3, "160×160 RGB pixels")
        let left = Array(px[(80 * 160 + 2) * 3..<(80 * 160 + 2) * 3 + 3]), right = Array(px[(80 * 160 + 157) * 3..<(80 * 160 + 157) * 3 + 3])
        XCTAssertGreaterThan(Int(left[0]), 180, "left is red: \(left)")
        XCTAssertLessThan(Int(left[2]), 80, "left is red: \(left)")
        XCTAssertGreaterThan(Int(right[2]), 180, "right is blue: \(right)")

        // The cells: one per cell of the box, each in the id's colour, with its row, column and the id's high byte.
        XCTAssertEqual(parsed.cells.count, 16 * 8)
        XCTAssertTrue(parsed.cells.allSatisfy { $0.fg == Int(id & 0xFF) }, "\(parsed.cells.prefix(3))")
        XCTAssertTrue(parsed.cells.allSatisfy { $0.marks.count == 3 && $0.marks[2] == 3 })
        let places = Set(parsed.cells.map { $0.marks[0] * 100 + $0.marks[1] })
        XCTAssertEqual(places, Set((0..<8).flatMap { r in (0..<16).map { r * 100 + $0 } }))
    }

    func testKittyPictureCutByTheListEdgeShowsItsVisibleRows() throws {
        let (screen, out) = try screen()
        defer { try? FileManager.default.removeItem(at: out) }
        screen.erase()
        // Rows 0–2 of the picture are above the list (which starts at row 1).
        screen.canvas.drawKitty(id: 0x0100_0019, columns: 4, rows: 6, row: -2, column: 0, visibleRows: 1..<29)
        screen.update()
        screen.close()
        let rows = Set(TerminalOutput(Array(try Data(contentsOf: out))).cells.map { $0.marks[0] })
        XCTAssertEqual(rows, [3, 4, 5])
    }

    func testKittyForgetsTheOldestPicturesPastItsCapacityAndFreesThem() throws {
        let (screen, out) = try screen()
        defer { try? FileManager.default.removeItem(at: out) }
        let kitty = KittyImages(screen: screen, tmux: true, capacity: 2, seed: 127)
        let p = KittyPixels(width: 1, height: 1, columns: 1, rows: 1, payload: Array(Data(try Deflate.compress([1, 2, 3])).base64EncodedData()))
        let requests = (0..<3).map { ThumbnailRequest(url: "https://x/\($0)", columns: 1, rows: 1) }
        var ids: [UInt32] = []
        for r in requests {
            guard case (.kittyImage(let id, _, _, _), let freed) = kitty.hold(r, p) else { return XCTFail() }
            ids.append(id)
            XCTAssertEqual(freed, r == requests[2] ? [requests[0]] : [])
        }
        XCTAssertEqual(Set(ids).count, 3)
        // Past 127 the high byte wraps to 1, never 0 (which would drop the diacritic and mean another id) and
        // never 128 or more (Konsole shows no picture whose id has the top bit set).
        XCTAssertTrue(ids.allSatisfy { $0 >> 24 == 127 })
        screen.close()
        let text = String(decoding: try Data(contentsOf: out), as: UTF8.self)
        // Through tmux each command is wrapped, escape bytes doubled.
        XCTAssertTrue(text.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=\(ids[0]),q=2\u{1B}\u{1B}\\\u{1B}\\"))
    }

    /// kitty before 0.28 draws no placeholder cells: the picture is sent with no placement, then placed at its
    /// cells (those in view); a placement that moves, scrolls out or is cleared with the screen is deleted,
    /// never left behind.
    func testKittyPlacedDirectlyIsSentOnceAndEveryPlacementThatLeavesIsDeleted() async throws {
        let (request, t) = try await thumbnail(.kitty)
        guard case .kitty(let pixels)? = t.pixels else { return XCTFail("no kitty pixels") }
        let (screen, out) = try screen()
        defer { try? FileManager.default.removeItem(at: out) }
        let kitty = KittyImages(screen: screen, tmux: false, direct: true, seed: 7)
        let (held, _) = kitty.hold(request, pixels)
        guard case .kittyImage(let id, 16, 8, _) = held else { return XCTFail("\(held)") }
        let drawn = Thumbnail(grid: t.grid, pixels: held)
        let renderer = FrameRenderer(theme: .builtIn)
        renderer.kittyDirect = true
        var read = 0
        func frame(at row: Int?, invalidate: Bool = false) throws -> TerminalOutput {
            if invalidate { screen.invalidate() }
            screen.erase()
            if let row { renderer.drawPicture(drawn, key: request, row: row, column: 5, visibleRows: 1..<29, on: screen.canvas) }
            screen.update()
            let all = Array(try Data(contentsOf: out))
            defer { read = all.count }
            return TerminalOutput(Array(all[read...]))
        }
        let sent = try frame(at: 2)
        XCTAssertEqual(sent.commands.first?.keys["a"], "t", "transmitted only, no virtual placement")
        XCTAssertNil(sent.commands.first?.keys["U"])
        let placed = try XCTUnwrap(sent.commands.last)
        XCTAssertEqual(placed.keys["a"], "p")
        XCTAssertEqual(placed.keys["i"], "\(id)")
        XCTAssertEqual(placed.keys["c"], "16")
        XCTAssertEqual(placed.keys["r"], "8")
        XCTAssertEqual(placed.keys["C"], "1", "the cursor stays, so the frame's text goes where it should")
        XCTAssertTrue(sent.cells.isEmpty, "no placeholder cells")
        let pid = try XCTUnwrap(placed.keys["p"])

        XCTAssertTrue(try frame(at: 2).commands.isEmpty, "nothing again while it stays put")
        let moved = try frame(at: 3)
        XCTAssertEqual(moved.commands.map { $0.keys["a"] }, ["d", "p"], "the old placement goes, the new one comes")
        XCTAssertEqual(moved.commands.first?.keys["p"], pid)
        XCTAssertEqual(moved.commands.first?.keys["d"], "i", "the placement only: the picture stays held")
        let movedPid = moved.commands.last?.keys["p"]
        XCTAssertNotEqual(movedPid, pid)
        // Cut by the list's edge (which starts at row 1): the old placement goes, and the rows in view come,
        // as the part of the picture's pixels they show.
        let cut = try frame(at: 0)
        XCTAssertEqual(cut.commands.map { $0.keys["a"] }, ["d", "p"])
        XCTAssertEqual(cut.commands.first?.keys["p"], movedPid)
        XCTAssertEqual(cut.commands.last?.keys["r"], "7")
        XCTAssertEqual(cut.commands.last?.keys["y"], "20", "the first of 8 rows of 160 pixels left out")
        XCTAssertEqual(cut.commands.last?.keys["h"], "140")
        XCTAssertEqual(cut.commands.last?.keys["c"], "16")
        // A full repaint clears the text, not kitty's placements: they are deleted, then placed again.
        _ = try frame(at: 4)
        let repaint = try frame(at: 4, invalidate: true)
        XCTAssertEqual(repaint.commands.map { $0.keys["a"] }, ["d", "p"])
        XCTAssertEqual(repaint.commands.first?.keys["p"], repaint.commands.last?.keys["p"])
        screen.close()
    }

    /// The width and height a sixel sequence paints, read from its data (not its header).
    static func sixelSize(_ bytes: [UInt8]) -> (width: Int, height: Int, declared: [Int]) {
        let s = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        guard let q = s.firstIndex(of: "q") else { return (0, 0, []) }
        var i = q + 1, x = 0, width = 0, bands = 0, any = false  // `any`: the current band has data
        var declared: [Int] = []
        while i < s.count {
            let c = s[i]
            switch c {
            case "\"":
                var j = i + 1, text = ""
                while j < s.count, "0123456789;".unicodeScalars.contains(s[j]) { text.unicodeScalars.append(s[j]); j += 1 }
                declared = text.split(separator: ";").compactMap { Int($0) }
                i = j
                continue
            case "#":
                var j = i + 1
                while j < s.count, "0123456789;".unicodeScalars.contains(s[j]) { j += 1 }
                i = j
                continue
            case "!":
                var j = i + 1, n = 0
                while j < s.count, let d = Int(String(s[j])) { n = n * 10 + d; j += 1 }
                x += n; any = true; width = max(width, x)
                i = j + 1
                continue
            case "$": x = 0
            case "-": x = 0; if any { bands += 1 }; any = false
            case "\u{1B}": i = s.count; continue
            default:
                if (63...126).contains(c.value) { x += 1; any = true; width = max(width, x) }
            }
            i += 1
        }
        return (width, (bands + (any ? 1 : 0)) * 6, declared)
    }

    func testSixelPictureDecodesToTheBoxSizeAndIsSentOnlyWhenNewOrMoved() async throws {
        let (request, t) = try await thumbnail(.sixel)
        guard case .inline(let picture)? = t.pixels else { return XCTFail("no sixel: \(String(describing: t.pixels))") }
        XCTAssertEqual(picture.columns, 16)
        XCTAssertEqual(picture.rows, 8)
        let size = Self.sixelSize(picture.sequence)
        XCTAssertEqual(size.width, 160)
        XCTAssertTrue((150...160).contains(size.height), "height \(size.height): 8 rows of 20 pixels, in bands of 6")
        XCTAssertEqual(Array(size.declared.suffix(2)), [160, size.height])

        let frames = try PictureFrames()
        func frame(at row: Int) -> String { frames.picture(t, key: request, at: row) }
        let sixel = String(decoding: picture.sequence, as: UTF8.self)
        XCTAssertTrue(frame(at: 2).contains(sixel), "drawn the first time")
        XCTAssertLessThan(frame(at: 2).utf8.count, 200, "not sent again while it stays put")
        XCTAssertTrue(frame(at: 3).contains(sixel), "sent again where it moved")
        // Cut by the list's edge: the rows in view, on the list's first row, not spilling over the title bar
        // (SixelCutTests).
        let cut = frame(at: 0)
        XCTAssertFalse(cut.contains("\u{1B}[1;6H\u{1B}P"), "a sixel over the title bar")
        XCTAssertTrue(cut.contains("\u{1B}[2;6H\u{1B}P"), "no sixel of the rows in view")
        frames.screen.close()
        let text = try frames.written()
        XCTAssertTrue(text.contains("\u{1B}[3;6H\u{1B}P"), "placed at row 3, column 6 (1-based)")
        XCTAssertTrue(text.contains("\u{1B}[4;6H\u{1B}P"))
    }

    func testAFramesPicturesAreCappedAndTheRestComeWhenTheViewHoldsStill() throws {
        var pictures = InlinePictures()
        let big = [UInt8](repeating: 0x3F, count: 50_000)
        func frame(top: Int) -> [InlinePictures.Placement] {
            pictures.begin()
            for i in 0..<6 {
                _ = pictures.place(.init(key: i, row: top + i * 4, column: 0, columns: 8, rows: 4, sequence: big))
            }
            return pictures.finish(repainted: pictures.linesToRepaint()).place
        }
        let f1 = frame(top: 0)
        XCTAssertEqual(f1.count, 3, "three of 50 KB fit the 160 KB cap")
        XCTAssertEqual(pictures.deferred, 3)
        let f2 = frame(top: 0)
        XCTAssertEqual(f2.map(\.key), [3, 4, 5], "still: the rest come, the first three are not sent again")
        XCTAssertEqual(pictures.deferred, 0)
        XCTAssertEqual(frame(top: 0), [])
        // A scroll moves them all: the cap holds again, and the lines they left are repainted.
        pictures.begin()
        for i in 0..<6 { _ = pictures.place(.init(key: i, row: 1 + i * 4, column: 0, columns: 8, rows: 4, sequence: big)) }
        XCTAssertEqual(pictures.linesToRepaint().count, 6, "every place they left is repainted")
        XCTAssertLessThanOrEqual(pictures.frame.count * big.count, InlinePictures.bytesPerFrame)
    }

    func testAnOverlayTakesBackThePicturesUnderIt() {
        var pictures = InlinePictures()
        pictures.begin()
        XCTAssertTrue(pictures.place(.init(key: 1, row: 2, column: 0, columns: 8, rows: 4, sequence: [1])))
        XCTAssertTrue(pictures.place(.init(key: 2, row: 20, column: 0, columns: 8, rows: 4, sequence: [1])))
        pictures.cover(rows: 0..<10, columns: 0..<40)
        XCTAssertEqual(pictures.frame.map(\.key), [2])
    }

    /// The large view covers the list: the list's pictures, placed first, no longer count against the frame's
    /// bytes, so the large picture (over the cap on its own) is drawn as pixels at once, not as symbols.
    func testAPictureOverCoveredOnesIsNotHeldBackForThem() {
        var pictures = InlinePictures()
        pictures.begin()
        let big = [UInt8](repeating: 0, count: InlinePictures.bytesPerFrame + 1)
        XCTAssertTrue(pictures.place(.init(key: 1, row: 2, column: 0, columns: 8, rows: 4, sequence: [UInt8](repeating: 0, count: 5000))))
        XCTAssertFalse(pictures.place(.init(key: 2, row: 8, column: 0, columns: 8, rows: 4, sequence: big)), "over the cap")
        XCTAssertEqual(pictures.deferred, 1)
        pictures.cover(rows: 1..<39, columns: 0..<120)
        XCTAssertEqual(pictures.deferred, 0, "a covered picture is not waited for")
        XCTAssertTrue(pictures.place(.init(key: 3, row: 2, column: 10, columns: 100, rows: 35, sequence: big)))
        XCTAssertEqual(pictures.frame.map(\.key), [3])
    }

    func testITermPictureIsAJPEGStretchedOverTheBoxsCells() async throws {
        let (_, t) = try await thumbnail(.iterm)
        guard case .inline(let picture)? = t.pixels else { return XCTFail("no iTerm2 picture") }
        let text = String(decoding: picture.sequence, as: UTF8.self)
        let prefix = try XCTUnwrap(text.range(of: ":"), String(text.prefix(80)))
        XCTAssertTrue(text.hasPrefix("\u{1B}]1337;File=inline=1;size="), String(text.prefix(60)))
        XCTAssertTrue(text[..<prefix.lowerBound].hasSuffix(";width=16;height=8;preserveAspectRatio=0"))
        XCTAssertTrue(text.hasSuffix("\u{07}"))
        let file = try XCTUnwrap(Data(base64Encoded: String(text[prefix.upperBound...].dropLast())))
        XCTAssertEqual(ImageFormat.detect(Array(file)), .jpeg)
        XCTAssertEqual(try ImageDecoder.decode(Array(file), target: (160, 160)).width, 160)
    }

    func testTheDiacriticTableIsTheProtocols() {
        XCTAssertEqual(KittyGraphics.diacritics.count, 297)
        XCTAssertEqual(KittyGraphics.diacritics.first, "\u{0305}")
        XCTAssertEqual(KittyGraphics.diacritics.last, "\u{1D244}")
        XCTAssertEqual(KittyGraphics.number(of: "\u{0483}"), 30)
        XCTAssertEqual(KittyGraphics.cell(row: 2, column: 1, idHighByte: 0), [KittyGraphics.placeholder, "\u{030E}", "\u{030D}"])
    }
}
