import Foundation
import XCTest

/// Every notice about config.toml reaches the screen, not only the first (the rest went to the log alone):
/// each in turn on the status line, numbered; and what the user quits before seeing is printed once the
/// screen is closed.
final class StartupNoticesEndToEndTests: XCTestCase {
    private let config = "themee = \"dark\"\nmouse_on = true\n[keys]\nlike = \"j\"\n"
    private let said = ["(1 of 3) config.toml line 1: themee is no setting; did you mean theme?",
                        "(2 of 3) config.toml line 2: mouse_on is no setting",
                        "(3 of 3) config.toml line 4: like = \"j\" takes j from next (next keeps down)"]

    private func demo(in home: TernHome) throws -> TmuxSession {
        let folder = home.url.appendingPathComponent("config/tern")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try config.write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let tern = try TmuxSession.ternBinary().path
        return try TmuxSession(command: "env \(home.env) LANG=C.UTF-8 \(tern) demo --new-post-every 0 --feeds 0 --no-stream --images off; echo demo-exit $?; sleep 30")
    }

    func testEveryConfigNoticeIsShownInTurn() throws {
        let home = TernHome()
        defer { home.remove() }
        let tmux = try demo(in: home)
        defer { tmux.close() }
        for notice in said {
            let shown = tmux.wait(timeout: 30) { $0.contains(notice) }
            XCTAssertTrue(shown.ok, "not shown: \(notice)\n\(shown.screen)")
        }
    }

    /// `q` while the first is up: the three are printed on the terminal after the screen is gone.
    func testNoticesNotSeenBeforeQuittingArePrintedAfter() throws {
        let home = TernHome()
        defer { home.remove() }
        let tmux = try demo(in: home)
        defer { tmux.close() }
        let first = tmux.wait(timeout: 30) { $0.contains(said[0]) }
        XCTAssertTrue(first.ok, first.screen)
        try tmux.send("q")
        let ended = tmux.wait(timeout: 20) { $0.contains("demo-exit") }
        XCTAssertTrue(ended.ok && ended.screen.contains("demo-exit 0"), ended.screen)
        XCTAssertTrue(ended.screen.contains("Tern had more to tell you as it started:"), ended.screen)
        for notice in said {
            let words = notice.drop { $0 != ")" }.dropFirst(2)
            XCTAssertTrue(ended.screen.contains(words), "not printed: \(words)\n\(ended.screen)")
        }
    }
}
