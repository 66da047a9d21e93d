import Foundation
@testable import TernDemo
@testable import TernImages
import XCTest

/// Small files that declare huge pictures: past 48 million pixels they are refused before decoding; below
/// that, decoding reduces while it reads, so memory follows the thumbnail, not the declared size (an
/// 8000×8000 PNG or GIF of under 200 KB once peaked at 533 MB).
final class DecompressionBombTests: XCTestCase {
    /// Peak resident memory since the last reset, in MB (Linux: /proc/self/status VmHWM).
    func peakMB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }

    func resetPeak() throws {
        // Writing 5 resets the peak (VmHWM) to the current size, so the peak measures this decode alone.
        do { try "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8) } catch {
            throw XCTSkip("the peak memory can't be reset here (/proc/self/clear_refs: \(error))")
        }
    }

    func currentMB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }

    func testASixThousandSquarePNGDecodesIntoThumbnailMemory() throws {
        let side = 6000
        var file: [UInt8] = []
        do {
            // A flat picture with a few lines: deflate squeezes 192 MB of pixels into a small file.
            var rgb = [UInt8](repeating: 200, count: side * side * 3)
            for y in stride(from: 0, to: side, by: 500) { for x in 0..<side { rgb[(y * side + x) * 3] = 10 } }
            file = try ImageEncoder.encode(rgb: rgb, width: side, height: side, as: .png)
        }
        XCTAssertLessThan(file.count, 1 << 20, "the bomb is a small file")
        try resetPeak()
        let base = currentMB()
        let image = try ImageDecoder.decode(file, target: (width: 128, height: 64))
        let peak = peakMB()
        XCTAssertGreaterThanOrEqual(image.width, 128)
        XCTAssertLessThanOrEqual(image.width, 256, "reduced while reading")
        XCTAssertEqual(image.width, image.height)
        XCTAssertLessThan(peak - base, 40, "decoding took \(peak - base) MB above the \(base) MB before it")
        // The box filter keeps the picture: the flat colour survives.
        XCTAssertEqual(image.pixels[(image.width * (image.height / 2) + 5) * 4 + 1], 200)
    }

    func testAGIFWithAHugeCanvasAndATinyFrameNeedsNoHugeBuffer() throws {
        // Logical screen 6000×6000, one 1×1 frame: a 30-byte file.
        let gif: [UInt8] = Array("GIF89a".utf8) + [0x70, 0x17, 0x70, 0x17, 0x80, 0, 0, 0xFF, 0, 0, 0, 0, 0,
                                                   0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3B]
        try resetPeak()
        let base = currentMB()
        let image = try ImageDecoder.decode(gif, target: (width: 100, height: 100))
        let peak = peakMB()
        XCTAssertLessThanOrEqual(image.width, 200)
        XCTAssertEqual(Array(image.pixels.prefix(4)), [255, 0, 0, 255], "the frame's pixel lands at the top left")
        XCTAssertLessThan(peak - base, 20, "decoding took \(peak - base) MB above the \(base) MB before it")
        // 8000×8000 is past the limit: refused from the header alone.
        var huge = gif
        huge.replaceSubrange(6..<10, with: [0x40, 0x1F, 0x40, 0x1F])
        XCTAssertThrowsError(try ImageDecoder.decode(huge, target: (width: 100, height: 100))) {
            XCTAssertEqual($0 as? ImageError, .tooLarge("8000×8000 pixels"))
        }
    }
}
