import Foundation
import XCTest

/// Lists as a user makes them in the demo: a new list with a post's author from `x`, there in the picker,
/// its settings from its timeline's `x`, and deleted again.
final class ListsEndToEndTests: XCTestCase {
    func testAListIsMadeWithAnAuthorShownInThePickerAndDeleted() throws {
        let tern = try TmuxSession.ternBinary()
        let tmux = try TmuxSession(command: "\(tern.path) demo --new-post-every 0 --feeds 0; sleep 30")
        defer { tmux.close() }
        XCTAssertTrue(tmux.wait { $0.contains("Sol Novak @user32") && $0.contains(" 1/") }.ok, tmux.screen())
        try tmux.send("x")
        XCTAssertTrue(tmux.wait { $0.contains("3 Lists with @user32…") }.ok, tmux.screen())
        try tmux.send("3")
        XCTAssertTrue(tmux.wait { $0.contains("1   Friends") && $0.contains("2   New list with @user32…") }.ok, tmux.screen())
        try tmux.send("2")
        XCTAssertTrue(tmux.wait { $0.contains("New list with @user32, its name:") }.ok, tmux.screen())
        try tmux.send("-l", "Harbour folk")
        try tmux.send("Enter")
        XCTAssertTrue(tmux.wait { $0.contains("Made the list “Harbour folk” with @user32 in it.") }.ok, tmux.screen())

        try tmux.send("t")
        let picker = tmux.wait { $0.contains("List: Harbour folk") }
        XCTAssertTrue(picker.ok, picker.screen)
        let lines = picker.screen.components(separatedBy: "\n").filter { $0.contains("1 Home") || $0.contains("List: ") }
        XCTAssertEqual(lines.last.map { $0.contains("List: Harbour folk") }, true, picker.screen)
        // Down to it: the lists come after the numbered lines.
        let rows = picker.screen.components(separatedBy: "\n")
        let home = try XCTUnwrap(rows.firstIndex { $0.contains("1 Home") }), list = try XCTUnwrap(rows.firstIndex { $0.contains("List: Harbour folk") })
        for _ in 0..<(list - home) { try tmux.send("j") }
        try tmux.send("Enter")
        XCTAssertTrue(tmux.wait { $0.contains("tern · List: Harbour folk") && $0.contains("@user32") }.ok, tmux.screen())
        try tmux.send("x")
        XCTAssertTrue(tmux.wait { $0.contains("1 This list (Harbour folk): settings…") }.ok, tmux.screen())
        try tmux.send("1")
        XCTAssertTrue(tmux.wait { $0.contains("The list “Harbour folk”") && $0.contains("Delete this list…") }.ok, tmux.screen())
        let settings = tmux.screen().components(separatedBy: "\n")
        let delete = try XCTUnwrap(settings.first { $0.contains("Delete this list…") }?.trimmingCharacters(in: .whitespaces).prefix(1))
        try tmux.send(String(delete))
        try tmux.send("y")
        XCTAssertTrue(tmux.wait { $0.contains("Deleted the list “Harbour folk”.") && $0.contains("tern · Home") }.ok, tmux.screen())
    }

    /// Someone put in a list while the request is on its way (a slow server), then `kill -9`: the next run
    /// finds the change in its journal, looks at the server, and makes it; nothing is said twice or lost.
    func testAListChangeSurvivesKillDashNine() throws {
        let tern = try TmuxSession.ternBinary().path
        let (server, address) = try TmuxSession.demoServer(tern, flags: "--latency 2000")
        defer { server.close() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-lists-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try "any-token\n".write(to: home.appendingPathComponent("token"), atomically: true, encoding: .utf8)
        let browse = "env XDG_CONFIG_HOME=\(home.path)/config XDG_CACHE_HOME=\(home.path)/cache XDG_DATA_HOME=\(home.path)/data "
            + "XDG_STATE_HOME=\(home.path)/state \(tern) --server \(address) --token-file \(home.path)/token --no-stream --images off"
        let first = try TmuxSession(command: browse)
        defer { first.close() }
        XCTAssertTrue(first.wait(timeout: 40) { $0.contains("Sol Novak @user32") && $0.contains("☆") }.ok, first.screen())
        try first.send("x")
        XCTAssertTrue(first.wait { $0.contains("3 Lists with @user32…") }.ok, first.screen())
        try first.send("3")
        XCTAssertTrue(first.wait(timeout: 40) { $0.contains("1   Friends") }.ok, first.screen())
        try first.send("1")
        // The request has reached the server (it logs each write as it comes) and its answer is 2 s away.
        XCTAssertNotNil(try demoWriteLogLine(address, containing: #"\/accounts"#), "the change never reached the server")
        let pid = try XCTUnwrap(Int32(first.run(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertEqual(kill(pid, SIGKILL), 0)
        first.close()

        let second = try TmuxSession(command: browse)
        defer { second.close() }
        let made = second.wait(timeout: 60) { $0.contains("@user32 is in “Friends”.") }
        XCTAssertTrue(made.ok, "the change was not made by the next run:\n\(made.screen)")
        let statuses = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(string: address + "/api/v1/timelines/home?limit=1")!))
            as? [[String: Any]])
        let user32 = try XCTUnwrap((statuses.first?["account"] as? [String: Any])?["id"] as? String)
        let lists = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(string: address + "/api/v1/accounts/\(user32)/lists")!))
            as? [[String: Any]])
        XCTAssertEqual(lists.compactMap { $0["title"] as? String }, ["Friends"])
    }
}
