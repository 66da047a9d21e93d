import Foundation
import XCTest

/// Completion while writing a post in the demo: a handle from the posts on screen and the server, an
/// emoji from the server's own, each taken with Tab into the text.
final class CompletionEndToEndTests: XCTestCase {
    func testAHandleAndAnEmojiAreCompletedWithTab() throws {
        let tern = try TmuxSession.ternBinary()
        let tmux = try TmuxSession(command: "\(tern.path) demo --new-post-every 0 --feeds 0; sleep 30")
        defer { tmux.close() }
        XCTAssertTrue(tmux.wait { $0.contains("Sol Novak @user32") && $0.contains(" 1/") }.ok, tmux.screen())
        try tmux.send("w")
        XCTAssertTrue(tmux.wait { $0.contains("New post") }.ok, tmux.screen())
        try tmux.send("-l", "hello @user3")
        let handles = tmux.wait { $0.contains("[@user3") && $0.contains("ctrl-n/p choose") }
        XCTAssertTrue(handles.ok, "the handles starting so:\n\(handles.screen)")
        let chosen = try XCTUnwrap(handles.screen.range(of: #"\[@[^\]]+\]"#, options: .regularExpression).map { String(handles.screen[$0].dropFirst().dropLast()) })
        try tmux.send("Tab")
        XCTAssertTrue(tmux.wait { $0.contains("hello \(chosen) ") }.ok, tmux.screen())
        try tmux.send("-l", "nice :blobc")
        XCTAssertTrue(tmux.wait { $0.contains("[:blobcat:]") && $0.contains(":blobcatheart:") && !$0.contains("blobcat_secret") }.ok,
                      tmux.screen())
        try tmux.send("Tab")
        XCTAssertTrue(tmux.wait { $0.contains("hello \(chosen) nice :blobcat: ") }.ok, tmux.screen())
    }
}
