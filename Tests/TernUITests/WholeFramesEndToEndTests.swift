import Foundation
import TernDemo
import TernModel
import XCTest

/// The real binary in a pseudo-terminal that is read slowly (reading held while it resizes, as a slow ssh
/// link holds Tern's writes) and resized many times: every escape sequence it writes arrives whole. A
/// resize's signal once interrupted a waiting write and the rest of the frame was dropped: the terminal
/// read `ESC[38;5;59;48;5` and then the next frame's `ESC`.
final class WholeFramesEndToEndTests: XCTestCase {
    func testEveryEscapeSequenceArrivesWholeThroughManyResizesOverASlowLink() async throws {
        let seed = UInt64.random(in: 1...UInt64.max)
        var rng = SeededRandom(seed: seed)
        let server = try await DemoServer.start(DemoConfig())
        let run = try TernInTerminal(server: server, answer: "\u{1B}[?62;22c")
        defer { run.stop() }
        let pty = run.pty
        XCTAssertTrue(pty.waitSettled { $0.count > 2_000 }, "no first frame")
        // Held long enough for Tern to fill the terminal's buffer with frames and wait on it; a resize then
        // interrupts the waiting write.
        for _ in 0..<20 {
            pty.withReadingHeld {
                for _ in 0..<10 {
                    run.resize(rows: Int.random(in: 24...60, using: &rng), columns: Int.random(in: 80...200, using: &rng))
                    usleep(25_000)
                }
            }
            usleep(UInt32(Int.random(in: 0...20_000, using: &rng)))
        }
        run.resize(rows: 40, columns: 120)
        XCTAssertTrue(pty.waitSettled { _ in true }, "seed \(seed): Tern did not go quiet after the resizes")
        let bytes = pty.received
        if let cut = Self.firstCut(bytes) {
            let context = bytes[max(0, cut - 60)..<min(bytes.count, cut + 20)]
            XCTFail("seed \(seed): an escape sequence cut at byte \(cut) of \(bytes.count): \(String(decoding: context, as: UTF8.self).debugDescription)")
        }
        XCTAssertNotNil(String(validating: bytes, as: UTF8.self), "seed \(seed): a character was cut")
        pty.type("q")
        await server.stop()
    }

    /// Where an escape sequence stops before its end (another ESC or a control character where its
    /// parameters or final byte belong), or nil. CSI: parameters 0x30–0x3F, intermediates 0x20–0x2F, a
    /// final byte 0x40–0x7E. OSC, DCS, APC: any text up to ST (ESC \) or BEL.
    static func firstCut(_ b: [UInt8]) -> Int? {
        var i = 0
        while i < b.count {
            guard b[i] == 0x1B else { i += 1; continue }
            let start = i
            guard i + 1 < b.count else { return nil }
            switch b[i + 1] {
            case UInt8(ascii: "["):
                var j = i + 2
                while j < b.count, (0x20...0x3F).contains(b[j]) { j += 1 }
                guard j < b.count else { return nil }
                guard (0x40...0x7E).contains(b[j]) else { return start }
                i = j + 1
            case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"):
                var j = i + 2
                while j < b.count, b[j] != 0x1B, b[j] != 0x07 { j += 1 }
                guard j < b.count else { return nil }
                if b[j] == 0x07 { i = j + 1; continue }
                guard j + 1 < b.count else { return nil }
                guard b[j + 1] == UInt8(ascii: "\\") else { return start }
                i = j + 2
            default:
                i += 2
            }
        }
        return nil
    }
}
