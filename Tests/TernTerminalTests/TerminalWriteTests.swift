import Foundation
import TernModel
@testable import TernTerminal
import XCTest

/// A frame reaches the terminal whole over a slow link: its reader takes a little at a time, a resize's
/// signal interrupts the write while it waits, or the descriptor is non-blocking and says "not now". Every
/// byte must arrive, in order. (stdio's `fwrite` dropped the rest of its buffer at the first interruption:
/// a frame cut in the middle of an escape sequence.)
final class TerminalWriteTests: XCTestCase {
    /// A screenful of many colours, as the frame writer sends it: about 200 KB of escape sequences and text.
    static func frame(seed: UInt64) -> [UInt8] {
        var rng = SeededRandom(seed: seed)
        var b = ScreenBuffer(rows: 60, columns: 200)
        for r in 0..<b.rows {
            for c in 0..<b.columns {
                let look = CellLook(foreground: CellLook.palette(Int.random(in: 16...255, using: &rng)),
                                    background: CellLook.palette(Int.random(in: 16...255, using: &rng)))
                _ = b.put(String(UnicodeScalar(UInt8(Int.random(in: 0x41...0x5A, using: &rng)))), row: r, column: c, limit: 1, look: look)
            }
        }
        var writer = FrameWriter()
        return writer.write(b)
    }

    /// The screen writes `frame` into a pipe whose reader reads a little at a time; meanwhile the writing
    /// thread is sent SIGWINCH (caught without SA_RESTART, as curses catches it) twice between reads, so
    /// writes are cut short and interrupted while waiting. Returns what the reader got after the screen's
    /// own set-up bytes.
    func written(_ frame: [UInt8], nonBlocking: Bool) throws -> [UInt8] {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("tern-write-\(UUID().uuidString)")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        defer { try? FileManager.default.removeItem(at: fifo) }
        let reader = open(fifo.path, O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(reader, 0)
        defer { close(reader) }
        // A small pipe: the frame waits on the reader many times.
        _ = fcntl(reader, 1031 /* F_SETPIPE_SZ */, 4096)
        let screen = try Screen(terminalType: "xterm-256color", output: fifo.path, size: (24, 80))
        defer { screen.close() }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        func drain() { while true { let n = read(reader, &buffer, buffer.count); if n <= 0 { break }; received += buffer[0..<n] } }
        drain()
        let setUp = received.count
        if nonBlocking { _ = fcntl(fileno(screen.outputFile), F_SETFL, fcntl(fileno(screen.outputFile), F_GETFL) | O_NONBLOCK) }

        var old = sigaction(), quiet = sigaction()
        quiet.__sigaction_handler.sa_handler = { _ in }
        quiet.sa_flags = 0
        sigaction(SIGWINCH, &quiet, &old)
        defer { sigaction(SIGWINCH, &old, nil) }

        let done = DispatchSemaphore(value: 0)
        final class Box: @unchecked Sendable { var thread: pthread_t?; let screen: Screen; init(_ s: Screen) { screen = s } }
        let box = Box(screen)
        let started = DispatchSemaphore(value: 0)
        Thread {
            box.thread = pthread_self()
            started.signal()
            box.screen.emit(frame)
            done.signal()
        }.start()
        started.wait()
        var rounds = 0
        while done.wait(timeout: .now()) == .timedOut {
            rounds += 1
            XCTAssertLessThan(rounds, 100_000, "the write never ended")
            if rounds >= 100_000 { break }
            if let t = box.thread {
                pthread_kill(t, SIGWINCH)
                usleep(1_000)
                pthread_kill(t, SIGWINCH)
                usleep(1_000)
            }
            let n = read(reader, &buffer, 512)
            if n > 0 { received += buffer[0..<n] }
        }
        drain()
        return Array(received[setUp...])
    }

    func testAFrameArrivesWholeWhenSignalsInterruptItsWrites() throws {
        let seed = UInt64.random(in: 1...UInt64.max)
        let frame = Self.frame(seed: seed)
        let got = try written(frame, nonBlocking: false)
        XCTAssertEqual(got.count, frame.count, "seed \(seed): \(got.count) of \(frame.count) bytes arrived")
        XCTAssertTrue(got == frame, "seed \(seed): the bytes differ from the frame's")
    }

    func testAFrameArrivesWholeWhenTheTerminalIsNotReady() throws {
        let seed = UInt64.random(in: 1...UInt64.max)
        let frame = Self.frame(seed: seed)
        let got = try written(frame, nonBlocking: true)
        XCTAssertEqual(got.count, frame.count, "seed \(seed): \(got.count) of \(frame.count) bytes arrived")
        XCTAssertTrue(got == frame, "seed \(seed): the bytes differ from the frame's")
    }
}
