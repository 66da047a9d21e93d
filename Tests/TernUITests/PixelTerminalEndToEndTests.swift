import CZlib
import Foundation
import TernDemo
import TernImages
import TernTerminal
import XCTest

/// The real binary in a pseudo-terminal that answers as kitty, against the demo server: pictures go out
/// once each as kitty transmissions and come back as placeholder cells in their ids' colours; scrolling
/// away and back sends cells, not pictures.
final class PixelTerminalEndToEndTests: XCTestCase {
    func testKittyTerminalGetsEachPictureOnceAndPlaceholderCellsInItsIdsColours() async throws {
        let server = try await DemoServer.start(DemoConfig())
        let run = try TernInTerminal(server: server, answer: "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;22c")
        defer { run.stop() }
        let pty = run.pty
        // Pictures arrive, each sent once, and cells show them. Read once the output has gone quiet: a read in
        // the middle of a frame ends with half a placeholder cell (its row mark only), which names no picture.
        XCTAssertTrue(pty.waitSettled { bytes in
            let o = TerminalOutput(bytes)
            return o.commands.filter { $0.keys["a"] == "T" }.count >= 3 && o.cells.count > 100
        }, "no kitty pictures came: \(String(decoding: pty.received.suffix(400), as: UTF8.self))")
        var out = TerminalOutput(pty.received)
        var images: [UInt32: String] = [:], sizes: [UInt32: Int] = [:]
        var current: UInt32?
        for c in out.commands {
            if c.keys["a"] == "T", let id = c.keys["i"].flatMap(UInt32.init) {
                XCTAssertNil(images[id], "id \(id) sent twice")
                XCTAssertEqual(c.keys["U"], "1")
                XCTAssertEqual(c.keys["q"], "2")
                XCTAssertEqual(c.keys["f"], "24")
                XCTAssertEqual(c.keys["o"], "z")
                sizes[id] = (c.keys["s"].flatMap(Int.init) ?? 0) * (c.keys["v"].flatMap(Int.init) ?? 0)
                images[id] = c.payload
                current = c.keys["m"] == "1" ? id : nil
            } else if let id = current {
                images[id]? += c.payload
                if c.keys["m"] == "0" { current = nil }
            }
        }
        for (id, payload) in images where current != id {
            let bytes = Array(try XCTUnwrap(Data(base64Encoded: payload), "id \(id): payload is not base64"))
            let area = try XCTUnwrap(sizes[id])
            XCTAssertGreaterThan(area, 16, "id \(id): a picture of \(area) pixels")
            var pixels = [UInt8](repeating: 0, count: area * 3)
            var size = uLong(pixels.count)
            XCTAssertEqual(uncompress(&pixels, &size, bytes, uLong(bytes.count)), Z_OK, "id \(id): not deflated")
            XCTAssertEqual(Int(size), area * 3, "id \(id): not its size's RGB pixels")
        }
        // Every placeholder cell is in the colour of a picture that was sent, with that picture's high byte.
        let sent = Set(images.keys.map { Int($0 & 0xFF) * 256 + Int($0 >> 24) })
        for cell in out.cells {
            let key = (cell.fg ?? -1) * 256 + (cell.marks.count > 2 ? cell.marks[2] : 0)
            XCTAssertTrue(sent.contains(key), "a cell in colour \(String(describing: cell.fg)) marks \(cell.marks) names no picture sent")
        }

        // Scrolling away and back draws the same pictures from their cells: no picture is sent again.
        let before = pty.received.count
        for _ in 0..<4 { pty.type("j"); usleep(150_000) }
        for _ in 0..<4 { pty.type("k"); usleep(150_000) }
        // Every frame for those keys is in once the cells are drawn again and the output has gone quiet.
        let settled = pty.waitSettled { bytes in TerminalOutput(Array(bytes[before...])).cells.count > 0 }
        XCTAssertTrue(settled, "the pictures' cells were not drawn again after scrolling back")
        out = TerminalOutput(Array(pty.received[before...]))
        let resent = out.commands.compactMap { $0.keys["a"] == "T" ? $0.keys["i"].flatMap(UInt32.init) : nil }.filter { images[$0] != nil }
        XCTAssertEqual(resent, [], "pictures sent again on scrolling back")
        XCTAssertGreaterThan(out.cells.count, 0, "the pictures' cells were drawn again")
        pty.type("q")
        await server.stop()
    }

    /// Custom emoji in a pseudo-terminal that answers as kitty: the demo's post with `:tern: :blobcat:` gets
    /// both pictures, fetched and sent as 2×1-cell pictures (no avatars here, so nothing else is that
    /// small), and its text no longer says the shortcodes.
    func testCustomEmojiArePicturesInTheText() async throws {
        let server = try await DemoServer.start(DemoConfig())
        let run = try TernInTerminal(server: server, answer: "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;22c",
                                     config: "avatars = false\n")
        defer { run.stop() }
        let pty = run.pty
        XCTAssertTrue(pty.waitSettled { TerminalOutput($0).commands.contains { $0.keys["a"] == "T" } }, "no kitty pictures came")
        // Down to the sixth post, the first with the line of emoji.
        for _ in 0..<6 { pty.type("j"); usleep(150_000) }
        let small: ([UInt8]) -> [(keys: [String: String], payload: String)] = { bytes in
            TerminalOutput(bytes).commands.filter { c in
                guard c.keys["a"] == "T", let w = c.keys["s"].flatMap(Int.init), let h = c.keys["v"].flatMap(Int.init) else { return false }
                return w <= 20 && h <= 20
            }
        }
        XCTAssertTrue(pty.waitSettled { small($0).count >= 2 }, "the emoji were not sent as 2×1-cell pictures")
        let tern = await server.mediaRequestCount(path: "/emoji/tern.png"), blobcat = await server.mediaRequestCount(path: "/emoji/blobcat.png")
        XCTAssertEqual([tern, blobcat], [1, 1], "each picture fetched once")
        let text = String(decoding: pty.received, as: UTF8.self)
        XCTAssertTrue(text.contains("Seen from the harbour"), "the post with the emoji was not drawn")
        XCTAssertFalse(text.contains(":tern:") || text.contains(":blobcat:"), "a shortcode was drawn as text")
        pty.type("q")
        await server.stop()
    }
}
