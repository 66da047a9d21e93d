import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// What one screen learns of a post, every screen shows: the session holds one copy of each post. In the
/// real binary on the demo, without streaming (whose minutely count refresh would hide the point), and
/// never with `r`.
final class OneCopyEndToEndTests: XCTestCase {
    private static let command = "demo --new-post-every 0 --no-stream"

    /// The first post's count of replies, as its row shows it ("↩ 3").
    private func replies(_ screen: String) -> Int? {
        guard let line = screen.components(separatedBy: "\n").first(where: { $0.contains("↩ ") }),
              let range = line.range(of: #"↩ \d+"#, options: .regularExpression) else { return nil }
        return Int(line[range].dropFirst(2))
    }

    /// The demo in tmux, its first post selected: the session, its first screen and that post's count.
    private func start() throws -> (TmuxSession, screen: String, replies: Int) {
        let tern = try TmuxSession.ternBinary()
        let tmux = try TmuxSession(command: "\(tern.path) \(Self.command); sleep 30")
        let first = tmux.wait { $0.contains("Sol Novak @user32") && $0.contains(" 1/") }
        XCTAssertTrue(first.ok, first.screen)
        return (tmux, first.screen, try XCTUnwrap(replies(first.screen), first.screen))
    }

    /// Reply from Home: "Posted.", and Home shows the answered post's new count (it kept the old one).
    func testAReplyFromHomeShowsItsCountOnHome() throws {
        let (tmux, _, before) = try start()
        defer { tmux.close() }

        try tmux.send("a")
        XCTAssertTrue(tmux.wait { $0.contains("Reply to @user32") }.ok, tmux.screen())
        try tmux.send("-l", "an answer from Home")
        try tmux.send("C-s")
        XCTAssertTrue(tmux.wait { $0.contains("Posted.") }.ok, tmux.screen())
        let counted = tmux.wait { $0.contains("Sol Novak @user32") && self.replies($0) == before + 1 }
        XCTAssertTrue(counted.ok, "Home shows ↩ \(before + 1):\n\(counted.screen)")
    }

    /// Someone else answers the first post. Its thread, opened, reads the new count; Esc: Home, beneath it,
    /// shows the same.
    func testWhatAThreadReadsShowsOnHome() async throws {
        let (tmux, screen, before) = try start()
        defer { tmux.close() }
        let address = try XCTUnwrap(screen.range(of: #"127\.0\.0\.1:\d+"#, options: .regularExpression).map { "http://" + screen[$0] })

        let (home, _) = try await URLSession.shared.data(from: try XCTUnwrap(URL(string: address + "/api/v1/timelines/home?limit=1")))
        let newest = try XCTUnwrap((try JSONSerialization.jsonObject(with: home) as? [[String: Any]])?.first?["id"] as? String)
        var reply = URLRequest(url: try XCTUnwrap(URL(string: address + "/api/v1/statuses")))
        reply.httpMethod = "POST"
        reply.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        reply.httpBody = Data("status=from+elsewhere&in_reply_to_id=\(newest)".utf8)
        let (_, answer) = try await URLSession.shared.data(for: reply)
        XCTAssertEqual((answer as? HTTPURLResponse)?.statusCode, 200)
        XCTAssertEqual(replies(tmux.screen()), before, "Home has not read the post again")

        try tmux.send("Enter")
        let thread = tmux.wait { $0.contains("tern · Thread") && $0.contains("from elsewhere") }
        XCTAssertTrue(thread.ok, thread.screen)
        try tmux.send("Escape")
        let counted = tmux.wait { $0.contains("tern · Home") && $0.contains("Sol Novak @user32") && self.replies($0) == before + 1 }
        XCTAssertTrue(counted.ok, "Home shows ↩ \(before + 1):\n\(counted.screen)")
    }
}
