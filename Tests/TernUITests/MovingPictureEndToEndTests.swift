import Foundation
import TernDemo
import XCTest

/// The real binary in a pseudo-terminal that answers as kitty does, against the demo: its moving picture
/// (the second post) moves in the large view, as a GIF picture (Akkoma keeps GIFs: giflib decodes it) and
/// as a gifv (Mastodon's: ffmpeg decodes it), and stops when the view closes.
final class MovingPictureEndToEndTests: XCTestCase {
    /// The large pictures sent so far (kitty transmissions wider than 300 pixels), by their first chunk.
    private func largePictures(_ bytes: [UInt8]) -> [String] {
        TerminalOutput(bytes).commands.filter { c in
            c.keys["a"] == "T" && (c.keys["s"].flatMap(Int.init) ?? 0) > 300
        }.map(\.payload)
    }

    private func playAndClose(quirks: ServerQuirks) async throws -> String {
        var config = DemoConfig()
        config.quirks = quirks
        let server = try await DemoServer.start(config)
        let run = try TernInTerminal(server: server, answer: "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;22c",
                                     arguments: ["--log-level", "debug"], config: "avatars = false\n")
        defer { run.stop() }
        let pty = run.pty
        XCTAssertTrue(pty.waitSettled { TerminalOutput($0).commands.contains { $0.keys["a"] == "T" } }, "no kitty pictures came")
        pty.type("j")
        XCTAssertTrue(pty.waitSettled { String(decoding: $0, as: UTF8.self).contains("▶ gif") }, "the moving picture's post was not drawn")
        let before = largePictures(pty.received).count
        pty.type("v")
        // The still, then frames: at least three different pictures, one after another in the same view.
        XCTAssertTrue(pty.wait(timeout: 30) { Set(self.largePictures($0).dropFirst(before)).count >= 3 },
                      "the picture did not move; the log:\n\(run.log.suffix(2000))")
        XCTAssertTrue(run.log.contains("playing a moving picture"))
        XCTAssertFalse(run.log.contains("can't play"), run.log)
        pty.type("x")
        XCTAssertTrue(pty.wait { _ in run.log.contains("stopped a moving picture") }, "closing the view did not stop it")
        pty.type("q")
        await server.stop()
        return run.log
    }

    func testAGIFPictureMovesInTheLargeViewAndStopsWhenItCloses() async throws {
        let log = try await playAndClose(quirks: [.gifsAsPictures, .pleromaReactions])
        XCTAssertTrue(log.contains("kind=gif"), "not played as a GIF")
    }

    func testAGifvPlaysThroughFFmpeg() async throws {
        let log = try await playAndClose(quirks: [])
        XCTAssertTrue(log.contains("kind=video"), "not played by ffmpeg")
    }
}
