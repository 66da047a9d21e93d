import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TernDemo
import XCTest

/// Writing in the real binary in tmux, against a demo server in its own process: a reply with CJK, emoji
/// and a picture reaches the server as typed; a draft survives `kill -9`; a post written while the server
/// is gone survives `kill -9` in the outbox and reaches the server exactly once.
final class ComposeEndToEndTests: XCTestCase {
    private struct Rig {
        let tern: String
        let home: URL
        let server: TmuxSession
        let address: String

        var browse: String {
            "env VISUAL=\(home.path)/editor XDG_CONFIG_HOME=\(home.path)/config XDG_CACHE_HOME=\(home.path)/cache XDG_DATA_HOME=\(home.path)/data "
                + "XDG_STATE_HOME=\(home.path)/state \(tern) --server \(address) --token-file \(home.path)/token --no-stream"
        }

        func get(_ path: String) -> Data? { try? Data(contentsOf: URL(string: address + path)!) }

        func written() -> [[String: Any]] {
            get("/demo/written").flatMap { try? JSONSerialization.jsonObject(with: $0) as? [[String: Any]] } ?? []
        }

        func close() {
            server.close()
            try? FileManager.default.removeItem(at: home)
        }
    }

    private func rig(_ serverFlags: String = "") throws -> Rig {
        let tern = try TmuxSession.ternBinary().path
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-compose-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try "any-token\n".write(to: home.appendingPathComponent("token"), atomically: true, encoding: .utf8)
        // An "editor" that adds words to the end of the file it is given, as a person typing would.
        let editor = home.appendingPathComponent("editor")
        try "#!/bin/sh\nprintf '%s\\n' \"$(cat \"$1\") and from the editor\" > \"$1.new\" && mv \"$1.new\" \"$1\"\n"
            .write(to: editor, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        let (server, address) = try TmuxSession.demoServer(tern, flags: serverFlags)
        return Rig(tern: tern, home: home, server: server, address: address)
    }

    private func tmux(_ t: TmuxSession, waitFor text: String, after key: String) throws {
        try t.send(key)
        let seen = t.wait { $0.contains(text) }
        XCTAssertTrue(seen.ok, "\(key) did not bring \"\(text)\":\n\(seen.screen)")
    }

    /// Ends the program in the pane the hard way: no handler runs, nothing is flushed.
    private func killHard(_ tmux: TmuxSession) throws {
        let pid = try XCTUnwrap(Int32(tmux.run(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertEqual(kill(pid, SIGKILL), 0)
        tmux.close()
    }

    func testAReplyWithCJKEmojiAndAPictureReachesTheServerAsTyped() throws {
        let r = try rig()
        defer { r.close() }
        let picture = r.home.appendingPathComponent("rings.png")
        try DemoServer.samplePicture(width: 64, height: 48, format: "png").write(to: picture)
        let tmux = try TmuxSession(command: r.browse)
        defer { tmux.close() }
        XCTAssertTrue(tmux.wait { $0.contains("☆") }.ok, tmux.screen())
        // The post the reply answers: the first in the home timeline (a boost answers the boosted post).
        let home = try XCTUnwrap(r.get("/api/v1/timelines/home?limit=1").flatMap { try JSONSerialization.jsonObject(with: $0) as? [[String: Any]] })
        let first = try XCTUnwrap(home.first)
        let target = ((first["reblog"] as? [String: Any])?["id"] ?? first["id"]) as? String

        try tmux.send("a")
        XCTAssertTrue(tmux.wait { $0.contains("Reply to @") && $0.contains("ctrl-s send") }.ok, tmux.screen())
        try tmux.run(["send-keys", "-l", "你好，世界 👋🏽 a reply from tmux"])
        try tmux.send("Tab")
        for _ in 0..<5 { try tmux.send("Right") }
        try tmux.send("Enter")
        XCTAssertTrue(tmux.wait { $0.contains("Attach (Tab completes)") }.ok, tmux.screen())
        // Tab completes the folder's one picture.
        try tmux.run(["send-keys", "-l", r.home.path + "/ri"])
        try tmux.send("Tab")
        XCTAssertTrue(tmux.wait { $0.contains("rings.png") }.ok, tmux.screen())
        try tmux.send("Enter")
        try tmux.run(["send-keys", "-l", "Concentric rings, 日本語の説明"])
        let ready = tmux.wait { $0.contains("✓ draft saved") && $0.contains("alt: Concentric rings") }
        XCTAssertTrue(ready.ok, ready.screen)
        // The thumbnail of the file itself is drawn beside its alt text.
        XCTAssertTrue(ready.screen.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) }, ready.screen)
        try tmux.send("C-s")
        XCTAssertTrue(tmux.wait { $0.contains("Posted.") }.ok, tmux.screen())

        let written = r.written()
        XCTAssertEqual(written.count, 1)
        let post = try XCTUnwrap(written.first)
        XCTAssertEqual(post["in_reply_to_id"] as? String, target)
        XCTAssertTrue((post["content"] as? String)?.contains("你好，世界 👋🏽 a reply from tmux") == true, "\(post["content"] ?? "")")
        let media = try XCTUnwrap(post["media_attachments"] as? [[String: Any]])
        XCTAssertEqual(media.count, 1)
        XCTAssertEqual(media.first?["description"] as? String, "Concentric rings, 日本語の説明")

        // The reply is one's own: it can be edited (from the text as written) and deleted.
        // "Posted." is the server's word; Home reads the post a moment later: if it came after `g`, it waits
        // above (one's own post is no "↑ new"), and `g` again goes up to it.
        var top = (ok: false, screen: "")
        for _ in 0..<4 where !top.ok {
            try tmux.send("g")
            top = tmux.wait(timeout: 5) { $0.contains("你好，世界 👋🏽 a reply from tmux") }
        }
        XCTAssertTrue(top.ok, top.screen)
        try tmux.send("e")
        XCTAssertTrue(tmux.wait { $0.contains("Edit post") && $0.contains("a reply from tmux") }.ok, tmux.screen())
        try tmux.run(["send-keys", "-l", " (edited)"])
        try tmux.send("C-s")
        XCTAssertTrue(tmux.wait { $0.contains("Edit saved.") }.ok, tmux.screen())
        let edited = try XCTUnwrap(r.written().first)
        XCTAssertTrue((edited["content"] as? String)?.contains("a reply from tmux (edited)") == true, "\(edited["content"] ?? "")")
        XCTAssertFalse(edited["edited_at"] is NSNull, "the server keeps it as an edit")
        XCTAssertEqual((edited["media_attachments"] as? [[String: Any]])?.first?["description"] as? String, "Concentric rings, 日本語の説明",
                       "the picture and its alt text stay through the edit")
        XCTAssertTrue(tmux.wait { $0.contains("(edited)") }.ok, "the edit is not shown:\n\(tmux.screen())")
        try tmux.send("D")
        XCTAssertTrue(tmux.wait { $0.contains("Delete this post of yours?") }.ok, tmux.screen())
        try tmux.send("y")
        XCTAssertTrue(tmux.wait { $0.contains("Deleted.") }.ok, tmux.screen())
        XCTAssertTrue(r.written().isEmpty, "the server still has it")
    }

    func testADraftSurvivesKillDashNine() throws {
        let r = try rig()
        defer { r.close() }
        let first = try TmuxSession(command: r.browse)
        defer { first.close() }
        // Settled first: pictures still arriving would draw the screen anyway.
        XCTAssertTrue(first.waitSettled(quiet: 1.5) { $0.contains("☆") }.ok, first.screen())
        try first.send("w")
        // The compose screen opens from the mailbox: it once waited for the next key (or a clock tick) to
        // be drawn, and that key went into the draft. Seconds here, where the other waits allow twenty.
        XCTAssertTrue(first.wait(timeout: 5) { $0.contains("New post") }.ok, first.screen())
        try first.run(["send-keys", "-l", "kept through a kill, 日本語も"])
        try first.send("Enter")
        try first.run(["send-keys", "-l", "second line"])
        XCTAssertTrue(first.wait { $0.contains("✓ draft saved") && $0.contains("second line") }.ok, first.screen())
        // Ctrl-E: the text goes through $VISUAL and comes back with what the editor added.
        try tmux(first, waitFor: "and from the editor", after: "C-e")
        XCTAssertTrue(first.wait { $0.contains("✓ draft saved") && $0.contains("kept through a kill") }.ok, first.screen())
        try killHard(first)

        let second = try TmuxSession(command: r.browse)
        defer { second.close() }
        XCTAssertTrue(second.wait { $0.contains("1 draft kept") }.ok, "the draft was not offered:\n\(second.screen())")
        try second.send("w")
        let back = second.wait { $0.contains("kept through a kill, 日本語も") && $0.contains("second line and from the editor") }
        XCTAssertTrue(back.ok, "the draft did not come back:\n\(back.screen)")
        XCTAssertTrue(r.written().isEmpty, "nothing was sent")
    }

    /// Ctrl-C while writing quit at once (issue 35): it asks, n goes on writing, y leaves, and the draft is
    /// there the next time.
    func testCtrlCWhileWritingAsksAndTheDraftIsKept() throws {
        let r = try rig()
        defer { r.close() }
        let first = try TmuxSession(command: r.browse + "; echo TERN-ENDED; sleep 60")
        defer { first.close() }
        XCTAssertTrue(first.waitSettled(quiet: 1.5) { $0.contains("☆") }.ok, first.screen())
        try first.send("w")
        XCTAssertTrue(first.wait(timeout: 5) { $0.contains("New post") }.ok, first.screen())
        try first.run(["send-keys", "-l", "asked before quitting"])
        XCTAssertTrue(first.wait { $0.contains("✓ draft saved") }.ok, first.screen())
        try tmux(first, waitFor: "Quit Tern while writing? The draft is kept: w opens it again. (y/n)", after: "C-c")
        try first.send("n")
        let writing = first.wait { !$0.contains("Quit Tern") && $0.contains("asked before quitting") && $0.contains("New post") }
        XCTAssertTrue(writing.ok, "n did not go back to writing:\n\(writing.screen)")
        try tmux(first, waitFor: "Quit Tern while writing?", after: "C-c")
        try tmux(first, waitFor: "TERN-ENDED", after: "y")

        let second = try TmuxSession(command: r.browse)
        defer { second.close() }
        XCTAssertTrue(second.wait { $0.contains("1 draft kept") }.ok, "the draft was not offered:\n\(second.screen())")
        try tmux(second, waitFor: "asked before quitting", after: "w")
    }

    /// Written while the server can't be reached, killed with the post in the outbox, started again once
    /// the server is back: the post is made once.
    func testAPostInTheOutboxSurvivesKillDashNineAndIsSentOnce() throws {
        let r = try rig("--unreachable-for 10")
        defer { r.close() }
        let first = try TmuxSession(command: r.browse)
        defer { first.close() }
        XCTAssertTrue(first.wait { $0.contains("offline") }.ok, first.screen())
        try first.send("w")
        XCTAssertTrue(first.wait { $0.contains("New post") }.ok, first.screen())
        try first.run(["send-keys", "-l", "written with the server gone ✈️"])
        try first.send("C-s")
        let waiting = first.wait { $0.contains("waiting for the server") && $0.contains("written with the server gone") }
        XCTAssertTrue(waiting.ok, "the post is not shown waiting:\n\(waiting.screen)")
        // Not "Sending…": it waits, and counts as pending (issue 35).
        XCTAssertTrue(waiting.screen.contains("Queued: it will be sent when the server can be reached."), waiting.screen)
        XCTAssertTrue(waiting.screen.split(separator: "\n").last?.contains("1 pending") == true, waiting.screen)
        try killHard(first)

        // The server comes up.
        let deadline = Date().addingTimeInterval(40)
        while r.get("/demo/write-log") == nil, Date() < deadline { usleep(250_000) }
        let second = try TmuxSession(command: r.browse)
        defer { second.close() }
        XCTAssertTrue(second.wait(timeout: 30) { $0.contains("Posted.") }.ok, second.screen())
        let written = r.written()
        XCTAssertEqual(written.count, 1, "\(written)")
        XCTAssertTrue((written.first?["content"] as? String)?.contains("written with the server gone ✈️") == true)
        // Every try of the post (one, or more when an answer was lost) carried the same Idempotency-Key.
        let log = String(decoding: r.get("/demo/write-log") ?? Data(), as: UTF8.self).split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let posts = log.filter { $0["method"] as? String == "POST" && $0["path"] as? String == "/api/v1/statuses" }
        XCTAssertGreaterThanOrEqual(posts.count, 1, "\(log)")
        XCTAssertEqual(Set(posts.compactMap { $0["idempotency_key"] as? String }).count, 1, "\(posts)")
        XCTAssertTrue(posts.allSatisfy { ($0["parameters"] as? [[String]])?.contains(["status", "written with the server gone ✈️"]) == true },
                      "\(posts)")
    }

    /// Ctrl-S and at once `w`, as a fast hand does: the new post starts empty. It used to open on the text
    /// just sent (kept as a draft until the outbox had it), and the next post went out with both texts.
    func testWritingAgainAtOnceAfterSendingStartsAFreshPost() throws {
        let r = try rig()
        defer { r.close() }
        // A disk as slow as a busy laptop's (each sync 150 ms), so the outbox takes the post well after
        // the key that follows Ctrl-S has asked for a draft.
        let probe = URL(fileURLWithPath: r.tern).deletingLastPathComponent().appendingPathComponent("libTernSyncProbe.so")
        XCTAssertTrue(FileManager.default.fileExists(atPath: probe.path), "\(probe.path) is built with the tests")
        let pane = try TmuxSession(command: "env LD_PRELOAD=\(probe.path) TERN_SYNC_DELAY_MS=150 " + r.browse)
        defer { pane.close() }
        XCTAssertTrue(pane.wait { $0.contains("☆") }.ok, pane.screen())
        try tmux(pane, waitFor: "ctrl-s send", after: "w")
        try pane.run(["send-keys", "-l", "the first of two posts"])
        XCTAssertTrue(pane.wait { $0.contains("the first of two posts") }.ok, pane.screen())
        try pane.run(["send-keys", "C-s", "w"])
        let first = pane.wait { _ in r.written().count == 1 }
        XCTAssertTrue(first.ok, "the first post never reached the server:\n\(first.screen)")
        XCTAssertTrue(pane.wait { $0.contains("ctrl-s send") }.ok, pane.screen())
        try pane.run(["send-keys", "-l", "the second"])
        XCTAssertTrue(pane.wait { $0.contains("the second") }.ok, pane.screen())
        try pane.send("C-s")
        let both = pane.wait { _ in r.written().count == 2 }
        XCTAssertTrue(both.ok, "the second post never reached the server:\n\(both.screen)")
        let texts = r.written().compactMap { ($0["content"] as? String) }
        XCTAssertEqual(texts.filter { $0.contains("the first of two posts") }.count, 1, "\(texts)")
        XCTAssertEqual(texts.filter { $0.contains("the second") }.count, 1, "\(texts)")
    }
}
