import Foundation
import TernDemo
import XCTest

/// Two accounts in one Tern: two demo servers (the second with GoToSocial's quirks), two stored logins,
/// the real binary in tmux, `A` to switch.
final class AccountsEndToEndTests: XCTestCase {
    func testAccountsKeepTheirPlaceAndALikeInTheBackgroundIsSentOnce() async throws {
        let tern = try TmuxSession.ternBinary()
        var slow = DemoConfig()
        slow.newPostInterval = nil
        // Slow enough that the like is still on its way when the other account is shown.
        slow.latencyMilliseconds = 1_500
        let one = try await DemoServer.start(slow)
        var gts = DemoConfig()
        gts.seed = 7
        gts.quirks = ServerQuirks.sets.first { $0.name == "gotosocial" }!.quirks
        let two = try await DemoServer.start(gts)
        let home = TernHome()
        defer { home.remove() }
        try home.addAccount("ada@one.example", server: one.baseURL)
        try home.addAccount("bo@two.example", server: two.baseURL)
        let tmux = try TmuxSession(command: "env \(home.env) \(tern.path); sleep 30")
        defer { tmux.close() }

        let first = tmux.wait { $0.contains("Home · ada@one.example") && $0.contains("Sol Novak @user32") && $0.contains("1/") }
        XCTAssertTrue(first.ok, "the default account's timeline:\n\(first.screen)")
        for _ in 0..<3 { try tmux.send("j") }
        XCTAssertTrue(tmux.wait { $0.contains(" 4/") }.ok, "j moved to the fourth post:\n\(tmux.screen())")
        try tmux.send("f")
        let pending = tmux.wait { $0.contains("1 pending") }
        XCTAssertTrue(pending.ok, "the like shows pending:\n\(pending.screen)")

        // The other account, while the like is on its way: its own timeline, numbered in the menu.
        try tmux.send("A")
        let menu = tmux.wait { $0.contains("1 ada@one.example · shown") && $0.contains("2 bo@two.example") }
        XCTAssertTrue(menu.ok, "the accounts menu:\n\(menu.screen)")
        try tmux.send("2")
        let other = tmux.wait { $0.contains("Home · bo@two.example") && $0.contains("Gus Costa @user20") }
        XCTAssertTrue(other.ok, "the second account's timeline:\n\(other.screen)")
        // Delivered by the first account's queue, in the background.
        var performed: [String] = []
        let deadline = Date().addingTimeInterval(20)
        while performed.isEmpty, Date() < deadline {
            performed = await one.actionLog()
            if performed.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
        }
        XCTAssertEqual(performed.count, 1, "one like reached the first server: \(performed)")
        XCTAssertTrue(performed.first?.hasPrefix("favourite ") == true, "\(performed)")
        XCTAssertTrue(tmux.screen().contains("Home · bo@two.example"), "still showing the second account:\n\(tmux.screen())")

        // Back: the same place, the like confirmed and nothing left to send.
        try tmux.send("A")
        XCTAssertTrue(tmux.wait { $0.contains("2 bo@two.example · shown") }.ok, tmux.screen())
        try tmux.send("1")
        let back = tmux.wait { s in
            s.contains("Home · ada@one.example") && s.contains(" 4/") && !s.contains("pending")
                && s.split(separator: "\n").contains { $0.hasPrefix("▌") && $0.contains("★") && $0.contains("liked") }
        }
        XCTAssertTrue(back.ok, "the first account, at its place, the like confirmed:\n\(back.screen)")
        let delivered = await one.actionLog(), elsewhere = await two.actionLog()
        XCTAssertEqual(delivered, performed, "the like was sent once")
        XCTAssertEqual(elsewhere, [], "nothing was sent to the second account's server")

        // N: both accounts' notifications in one list, each row naming its account; a reply to a row of the
        // second account is written as that account.
        try tmux.send("N")
        let inbox = tmux.wait { $0.contains("tern · Inbox") && $0.contains("→ ada@one.example") && $0.contains("→ bo@two.example") }
        XCTAssertTrue(inbox.ok, "the inbox lists both accounts' notifications:\n\(inbox.screen)")
        // At the inbox's top, each account's newest notification is in view: each account's server is told
        // they were seen (the demo starts with 20 unread).
        for (name, server) in [("ada@one.example", one), ("bo@two.example", two)] {
            let newest = await server.newestNotificationID()
            var marker = await server.notificationsMarker()
            let seenBy = Date().addingTimeInterval(15)
            while marker != newest, Date() < seenBy {
                try await Task.sleep(for: .milliseconds(50))
                marker = await server.notificationsMarker()
            }
            XCTAssertEqual(marker, newest, "\(name)'s notifications were marked seen from the inbox:\n\(tmux.screen())")
        }
        // The selected row (marked by the gutter): one of the second account's, about a post (it has a footer).
        func selected(_ screen: String) -> String { screen.split(separator: "\n").filter { $0.hasPrefix("▌") }.joined(separator: "\n") }
        func answerable(_ row: String) -> Bool { row.contains("→ bo@two.example") && row.contains("↩ ") }
        var steps = 0
        while !answerable(selected(tmux.screen())), steps < 15 {
            let before = selected(tmux.screen())
            try tmux.send("j")
            _ = tmux.wait(timeout: 5) { selected($0) != before }
            steps += 1
        }
        XCTAssertTrue(answerable(selected(tmux.screen())), "a post of the second account's:\n\(tmux.screen())")
        try tmux.send("a")
        let reply = tmux.wait { $0.contains("Reply to @") && $0.contains("as bo@two.example") }
        XCTAssertTrue(reply.ok, "the reply is written as the second account:\n\(reply.screen)")
        await one.stop()
        await two.stop()
    }
}
