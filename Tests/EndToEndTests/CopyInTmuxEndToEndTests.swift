import Foundation
import XCTest

/// `y` inside tmux, as tmux is by default (`set-clipboard external`, which drops a program's OSC 52): the
/// link reaches tmux's buffer, so it can be pasted. "Copied" was said while nothing had been copied (a new
/// user's find).
final class CopyInTmuxEndToEndTests: XCTestCase {
    func testYInTmuxPutsThePostsLinkInTmuxsBuffer() throws {
        let tern = try TmuxSession.ternBinary()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("tern-copy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let tmux = try TmuxSession(command: "env XDG_STATE_HOME=\(state.path) \(tern.path) demo --new-post-every 0; sleep 30")
        defer { tmux.close() }
        try tmux.run(["set-option", "-g", "set-clipboard", "external"])
        XCTAssertTrue(tmux.waitSettled { $0.contains(" 1/") }.ok, tmux.screen())
        try tmux.send("y")
        let said = tmux.wait { $0.contains("Copied the post's link") }
        XCTAssertTrue(said.ok, said.screen)
        var buffer = ""
        let deadline = Date().addingTimeInterval(10)
        while buffer.isEmpty, Date() < deadline {
            buffer = (try? tmux.run(["show-buffer"])) ?? ""
            if buffer.isEmpty { usleep(100_000) }
        }
        XCTAssertTrue(buffer.hasPrefix("http://127.0.0.1:") && buffer.contains("/@"), "tmux's buffer: \(buffer)")
        let line = said.screen.split(separator: "\n").first { $0.contains("Copied the post's link") } ?? ""
        XCTAssertTrue(line.contains(buffer.prefix(30)), "the status line names what was copied: \(line)")
    }
}
