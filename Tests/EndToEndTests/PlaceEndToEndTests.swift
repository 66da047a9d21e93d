import Foundation
import TernDemo
import TernStore
import XCTest

/// Coming back to the place: `j` seven times at 80×24, then Tern ends (`q`, `kill -9`, or its terminal
/// closed), and the next start has the same post selected on the same line of the screen. Against the demo
/// imitating GoToSocial (ULID ids, a home marker), the real binary in tmux on one store.
final class PlaceEndToEndTests: XCTestCase {
    private enum Ending { case quit, kill, terminalClosed }

    func testAfterQuittingTheSamePostIsSelectedOnTheSameLine() async throws { try await comesBack(after: .quit) }

    func testAfterKill9TheSamePostIsSelectedOnTheSameLine() async throws { try await comesBack(after: .kill) }

    func testAfterTheTerminalClosedTheSamePostIsSelectedOnTheSameLine() async throws { try await comesBack(after: .terminalClosed) }

    private func comesBack(after ending: Ending) async throws {
        let tern = try TmuxSession.ternBinary()
        var config = DemoConfig()
        config.quirks = ServerQuirks.sets.first { $0.name == "gotosocial" }!.quirks
        let server = try await DemoServer.start(config)
        let home = TernHome()
        defer { home.remove() }
        try home.addAccount("ada@one.example", server: server.baseURL)
        // A kill leaves the terminal as Tern set it (no carriage return at a line's end), so the shell's
        // "Killed" line could leave the cursor far right and "Tern ended" wrapped over two rows, unmatched:
        // `stty sane` and a new line first put it at the start of a row, whatever the binary's path length.
        let command = "env \(home.env) \(tern.path); stty sane; printf '\\nTern ended\\n'; sleep 30"

        let first = try TmuxSession(command: command, columns: 80, rows: 24)
        defer { first.close() }
        XCTAssertTrue(first.waitSettled { $0.contains(" 1/") && Self.selected($0) != nil }.ok, first.screen())
        for _ in 0..<7 { try first.send("j") }
        let before = first.waitSettled { $0.contains(" 8/") }
        XCTAssertTrue(before.ok, "seven j: the eighth post:\n\(before.screen)")
        let place = try XCTUnwrap(Self.selected(before.screen), before.screen)

        switch ending {
        case .quit:
            try first.send("q")
            XCTAssertTrue(first.wait { $0.contains("Tern ended") }.ok, "Tern quit:\n\(first.screen())")
        case .kill:
            // The place is on disk once the store holds the eighth post as selected; nothing runs at the kill.
            let eighth = try XCTUnwrap(Glance.newest(store: home.store, key: Self.home, count: 20)?.run.entries.compactMap(\.post).dropFirst(7).first?.id)
            let deadline = Date().addingTimeInterval(20)
            while try Glance.read(store: home.store, key: Self.home)?.state.selectedID != eighth, Date() < deadline { usleep(50_000) }
            let pid = try ternPID(first)
            XCTAssertEqual(kill(pid, SIGKILL), 0)
            XCTAssertTrue(first.wait { $0.contains("Tern ended") }.ok, "Tern was killed:\n\(first.screen())")
        case .terminalClosed:
            let pid = try ternPID(first)
            first.close()
            let deadline = Date().addingTimeInterval(20)
            while kill(pid, 0) == 0, Date() < deadline { usleep(50_000) }
            XCTAssertNotEqual(kill(pid, 0), 0, "Tern ended with its terminal")
        }
        first.close()

        let second = try TmuxSession(command: command, columns: 80, rows: 24)
        defer { second.close() }
        let after = second.waitSettled { $0.contains(" 8/") && Self.selected($0) != nil }
        XCTAssertTrue(after.ok, "the eighth post is selected again:\n--- before:\n\(before.screen)\n--- after:\n\(after.screen)")
        let again = try XCTUnwrap(Self.selected(after.screen), after.screen)
        XCTAssertEqual(again.line, place.line, "on the same line:\n--- before:\n\(before.screen)\n--- after:\n\(after.screen)")
        XCTAssertEqual(again.text, place.text, "the same post:\n--- before:\n\(before.screen)\n--- after:\n\(after.screen)")
        // Tern goes before its server: a server stopping waits for the streaming connection it still holds.
        second.close()
        await server.stop()
    }

    private static let home = TimelineKey(account: "ada@one.example", timeline: "home")

    /// The selected post's first line on the screen (its rows begin with the selection's bar) and its
    /// words up to the time, which ticks on between runs.
    private static func selected(_ screen: String) -> (line: Int, text: String)? {
        let lines = screen.components(separatedBy: "\n")
        guard let i = lines.firstIndex(where: { $0.hasPrefix("▌") }) else { return nil }
        let words = lines[i].split(separator: " ")
        return (i, words.dropLast().joined(separator: " "))
    }

    /// The pid of `tern` in the session's pane (a child of its shell).
    private func ternPID(_ session: TmuxSession) throws -> Int32 {
        let shell = try session.run(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let child = try Spawn.run(["pgrep", "-P", shell], capture: true).split(separator: "\n").first.map(String.init)
        return try XCTUnwrap(child.flatMap { Int32($0) }, "no tern under the pane's shell \(shell)")
    }
}

extension TernHome {
    /// The store Tern keeps in this home.
    var store: URL { url.appendingPathComponent("data/tern/tern.sqlite") }
}
