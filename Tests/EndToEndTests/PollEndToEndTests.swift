import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// Voting as a user does, in the real binary in tmux against a demo server in its own process: down to a
/// post whose poll is open, `V`, the option's digit; the poll shows the choice and the server's count, and
/// the server has the vote once. `V` again says it is done.
final class PollEndToEndTests: XCTestCase {
    func testVAndADigitVoteAndTheServerCountsItOnce() throws {
        let tern = try TmuxSession.ternBinary().path
        let (server, address) = try TmuxSession.demoServer(tern)
        defer { server.close() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-poll-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try "any-token\n".write(to: home.appendingPathComponent("token"), atomically: true, encoding: .utf8)
        func get(_ path: String) throws -> Any {
            try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(string: address + path)!))
        }
        // The open one-answer poll the demo seeds in its first page, as the server has it.
        let page = try XCTUnwrap(try get("/api/v1/timelines/home?limit=20") as? [[String: Any]])
        let status = try XCTUnwrap(page.first { s in
            (s["poll"] as? [String: Any]).map { $0["expired"] as? Bool == false && $0["multiple"] as? Bool == false && $0["voted"] as? Bool == false } == true
        }, "the demo seeds an open poll in its first page")
        let poll = try XCTUnwrap(status["poll"] as? [String: Any])
        let pollID = try XCTUnwrap(poll["id"] as? String)
        let second = try XCTUnwrap((poll["options"] as? [[String: Any]])?[1]["title"] as? String)

        let env = "XDG_CONFIG_HOME=\(home.path)/config XDG_CACHE_HOME=\(home.path)/cache XDG_DATA_HOME=\(home.path)/data XDG_STATE_HOME=\(home.path)/state"
        let tmux = try TmuxSession(command: "env \(env) \(tern) --server \(address) --token-file \(home.path)/token --no-stream")
        defer { tmux.close() }
        XCTAssertTrue(tmux.wait { $0.contains("☆") }.ok, tmux.screen())
        func selected(_ screen: String) -> [Substring] { screen.split(separator: "\n").filter { $0.hasPrefix("▌") } }
        // Down, post by post, to the one whose poll says V to vote (one answer: no "several").
        var found = false
        for _ in 0..<40 {
            let lines = selected(tmux.screen())
            if lines.contains(where: { $0.contains("V to vote") && !$0.contains("several") }) { found = true; break }
            let before = lines
            try tmux.send("j")
            _ = tmux.wait(timeout: 2) { selected($0) != before }
        }
        XCTAssertTrue(found, "no selected post with an open poll:\n\(tmux.screen())")

        try tmux.send("V")
        XCTAssertTrue(tmux.wait { $0.contains("Vote: enter chooses") && $0.contains("2 " + second) }.ok, tmux.screen())
        try tmux.send("2")
        let voted = tmux.wait { s in
            selected(s).contains { $0.contains(second + " ✓") } && !s.contains("on its way") && !s.contains("V to vote")
                && s.contains("Vote counted.")
        }
        XCTAssertTrue(voted.ok, "the vote is not shown as counted:\n\(voted.screen)")
        let counted = try XCTUnwrap(try get("/api/v1/polls/\(pollID)") as? [String: Any])
        XCTAssertEqual(counted["voted"] as? Bool, true)
        XCTAssertEqual(counted["own_votes"] as? [Int], [1])
        XCTAssertEqual(counted["votes_count"] as? Int, (poll["votes_count"] as? Int ?? 0) + 1, "counted once")
        // What Tern sent, as the demo logs every write: one vote request, for the second option.
        let log = String(decoding: try Data(contentsOf: URL(string: address + "/demo/write-log")!), as: UTF8.self)
            .split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let votes = log.filter { $0["path"] as? String == "/api/v1/polls/\(pollID)/votes" }
        XCTAssertEqual(votes.count, 1, "\(log)")
        XCTAssertEqual(votes.first?["parameters"] as? [[String]], [["choices[]", "1"]])

        try tmux.send("V")
        XCTAssertTrue(tmux.wait { $0.contains("You have voted in this poll") }.ok, tmux.screen())
    }
}
