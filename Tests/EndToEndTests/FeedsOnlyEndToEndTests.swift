import Foundation
import TernDemo
import XCTest

/// `tern` with web feeds and no account, as a new user meets it (issue 45): `t` offered Home, Local… that
/// only said "Offline: nothing cached", the status line said "offline" though the feeds were read, and Esc
/// on Home did nothing though the title said "esc back to Home".
final class FeedsOnlyEndToEndTests: XCTestCase {
    func testWithNoAccountTernOffersTheFeedsAloneAndSaysHowToAddAnAccount() async throws {
        let tern = try TmuxSession.ternBinary()
        let server = try await DemoFeedServer.start(feeds: 2)
        defer { server.stop() }
        let home = TernHome()
        defer { home.remove() }
        try home.follow(server.feedURLs(), with: tern)
        let tmux = try TmuxSession(command: "env \(home.env) \(tern.path) --images off; sleep 30")
        defer { tmux.close() }
        let list = tmux.wait { $0.contains("Demo feed 1 @127.0.0.1") && $0.contains("1/40") }
        XCTAssertTrue(list.ok, list.screen)
        XCTAssertFalse(list.screen.contains("offline"), "the feeds were read, not offline:\n\(list.screen)")
        XCTAssertFalse(list.screen.contains("esc back"), "nowhere further back than the feeds:\n\(list.screen)")

        try tmux.send("t")
        let picker = tmux.wait { $0.contains("Demo feed 1 (20 unread)") }
        XCTAssertTrue(picker.ok, picker.screen)
        for missing in ["Home", "Local", "Federated", "Notifications", "Direct messages"] {
            XCTAssertFalse(picker.screen.contains(missing), "\(missing) offered with no account:\n\(picker.screen)")
        }
        try tmux.send("Escape")
        for key in ["n", "w"] {
            try tmux.send(key)
            let said = tmux.wait { $0.contains("No fediverse account: `tern login <server>` adds one.") }
            XCTAssertTrue(said.ok, "\(key):\n\(said.screen)")
            try tmux.send("Escape")
        }
        try tmux.send("q")
    }
}
