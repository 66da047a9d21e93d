import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TernDemo
import XCTest

/// What the screen says a press or a post came to is what the server holds, in the real binary in tmux
/// against a demo server in its own process.
final class WriteOutcomeEndToEndTests: XCTestCase {
    private func json(_ address: String, _ path: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: XCTUnwrap(URL(string: address + path))))
    }

    /// `--fail-rate 0.6 --fail-after-making`: four likes in a row on a server that answers most of them with
    /// a 500, a 503 or a gateway's 504, after making them. Before, a like whose tries all had error answers
    /// went back with "Couldn't like: server error 500" while the server held it. Now, once nothing is
    /// pending, each post shows what the server holds.
    func testLikesOnAFailingServerEndAsTheServerHoldsThem() throws {
        let seed = UInt64.random(in: 1...1_000_000)
        try browseDemo(flags: "--latency 300 --fail-rate 0.6 --fail-after-making --seed \(seed)") { tmux, address in
            let home = try XCTUnwrap(json(address, "/api/v1/timelines/home?limit=4") as? [[String: Any]])
            let ids = try home.map { post in try XCTUnwrap(((post["reblog"] as? [String: Any])?["id"] ?? post["id"]) as? String) }
            for i in 0..<4 {
                XCTAssertTrue(tmux.wait { $0.contains(" \(i + 1)/") }.ok, "seed \(seed):\n\(tmux.screen())")
                try tmux.send("f")
                XCTAssertTrue(tmux.wait { $0.contains("pending") }.ok, "seed \(seed):\n\(tmux.screen())")
                if i < 3 { try tmux.send("j") }
            }
            let settled = tmux.wait(timeout: 180) { !$0.contains("pending") }
            XCTAssertTrue(settled.ok, "seed \(seed): still pending:\n\(settled.screen)")
            let log = String(decoding: try Data(contentsOf: XCTUnwrap(URL(string: address + "/demo/write-log"))), as: UTF8.self)
            let tries = log.split(separator: "\n").filter { $0.contains("favourite") }.count
            print("seed \(seed): \(tries) like requests for 4 likes")
            try tmux.send("g")
            for (i, id) in ids.enumerated() {
                let at = tmux.wait { $0.contains(" \(i + 1)/") }
                XCTAssertTrue(at.ok, "seed \(seed):\n\(at.screen)")
                let selected = at.screen.split(separator: "\n").filter { $0.hasPrefix("▌") }
                let shown = selected.contains { $0.contains("★") }
                let status = try XCTUnwrap(json(address, "/api/v1/statuses/\(id)") as? [String: Any])
                let held = try XCTUnwrap(status["favourited"] as? Bool)
                XCTAssertEqual(shown, held, "seed \(seed): post \(i + 1) (\(id)) shows \(shown ? "liked" : "not liked"), the server holds "
                               + "\(held ? "liked" : "not liked"):\n\(at.screen)")
                if i < ids.count - 1 { try tmux.send("j") }
            }
        }
    }

    /// `--fail-rate 1 --fail-after-making`: the server makes the post (once, under its Idempotency-Key) and
    /// every try is answered with a 500. Before, when the tries ran out the outbox said "Not posted" and put
    /// the text back in the drafts while the server held the post. Now it says the post may be posted
    /// already and keeps it on its way; the server holds it once.
    func testAPostTheServerMadeButAnswered500IsNotSaidNotPostedAndIsMadeOnce() throws {
        try browseDemo(flags: "--fail-rate 1 --fail-after-making") { tmux, address in
            try tmux.send("w")
            XCTAssertTrue(tmux.wait { $0.contains("New post") }.ok, tmux.screen())
            try tmux.run(["send-keys", "-l", "made behind a gateway"])
            try tmux.send("C-s")
            let said = tmux.wait(timeout: 60) { $0.contains("may be posted already") || $0.contains("Not posted") }
            XCTAssertTrue(said.ok, "nothing said:\n\(said.screen)")
            XCTAssertFalse(said.screen.contains("Not posted"), said.screen)
            // Still on its way: the outbox counts it as pending.
            XCTAssertTrue(said.screen.split(separator: "\n").last?.contains("1 pending") == true, "no longer on its way:\n\(said.screen)")
            let written = try XCTUnwrap(json(address, "/demo/written") as? [[String: Any]])
            let made = written.filter { ($0["content"] as? String)?.contains("made behind a gateway") == true }
            XCTAssertEqual(made.count, 1, "the server holds it once: \(written.map { $0["content"] ?? "" })")
        }
    }
}
