import Foundation
@testable import TernDemo
import TernHTTP
@testable import TernImages
import TernModel
@testable import TernTerminal
import TernTestSupport
@testable import TernUI
import XCTest

/// Issue 45: in xterm (sixel), a picture cut by the list's edge (a post scrolled half off the top) was
/// drawn as a coarse blurred preview, symbols in xterm's 8 colours, while whole pictures were sharp. The
/// rows of it in view are drawn as sixel pixels, the picture's own, placed on the list's first row.
final class SixelCutTests: XCTestCase {
    static let cell = CellPixels(width: 10, height: 17)   // xterm's cell: 17 pixels are no whole number of bands
    static let columns = 16, rows = 8

    /// A picture of eight stripes across, each its own colour and each with a dark dot per column: every
    /// band of its sixel differs from the next.
    func stripes() throws -> URL {
        let w = 160, h = 136
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            for x in 0..<w {
                let o = (y * w + x) * 3, stripe = y * 8 / h
                let dot = (x + y) % 7 == 0
                rgb[o] = dot ? 0 : UInt8(40 + stripe * 25)
                rgb[o + 1] = dot ? 0 : UInt8(220 - stripe * 20)
                rgb[o + 2] = dot ? 0 : UInt8(stripe % 2 == 0 ? 60 : 200)
            }
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tern-stripes-\(UUID().uuidString).png")
        try Data(ImageEncoder.png(rgb: rgb, width: w, height: h)).write(to: url)
        return url
    }

    func thumbnail(_ mode: GraphicsMode) async throws -> (ThumbnailRequest, Thumbnail) {
        let file = try stripes()
        defer { try? FileManager.default.removeItem(at: file) }
        let http = httpClient()
        let loader = ImageLoader(http: http, colorMode: .indexed256, pixels: PixelOutput(mode: mode, cell: Self.cell))
        let request = ThumbnailRequest(url: file.absoluteString, columns: Self.columns, rows: Self.rows)
        let t = try await loader.thumbnail(request)
        try await http.shutdown()
        return (request, t)
    }

    func sixel() async throws -> (ThumbnailRequest, Thumbnail, InlinePicture) {
        let (request, t) = try await thumbnail(.sixel)
        guard case .inline(let picture)? = t.pixels else {
            XCTFail("no sixel: \(String(describing: t.pixels))")
            throw CancellationError()
        }
        return (request, t, picture)
    }

    /// Where `part`'s pixel rows lie in `whole`'s: the first row from which they are the same, pixel for pixel.
    func offset(of part: SixelPixels, in whole: SixelPixels) -> Int? {
        guard part.height > 0, part.height <= whole.height else { return nil }
        return (0...(whole.height - part.height)).first { d in
            (0..<part.height).allSatisfy { part.rows[$0] == Array(whole.rows[d + $0].prefix(part.width)) }
        }
    }

    func testTheRowsInViewOfAPictureCutByTheTopEdgeAreItsOwnPixelsFromTheFirstRowInView() async throws {
        let (_, _, picture) = try await sixel()
        let whole = SixelPixels(picture.sequence)
        XCTAssertGreaterThan(whole.colours, 8, "the whole picture in pixels")
        for hidden in 1..<Self.rows {
            let part = try XCTUnwrap(picture.sixelRows(hidden..<Self.rows), "\(hidden) rows hidden: no sixel")
            XCTAssertEqual(part.rows, Self.rows - hidden)
            XCTAssertEqual(part.columns, Self.columns)
            let pixels = SixelPixels(part.sequence)
            XCTAssertEqual(pixels.width, whole.width)
            // No taller than its cells (it would spill over what is below), at most five pixel rows short.
            let cells = part.rows * Self.cell.height
            XCTAssertLessThanOrEqual(pixels.height, cells, "\(hidden) rows hidden")
            // Where its pixels come from: the whole picture's, from the first row in view down.
            let from = Double(hidden * whole.height) / Double(Self.rows)
            let at = try XCTUnwrap(offset(of: pixels, in: whole), "\(hidden) rows hidden: not the picture's own pixels")
            XCTAssertGreaterThanOrEqual(Double(at), from, "\(hidden) rows hidden: shows rows scrolled out of view")
            XCTAssertLessThan(Double(at), from + 6, "\(hidden) rows hidden: starts \(at), not at the first row in view (\(from))")
            XCTAssertEqual(at + pixels.height, whole.height, "\(hidden) rows hidden: down to the picture's bottom")
        }
    }

