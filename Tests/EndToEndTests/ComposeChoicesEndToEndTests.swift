import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TernDemo
import XCTest

/// What the compose screen holds together reaches the server whole, or is refused on the screen when it
/// is chosen; never dropped on the way.
final class ComposeChoicesEndToEndTests: XCTestCase {
    private func written(_ address: String) throws -> [[String: Any]] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: XCTUnwrap(URL(string: address + "/demo/written")))) as? [[String: Any]])
    }

    private func wait(_ tmux: TmuxSession, for text: String, after keys: String...) throws {
        for k in keys { try tmux.send(k) }
        let seen = tmux.wait { $0.contains(text) }
        XCTAssertTrue(seen.ok, "\(keys) did not bring \"\(text)\":\n\(seen.screen)")
    }

    /// Text, `+ picture` with alt text, then `+ poll`: the screen says at once that a post holds pictures or a
    /// poll, not both, and adds no poll; the post then goes with its picture and alt text. Before, the poll
    /// was added, "Posted." said, and the poll never reached the server.
    func testAPollNextToAPictureIsRefusedOnTheScreenAndThePostGoesWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-choices-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let picture = folder.appendingPathComponent("pic.png")
        try DemoServer.samplePicture(width: 64, height: 48, format: "png").write(to: picture)
        try browseDemo { tmux, address in
            try wait(tmux, for: "New post", after: "w")
            try tmux.run(["send-keys", "-l", "a picture and a poll?"])
            try tmux.send("Tab")
            for _ in 0..<5 { try tmux.send("Right") }
            try wait(tmux, for: "Attach (Tab completes)", after: "Enter")
            try tmux.run(["send-keys", "-l", picture.path])
            try tmux.send("Enter")
            try tmux.run(["send-keys", "-l", "rings"])
            XCTAssertTrue(tmux.wait { $0.contains("alt: rings") && $0.contains("✓ draft saved") }.ok, tmux.screen())
            // Back to the options row (text, options, alt: Tab twice), on `+ poll`, one left of `+ picture`.
            try tmux.send("Tab")
            try tmux.send("Tab")
            try tmux.send("Left")
            try wait(tmux, for: "A post can have pictures or a poll, not both", after: "Enter")
            let screen = tmux.screen()
            XCTAssertFalse(screen.contains("Choice 1"), "a poll was added:\n\(screen)")
            XCTAssertTrue(screen.contains("alt: rings"), "the picture went:\n\(screen)")
            try wait(tmux, for: "Posted.", after: "C-s")
            let post = try XCTUnwrap(written(address).first)
            XCTAssertEqual((post["media_attachments"] as? [[String: Any]])?.first?["description"] as? String, "rings")
            XCTAssertTrue(post["poll"] == nil || post["poll"] is NSNull, "\(post)")
        }
    }

    /// A post with a poll, then `e`: the edit screen shows the poll's choices and says what changing them
    /// does; the edit keeps the poll on the server. Before, the edit was sent without the poll, which takes
    /// it off the post on Mastodon.
    func testAnEditOfAPostWithAPollKeepsThePoll() throws {
        try browseDemo { tmux, address in
            try wait(tmux, for: "New post", after: "w")
            try tmux.run(["send-keys", "-l", "tea or coffee?"])
            try tmux.send("Tab")
            for _ in 0..<4 { try tmux.send("Right") }
            try wait(tmux, for: "Choice 1", after: "Enter")
            try tmux.run(["send-keys", "-l", "tea"])
            try tmux.send("Tab")
            try tmux.run(["send-keys", "-l", "coffee"])
            XCTAssertTrue(tmux.wait { $0.contains("coffee") && $0.contains("✓ draft saved") }.ok, tmux.screen())
            try wait(tmux, for: "Posted.", after: "C-s")
            try wait(tmux, for: "tea or coffee?", after: "g")
            try wait(tmux, for: "Edit post", after: "e")
            let editing = tmux.wait { $0.contains("changing the choices clears the votes") }
            XCTAssertTrue(editing.ok, editing.screen)
            XCTAssertFalse(editing.screen.contains("↩"), "an edit is not a reply:\n\(editing.screen)")
            XCTAssertFalse(editing.screen.contains("ctrl-t"), "an edit cannot be scheduled:\n\(editing.screen)")
            try tmux.run(["send-keys", "-l", " (edited)"])
            try wait(tmux, for: "Edit saved.", after: "C-s")
            let post = try XCTUnwrap(written(address).first)
            XCTAssertTrue((post["content"] as? String)?.contains("(edited)") == true, "\(post)")
            let options = (post["poll"] as? [String: Any])?["options"] as? [[String: Any]]
            XCTAssertEqual(options?.compactMap { $0["title"] as? String }, ["tea", "coffee"], "\(post)")
        }
    }
}
