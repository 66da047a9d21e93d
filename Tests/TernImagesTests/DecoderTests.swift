import AsyncHTTPClient
import Foundation
import TernDemo
import TernHTTP
@testable import TernImages
import TernTestSupport
import XCTest

/// Real image files (made by the demo server with libjpeg-turbo, libpng and libwebp) through the real decoders.
final class DecoderTests: XCTestCase {
    /// One download of the demo pictures serves every test here (debug-built encoders are slow).
    static let shared = Task { try await DecoderTests.fetchDemoFiles() }

    func demoFiles() async throws -> [String: [UInt8]] { try await Self.shared.value }

    /// Downloads a few demo pictures, one per format, of previews and originals.
    static func fetchDemoFiles() async throws -> [String: [UInt8]] {
        let server = try await DemoServer.start()
        let http = HTTPFetch.makeClient()
        var files: [String: [UInt8]] = [:]
        for path in await server.mediaPaths() {
            let ext = (path as NSString).pathExtension
            let kind = path.contains("small") ? "small" : "original"
            guard files["\(kind).\(ext)"] == nil else { continue }
            files["\(kind).\(ext)"] = try await ImageLoader.download(server.baseURL + path, http: http, limits: ImageLimits())
            if files.count == 6 { break }
        }
        try await http.shutdown()
        await server.stop()
        return files
    }

    func testEveryDemoFormatDecodes() async throws {
        let files = try await demoFiles()
        XCTAssertEqual(Set(files.keys), ["small.jpg", "small.png", "small.webp", "original.jpg", "original.png", "original.webp"])
        for (name, bytes) in files {
            let image = try ImageDecoder.decode(bytes, target: (2000, 2000))
            XCTAssertGreaterThan(image.width, 100, name)
            XCTAssertEqual(image.pixels.count, image.width * image.height * 4, name)
            // Colourful, not flat: many distinct colours.
            var colours = Set<UInt32>()
            for i in stride(from: 0, to: image.pixels.count, by: 4 * 97) {
                colours.insert(UInt32(image.pixels[i]) << 16 | UInt32(image.pixels[i + 1]) << 8 | UInt32(image.pixels[i + 2]))
            }
            XCTAssertGreaterThan(colours.count, 20, name)
        }
    }

    func testJPEGAndWebPDecodeAtReducedScale() async throws {
        let files = try await demoFiles()
        for name in ["original.jpg", "original.webp"] {
            let bytes = try XCTUnwrap(files[name])
            let full = try ImageDecoder.decode(bytes, target: (100_000, 100_000))
            let small = try ImageDecoder.decode(bytes, target: (160, 64))
            XCTAssertLessThan(small.width * small.height * 4, full.width * full.height, "\(name) was not scaled down")
            XCTAssertGreaterThanOrEqual(small.width, 160, name)
            XCTAssertGreaterThanOrEqual(small.height, 64, name)
        }
    }

    func testBrokenAndHostileFilesGiveErrorsNotCrashes() async throws {
        let files = try await demoFiles()
        XCTAssertEqual(try? ImageDecoder.decode([], target: (10, 10)).width, nil)
        XCTAssertThrowsError(try ImageDecoder.decode(Array("{\"error\":\"nope\"}".utf8), target: (10, 10))) {
            XCTAssertEqual($0 as? ImageError, .unknownFormat)
        }
        for (name, bytes) in files {
            // Truncated: a partial picture or an error, never a crash.
            _ = try? ImageDecoder.decode(Array(bytes.prefix(bytes.count / 3)), target: (64, 64))
            _ = try? ImageDecoder.decode(Array(bytes.prefix(40)), target: (64, 64))
            // Over the byte limit: refused before decoding.
            XCTAssertThrowsError(try ImageDecoder.decode(bytes, target: (10, 10), limits: ImageLimits(maxBytes: 100))) {
                guard case .tooLarge = $0 as? ImageError else { return XCTFail("\(name): \($0)") }
            }
        }
    }

