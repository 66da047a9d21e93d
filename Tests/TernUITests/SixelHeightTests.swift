import Foundation
@testable import TernDemo
import TernHTTP
@testable import TernImages
import TernModel
import TernTestSupport
import XCTest

/// Sixels come in bands of six pixel rows, and a cell's height is seldom whole bands: xterm's cells are 17
/// pixels tall. A picture one cell tall (a custom emoji) keeps its shape within the whole bands of its
/// cells. (chafa squeezed it into them: a custom emoji in its 16×17 two-cell slot was drawn 16×12.)
final class SixelHeightTests: XCTestCase {
    /// A square PNG, all one colour.
    func square(_ size: Int) throws -> URL {
        let rgb = [UInt8](repeating: 0, count: size * size * 3).enumerated().map { $0.offset % 3 == 0 ? 230 : 40 }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tern-sixel-\(UUID().uuidString).png")
        try Data(ImageEncoder.png(rgb: rgb.map(UInt8.init), width: size, height: size)).write(to: url)
        return url
    }

    func sixel(_ request: (URL) -> ThumbnailRequest, cell: CellPixels) async throws -> [UInt8] {
        try await picture(request, cell: cell)?.sequence ?? []
    }

    func picture(_ request: (URL) -> ThumbnailRequest, cell: CellPixels) async throws -> InlinePicture? {
        let file = try square(64)
        defer { try? FileManager.default.removeItem(at: file) }
        let http = httpClient()
        let loader = ImageLoader(http: http, colorMode: .indexed256, pixels: PixelOutput(mode: .sixel, cell: cell))
        let t = try await loader.thumbnail(request(file))
        try await http.shutdown()
        guard case .inline(let picture)? = t.pixels else { XCTFail("no sixel: \(String(describing: t.pixels))"); return nil }
        return picture
    }

    /// The columns and rows of pixels a sixel sequence sets (a pixel drawn in any colour), read from its data.
    static func painted(_ bytes: [UInt8]) -> (width: Int, height: Int) {
        let s = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        guard var i = s.firstIndex(of: "q").map({ $0 + 1 }) else { return (0, 0) }
        var x = 0, band = 0, right = 0, bottom = 0
        func paint(_ c: Unicode.Scalar, times: Int) {
            let bits = Int(c.value) - 63
            if bits > 0 {
                right = max(right, x + times)
                bottom = max(bottom, band * 6 + (Int.bitWidth - bits.leadingZeroBitCount))
            }
            x += times
        }
        while i < s.count {
            let c = s[i]
            switch c {
            case "\"", "#":
                i += 1
                while i < s.count, "0123456789;".unicodeScalars.contains(s[i]) { i += 1 }
                continue
            case "!":
                var n = 0
                i += 1
                while i < s.count, let d = Int(String(s[i])) { n = n * 10 + d; i += 1 }
                if i < s.count { paint(s[i], times: n) }
            case "$": x = 0
            case "-": x = 0; band += 1
            case "\u{1B}": i = s.count; continue
            default: if (63...126).contains(c.value) { paint(c, times: 1) }
            }
            i += 1
        }
        return (right, bottom)
    }

    func testACustomEmojiKeepsItsShapeInXtermsCells() async throws {
        let bytes = try await sixel({ ThumbnailRequest(url: $0.absoluteString, columns: 2, rows: 1, whole: true) },
                                   cell: CellPixels(width: 8, height: 17))
        let size = Self.painted(bytes)
        XCTAssertEqual(size.height, 12, "two whole bands of the cell's 17 pixels")
        XCTAssertEqual(Double(size.width) / Double(size.height), 16.0 / 17, accuracy: 1.0 / 12,
                       "a square emoji in its 16×17 slot drawn \(size.width)×\(size.height)")
    }

    /// mlterm's cells are 10×19: a square emoji's 19 pixels are 1.9 cells, and it once took one cell of its
    /// two (its left half, 9×18, a blank cell after it). It takes both, undistorted.
    func testACustomEmojiTakesItsTwoCellsInMltermsCells() async throws {
        let made = try await picture({ ThumbnailRequest(url: $0.absoluteString, columns: 2, rows: 1, whole: true) },
                                     cell: CellPixels(width: 10, height: 19))
        let emoji = try XCTUnwrap(made)
        XCTAssertEqual(emoji.columns, 2, "the emoji's two cells")
        let size = Self.painted(emoji.sequence)
        XCTAssertEqual(size.height, 18, "three whole bands of the cell's 19 pixels")
        XCTAssertEqual(Double(size.width) / Double(size.height), 20.0 / 19, accuracy: 1.0 / 18,
                       "a square emoji in its 20×19 slot drawn \(size.width)×\(size.height)")
    }

    /// One row of cells of any height keeps its box's shape; a taller box loses at most the rows short of a
    /// whole band.
    func testAPictureKeepsItsBoxsShapeWhateverTheCellHeight() async throws {
        for height in [17, 18, 20, 23] {
            let cell = CellPixels(width: 9, height: height)
            let one = Self.painted(try await sixel({ ThumbnailRequest(url: $0.absoluteString, columns: 4, rows: 1) }, cell: cell))
            XCTAssertEqual(one.height, height / 6 * 6, "cells \(height) px tall")
            XCTAssertEqual(Double(one.width) / Double(one.height), 36 / Double(height), accuracy: 1.0 / Double(one.height),
                           "cells \(height) px tall: 36×\(height) drawn \(one.width)×\(one.height)")
            let five = Self.painted(try await sixel({ ThumbnailRequest(url: $0.absoluteString, columns: 12, rows: 5) }, cell: cell))
            XCTAssertEqual(five.width, 108, "cells \(height) px tall")
            XCTAssertTrue((5 * height - 5)...(5 * height) ~= five.height, "cells \(height) px tall: \(five.height) rows of \(5 * height)")
        }
    }
}
