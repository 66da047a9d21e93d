import Foundation
import TernDemo
import XCTest

/// The compose screen offers only what the server (and the session) can do: the real binary in tmux.
final class WritingCapabilitiesEndToEndTests: XCTestCase {
    /// Akkoma has no quote policies: its compose screen offers none. Before, it offered `quotes: default`.
    /// The demo imitating Mastodon still offers it.
    func testQuotePoliciesAreOfferedOnlyWhereTheServerHasThem() throws {
        for (flags, offered) in [("--imitate akkoma", false), ("", true)] {
            try browseDemo(flags: flags) { tmux, _ in
                try tmux.send("w")
                XCTAssertTrue(tmux.wait { $0.contains("New post") }.ok, tmux.screen())
                try tmux.send("Tab")
                let row = tmux.wait { $0.contains("+ picture") && $0.contains("space change") }
                XCTAssertTrue(row.ok, row.screen)
                XCTAssertEqual(row.screen.contains("quotes:"), offered, "\(flags):\n\(row.screen)")
            }
        }
    }

    /// Web feeds alone, no account: `w` says that writing needs one and how to log in, and opens no compose
    /// screen. Before, it opened one and queued a post that could never go.
    func testWithNoAccountWritingSaysItNeedsOne() async throws {
        let tern = try TmuxSession.ternBinary()
        let server = try await DemoFeedServer.start(feeds: 1)
        defer { server.stop() }
        let home = TernHome()
        defer { home.remove() }
        let added = try home.run(tern, ["feeds", "add", server.baseURL + "/feeds/0.xml"], extra: ["LANG": "C.UTF-8"], errors: true)
        XCTAssertEqual(added.status, 0, added.out)
        let tmux = try TmuxSession(command: "env \(home.env) \(tern.path); sleep 30")
        defer { tmux.close() }
        // The list up and quiet first: a `w` sent at the first frame's title went unanswered in full runs of
        // the suite (never alone), a key pressed during start-up that this test does not set out to check.
        XCTAssertTrue(tmux.waitSettled { $0.contains("web feeds, no fediverse account") && $0.contains("1/20") }.ok, tmux.screen())
        try tmux.send("w")
        let said = tmux.wait { $0.contains("No fediverse account: `tern login <server>` adds one.") }
        XCTAssertTrue(said.ok, said.screen)
        XCTAssertFalse(said.screen.contains("New post"), said.screen)
    }
}
