import Foundation
import TernModel
@testable import TernImages
import XCTest

/// Previews whose shape differs from the slot laid out for them (a server that crops previews to 16:9
/// while the original is square) fill their slot instead of leaving blank rows under them.
final class PreviewShapeTests: XCTestCase {
    func picture(_ w: Int, _ h: Int) -> RGBAImage {
        var px = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h { for x in 0..<w { let o = (y * w + x) * 4; px[o] = UInt8(x % 256); px[o + 1] = UInt8(y % 256); px[o + 3] = 255 } }
        return RGBAImage(width: w, height: h, pixels: px)
    }

    func testAWidePreviewFillsASquareSlot() async throws {
        let worker = RenderWorker()
        // 16 columns × 8 rows of cells is square in pixels; the preview is 16:9.
        let (thumbnail, _) = try await worker.thumbnail(.pixels(picture(320, 180)), columns: 16, rows: 8, mode: .indexed256, pixels: nil, limits: ImageLimits())
        let grid = thumbnail.grid
        XCTAssertEqual(grid.width, 16)
        XCTAssertEqual(grid.height, 8, "no blank rows under the picture")
    }

    func testAMatchingPreviewIsNotCropped() async throws {
        let worker = RenderWorker()
        let (thumbnail, _) = try await worker.thumbnail(.pixels(picture(320, 320)), columns: 16, rows: 8, mode: .indexed256, pixels: nil, limits: ImageLimits())
        let grid = thumbnail.grid
        XCTAssertEqual(grid.width, 16)
        XCTAssertEqual(grid.height, 8)
    }

    /// The large view shows the whole picture: a square one in a wide box is as tall as the box and square
    /// on screen, in symbols (1:2 cells) and in pixels (the cells' real shape, here 8×17 as VTE's), never
    /// cropped to fill the box.
    func testAWholePictureKeepsItsShapeInAWideBox() async throws {
        let worker = RenderWorker()
        let (symbols, _) = try await worker.thumbnail(.pixels(picture(600, 600)), columns: 116, rows: 35, whole: true,
                                                      mode: .indexed256, pixels: nil, limits: ImageLimits())
        XCTAssertEqual(symbols.grid.height, 35)
        XCTAssertEqual(symbols.grid.width, 70, "35 rows of 1:2 cells are 70 columns wide")
        let cell = CellPixels(width: 8, height: 17)
        let (pixels, _) = try await worker.thumbnail(.pixels(picture(600, 600)), columns: 116, rows: 35, whole: true,
                                                     mode: .indexed256, pixels: PixelOutput(mode: .iterm, cell: cell), limits: ImageLimits())
        let grid = pixels.grid
        XCTAssertEqual(grid.height, 35)
        XCTAssertEqual(Double(grid.width * cell.width), Double(grid.height * cell.height), accuracy: Double(cell.width),
                       "\(grid.width)×\(grid.height) cells of 8×17 are not square")
        guard case .inline(let inline)? = pixels.pixels else { return XCTFail("no pixels") }
        XCTAssertEqual(inline.columns, grid.width)
        XCTAssertEqual(inline.rows, grid.height)
        // The same box in a list (not whole) is filled, as a slot laid out for it must be.
        let (filled, _) = try await worker.thumbnail(.pixels(picture(600, 600)), columns: 116, rows: 35,
                                                     mode: .indexed256, pixels: nil, limits: ImageLimits())
        XCTAssertEqual(filled.grid.width, 116)
    }

    func testCroppingKeepsTheCentre() {
        let image = picture(300, 100).cropped(toAspect: 1)
        XCTAssertEqual(image.width, 100)
        XCTAssertEqual(image.height, 100)
        XCTAssertEqual(image.pixels[0], 100, "the left edge of the crop is column 100 of the original")
    }

    /// A focal point (`meta.focus`) moves the crop onto the picture's subject, as far as the edges allow.
    func testCroppingCentresOnTheFocalPoint() {
        // x: -1 left to 1 right. A subject a quarter in from the left of a 300×100 picture: centre 75, so
        // the 100-wide crop starts at 25; at the left edge it can't start before 0.
        XCTAssertEqual(picture(300, 100).cropped(toAspect: 1, focus: FocalPoint(x: -0.5, y: 0)).pixels[0], 25)
        XCTAssertEqual(picture(300, 100).cropped(toAspect: 1, focus: FocalPoint(x: -1, y: 0)).pixels[0], 0)
        XCTAssertEqual(picture(300, 100).cropped(toAspect: 1, focus: FocalPoint(x: 1, y: 0)).pixels[0], 200)
        // y: 1 is the top. A tall 100×300 picture with its subject near the top: the crop starts at row 0;
        // a quarter up from the bottom: centre row 225, so rows 175 to 274.
        XCTAssertEqual(picture(100, 300).cropped(toAspect: 1, focus: FocalPoint(x: 0, y: 0.9)).pixels[1], 0)
        XCTAssertEqual(picture(100, 300).cropped(toAspect: 1, focus: FocalPoint(x: 0, y: -0.5)).pixels[1], 175)
        // Out of range (a server that sends pixels): brought to the edge, never out of the picture.
        XCTAssertEqual(FocalPoint(x: 40, y: -3), FocalPoint(x: 1, y: -1))
    }

    func testThumbnailsAreShapedByThePreviewWhenTheServerGivesItsSize() {
        let square = MediaAttachment(id: "1", kind: .image, url: "https://x/o.jpg", previewURL: "https://x/s.jpg",
                                     width: 1080, height: 1080, previewWidth: 640, previewHeight: 360)
        XCTAssertEqual(square.thumbnailAspectRatio ?? 0, 16.0 / 9.0, accuracy: 0.001)
        XCTAssertEqual(square.aspectRatio, 1)
        let noSmall = MediaAttachment(id: "2", kind: .image, url: "https://x/o.jpg", previewURL: "https://x/s.jpg", width: 400, height: 200)
        XCTAssertEqual(noSmall.thumbnailAspectRatio, 2)
    }
}
