import CPictureLibraries
import TernModel
@testable import TernImages
import XCTest

/// Placeholders are laid out and drawn without chafa: the size rule must be chafa's, so that the
/// thumbnail that replaces a placeholder takes exactly its place, and the half blocks must show the blur.
final class PlaceholderTests: XCTestCase {
    func testTheFitIsChafasOverRandomSizes() throws {
        try PictureLibraries.require()
        let seed = UInt64.random(in: 1...UInt64.max)
        var rng = SeededRandom(seed: seed)
        for _ in 0..<20_000 {
            let width = Int(rng.next() % 4000), height = Int(rng.next() % 4000)
            let columns = Int(rng.next() % 200) + 1, rows = Int(rng.next() % 100) + 1
            var w = Int32(columns), h = Int32(rows)
            chafa_calc_canvas_geometry(Int32(width), Int32(height), &w, &h, ChafaRenderer.fontRatio, 0, 0)
            let ours = ChafaRenderer.fit(width: width, height: height, columns: columns, rows: rows)
            XCTAssertEqual([ours.columns, ours.rows], [max(1, Int(w)), max(1, Int(h))],
                           "\(width)×\(height) px into \(columns)×\(rows) cells (seed \(seed))")
            if ours.columns != max(1, Int(w)) || ours.rows != max(1, Int(h)) { return }
        }
    }

    func testHalfBlocksShowTheTopPixelAboveTheBottomOne() {
        // 2×4 pixels: the top half red, the bottom half blue, one column of two cells.
        let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255], green: [UInt8] = [0, 255, 0, 255]
        let pixels = red + red + green + green + blue + blue + blue + blue
        let grid = HalfBlocks.grid(RGBAImage(width: 2, height: 4, pixels: pixels), columns: 1, rows: 2)
        XCTAssertEqual(grid.colorSpace, .rgb)
        XCTAssertEqual(grid.cells.map(\.character), ["\u{2580}", "\u{2580}"])
        XCTAssertEqual(grid[0, 0].foreground, 0xFF0000)
        XCTAssertEqual(grid[0, 0].background, 0x00FF00)
        XCTAssertEqual(grid[0, 1].foreground, 0x0000FF)
        XCTAssertEqual(grid[0, 1].background, 0x0000FF)
    }

    func testABlurhashPlaceholderHasTheThumbnailsSize() async throws {
        let worker = RenderWorker()
        let drawn = await worker.blurhash("LEHV6nWB2yk8pyo0adR*.7kCMdnj", columns: 30, rows: 10, aspect: 16.0 / 9, mode: .truecolor)
        let placeholder = try XCTUnwrap(drawn)
        let expected = ChafaRenderer.fit(width: 32, height: 18, columns: 30, rows: 10)
        XCTAssertEqual([placeholder.width, placeholder.height], [expected.columns, expected.rows])
        XCTAssertEqual(Set(placeholder.cells.map(\.character)), ["\u{2580}"])
        XCTAssertGreaterThan(Set(placeholder.cells.map(\.foreground)).count, 3, "a blur, not one flat colour")
    }
}
