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
        try home.follow([server.baseURL + "/feeds/0.xml"], with: tern)
        let tmux = try TmuxSession(command: "env \(home.env) \(tern.path); sleep 30")
        defer { tmux.close() }
        // `w` as soon as the first frame is up, as a user who knows where they are going presses it. Its
        // answer lasted a few milliseconds: the feeds' start-up refresh said "Feeds: nothing new" over it.
        XCTAssertTrue(tmux.wait(every: 0) { $0.contains("web feeds, no fediverse account") }.ok, tmux.screen())
        try tmux.send("w")
        let said = tmux.wait { $0.contains("No fediverse account: `tern login <server>` adds one.") }
        XCTAssertTrue(said.ok, said.screen)
        XCTAssertFalse(said.screen.contains("New post"), said.screen)
    }

    /// `w` pressed the moment the first frame is up (drawn from the cache, before the store, the engines and
    /// the outbox are open) opens the compose screen, as it does a second later.
    func testWAtTheFirstFrameOpensTheComposeScreen() throws {
        let tern = try TmuxSession.ternBinary()
        let (server, address) = try TmuxSession.demoServer(tern.path)
        defer { server.close() }
        let home = TernHome()
        defer { home.remove() }
        try FileManager.default.createDirectory(at: home.url, withIntermediateDirectories: true)
        let token = home.url.appendingPathComponent("token")
        try "any-token\n".write(to: token, atomically: true, encoding: .utf8)
        let command = "env \(home.env) \(tern.path) --server \(address) --token-file \(token.path) --no-stream; sleep 30"
        // A first run fills the cache, so the next one draws its first frame from it at once.
        do {
            let first = try TmuxSession(command: command)
            defer { first.close() }
            XCTAssertTrue(first.waitSettled { $0.contains("☆") }.ok, first.screen())
            try first.send("q")
            XCTAssertTrue(first.wait { !$0.contains("☆") }.ok, first.screen())
        }
        let tmux = try TmuxSession(command: command)
        defer { tmux.close() }
        XCTAssertTrue(tmux.wait(every: 0) { $0.contains("☆") }.ok, tmux.screen())
        try tmux.send("w")
        let compose = tmux.wait { $0.contains("New post") }
        XCTAssertTrue(compose.ok, compose.screen)
        XCTAssertFalse(compose.screen.contains("Writing needs a fediverse account"), compose.screen)
    }
}