    /// A 70-byte PNG that declares 60,000 × 60,000 pixels is refused from its header alone.
    func testDeclaredGiantDimensionsAreRefusedBeforeDecoding() {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        png += Array("IHDR".utf8)
        png += [0, 0, 0xEA, 0x60, 0, 0, 0xEA, 0x60, 8, 2, 0, 0, 0]
        png += [0x0F, 0xB0, 0xE2, 0x15]  // CRC of the IHDR chunk
        png += [0, 0, 0, 0] + Array("IDAT".utf8) + [0x35, 0xAF, 0x06, 0x1E]
        png += [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
        XCTAssertThrowsError(try ImageDecoder.decode(png, target: (64, 64))) {
            XCTAssertEqual($0 as? ImageError, .tooLarge("60000×60000 pixels"))
        }
    }

    func testFirstFrameOfAGIF() throws {
        // 1×1 GIF89a, palette [red, black], one pixel of colour 0.
        let gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0, 0xFF, 0, 0, 0, 0, 0,
                                                   0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3B]
        let image = try ImageDecoder.decode(gif, target: (1, 1))
        XCTAssertEqual(image.width, 1)
        XCTAssertEqual(Array(image.pixels), [255, 0, 0, 255])
    }

    func testBlurhashDecodesToItsAverageColour() throws {
        // The reference hash from blurha.sh; its DC term is sRGB (151, 150, 149).
        let image = try XCTUnwrap(Blurhash.decode("LEHV6nWB2yk8pyo0adR*.7kCMdnj", width: 32, height: 32))
        var sum = [0, 0, 0]
        for i in stride(from: 0, to: image.pixels.count, by: 4) { for c in 0..<3 { sum[c] += Int(image.pixels[i + c]) } }
        let avg = sum.map { $0 / (32 * 32) }
        for (a, e) in zip(avg, [151, 150, 149]) { XCTAssertEqual(Double(a), Double(e), accuracy: 12) }
        XCTAssertNil(Blurhash.decode("LEHV6nWB2yk8pyo0adR*.7kCMdn", width: 8, height: 8), "wrong length")
        XCTAssertNil(Blurhash.decode("not a hash!", width: 8, height: 8))
        XCTAssertNil(Blurhash.decode("", width: 8, height: 8))
    }

    func testChafaMakesAColourGridThatFitsTheBox() async throws {
        let files = try await demoFiles()
        let image = try ImageDecoder.decode(try XCTUnwrap(files["small.png"]), target: (160, 64))
        let size = ChafaRenderer.fit(width: image.width, height: image.height, columns: 20, rows: 8)
        XCTAssertLessThanOrEqual(size.columns, 20)
        XCTAssertLessThanOrEqual(size.rows, 8)
        for mode in [ImageColorMode.truecolor, .indexed256, .indexed8] {
            let grid = ChafaRenderer().render(image, columns: size.columns, rows: size.rows, mode: mode)
            XCTAssertEqual(grid.cells.count, size.columns * size.rows)
            let colours = Set(grid.cells.flatMap { [$0.foreground, $0.background] })
            XCTAssertGreaterThan(colours.count, 2, "\(mode)")
            if mode != .truecolor { XCTAssertTrue(colours.allSatisfy { (-1...255).contains($0) }, "\(mode): palette pens only") }
        }
    }
}

final class BlurhashRoundTripTests: XCTestCase {
    /// A two-colour picture encodes to a hash whose decoding keeps its left/right split.
    func testEncodeThenDecodeKeepsTheColours() throws {
        let w = 32, h = 16
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h { for x in 0..<w { let o = (y * w + x) * 3; if x < w / 2 { rgb[o] = 230 } else { rgb[o + 2] = 230 } } }
        let hash = Blurhash.encode(rgb: rgb, width: w, height: h)
        XCTAssertEqual(hash.count, 4 + 2 * 4 * 3)
        let image = try XCTUnwrap(Blurhash.decode(hash, width: w, height: h))
        func px(_ x: Int, _ y: Int) -> [UInt8] { let o = (y * w + x) * 4; return Array(image.pixels[o..<(o + 3)]) }
        XCTAssertGreaterThan(px(2, 8)[0], px(2, 8)[2] + 100, "left stays red")
        XCTAssertGreaterThan(px(29, 8)[2], px(29, 8)[0] + 100, "right stays blue")
        XCTAssertEqual(Blurhash.base83(0, length: 2), "00")
        XCTAssertEqual(Blurhash.base83(82, length: 1), "~")
    }
}