    func testTheRowsInViewOfAPictureCutByTheBottomEdgeAreItsTopRows() async throws {
        let (_, _, picture) = try await sixel()
        let whole = SixelPixels(picture.sequence)
        for shown in 1..<Self.rows {
            let part = try XCTUnwrap(picture.sixelRows(-2..<shown), "\(shown) rows shown: no sixel")
            XCTAssertEqual(part.rows, shown)
            let pixels = SixelPixels(part.sequence)
            XCTAssertEqual(offset(of: pixels, in: whole), 0, "\(shown) rows shown")
            let due = Double(shown * whole.height) / Double(Self.rows)
            XCTAssertLessThanOrEqual(Double(pixels.height), due)
            XCTAssertGreaterThan(Double(pixels.height), due - 6, "\(shown) rows shown: more than a band short")
        }
        XCTAssertEqual(picture.sixelRows(0..<Self.rows), picture, "the whole picture is itself")
        XCTAssertNil(picture.sixelRows(3..<3))
        XCTAssertNil(picture.sixelRows(9..<12), "below it")
    }

    func testACutSixelIsPlacedOnTheListsFirstRowAndSentAgainOnlyWhenItsPartChanges() async throws {
        let (request, t, picture) = try await sixel()
        let frames = try PictureFrames()
        func frame(at row: Int) -> String { frames.picture(t, key: request, at: row) }
        let top = try XCTUnwrap(picture.sixelRows(3..<Self.rows))
        let cut = frame(at: -2)
        XCTAssertTrue(cut.contains("\u{1B}[2;6H" + String(decoding: top.sequence, as: UTF8.self)),
                      "the rows in view as a sixel on the list's first row")
        XCTAssertFalse(cut.contains("\u{2580}"), "symbols drawn")
        XCTAssertFalse(frame(at: -2).contains("\u{1B}P"), "sent again while it stays put")
        let next = try XCTUnwrap(picture.sixelRows(4..<Self.rows))
        XCTAssertTrue(frame(at: -3).contains("\u{1B}[2;6H" + String(decoding: next.sequence, as: UTF8.self)), "one row further: its new part")
        let bottom = try XCTUnwrap(picture.sixelRows(0..<4))
        XCTAssertTrue(frame(at: 25).contains("\u{1B}[26;6H" + String(decoding: bottom.sequence, as: UTF8.self)),
                      "cut by the bottom edge: its top rows")
        frames.screen.close()
    }

    func testAnITermPictureCutByTheEdgeIsItsSymbols() async throws {
        let (_, t) = try await thumbnail(.iterm)
        guard case .inline(let picture)? = t.pixels else { return XCTFail("no iTerm2 picture") }
        XCTAssertNil(picture.sixelRows(2..<Self.rows), "an iTerm2 picture is no sixel to cut at its bands")
    }
}

/// A sixel sequence's pixels, decoded: each row's colours (0xRRGGBB, -1 where nothing is drawn).
struct SixelPixels {
    var rows: [[Int]] = []
    var width: Int { rows.map(\.count).max() ?? 0 }
    var height: Int { rows.count }
    var colours: Int { Set(rows.joined().filter { $0 >= 0 }).count }

    init(_ bytes: [UInt8]) {
        let s = Array(bytes)
        guard let q = s.firstIndex(of: UInt8(ascii: "q")) else { return }
        var palette: [Int: Int] = [:], colour = 0, x = 0, band = 0, i = q + 1
        func numbers() -> [Int] {
            var j = i, text = ""
            while j < s.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(s[j]) || s[j] == UInt8(ascii: ";") {
                text.append(Character(Unicode.Scalar(s[j]))); j += 1
            }
            i = j
            return text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        }
        func paint(_ c: UInt8, times: Int) {
            let bits = Int(c) - 63
            for bit in 0..<6 where bits & (1 << bit) != 0 {
                let y = band * 6 + bit
                while rows.count <= y { rows.append([]) }
                while rows[y].count < x + times { rows[y].append(-1) }
                for xx in x..<(x + times) { rows[y][xx] = palette[colour] ?? 0 }
            }
            x += times
        }
        while i < s.count {
            let c = s[i]
            i += 1
            switch c {
            case UInt8(ascii: "\""): _ = numbers()
            case UInt8(ascii: "#"):
                let n = numbers()
                colour = n.first ?? 0
                if n.count >= 5 { palette[colour] = (n[2] * 255 / 100) << 16 | (n[3] * 255 / 100) << 8 | (n[4] * 255 / 100) }
            case UInt8(ascii: "!"):
                let n = numbers().first ?? 1
                if i < s.count { paint(s[i], times: n); i += 1 }
            case UInt8(ascii: "$"): x = 0
            case UInt8(ascii: "-"): x = 0; band += 1
            case 0x1B: i = s.count
            case 63...126: paint(c, times: 1)
            default: break
            }
        }
        // Rows every band left blank at the bottom are not the picture's.
        while let last = rows.last, last.allSatisfy({ $0 < 0 }) { rows.removeLast() }
        let w = width
        rows = rows.map { $0 + Array(repeating: -1, count: w - $0.count) }
    }
}
