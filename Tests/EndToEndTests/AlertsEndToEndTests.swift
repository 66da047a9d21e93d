import Foundation
import TernDemo
import XCTest

/// A mention while the terminal has not the focus rings the terminal's bell (inside tmux without
/// passthrough, the one alert that gets out; tmux marks the window); while it has the focus, nothing rings.
final class AlertsEndToEndTests: XCTestCase {
    func testAMentionWhileLookingElsewhereRingsAndNotWhileLooking() async throws {
        let tern = try TmuxSession.ternBinary()
        let server = try await DemoServer.start(DemoConfig())
        let home = TernHome()
        defer { home.remove() }
        try home.addAccount("ada@one.example", server: server.baseURL)
        let tmux = try TmuxSession(command: "env \(home.env) \(tern.path); sleep 30")
        defer { tmux.close() }
        // The unread count, as the demo starts (its follows group by the hour, so it varies a little).
        let start = tmux.wait { $0.range(of: #"✉ \d+ "#, options: .regularExpression) != nil && $0.contains(" live ") }
        let counted = start.screen.range(of: #"✉ \d+ "#, options: .regularExpression).map { start.screen[$0].dropFirst(2).dropLast() }
        let unread = try XCTUnwrap(counted.flatMap { Int($0) }, "the unread count, with streaming up:\n\(start.screen)")

        // What Tern writes from here on, byte for byte.
        let output = home.url.appendingPathComponent("output")
        try tmux.run(["pipe-pane", "-O", "cat > \(output.path)"])
        func written() -> Data { (try? Data(contentsOf: output)) ?? Data() }
        func bells() -> Int { written().filter { $0 == 0x07 }.count }
        // While the terminal has the focus, a mention is counted and rings nothing.
        await server.notifyMention()
        XCTAssertTrue(tmux.wait { $0.contains("✉ \(unread + 1) ") }.ok, "the mention arrived:\n\(tmux.screen())")
        // A bell for it would have been written before the count: once the help drawn after it is in the
        // captured output, so would the bell be.
        try tmux.send("?")
        let helped = Date().addingTimeInterval(10)
        while written().range(of: Data("next post".utf8)) == nil, Date() < helped { usleep(50_000) }
        XCTAssertNotNil(written().range(of: Data("next post".utf8)), "the help was drawn")
        XCTAssertEqual(bells(), 0, "no bell while the terminal has the focus")
        try tmux.send("Escape")
        // The terminal loses the focus (what a terminal sends then), and someone mentions the user: one bell.
        try tmux.run(["send-keys", "-H", "1b", "5b", "4f"])
        await server.notifyMention()
        var rung = bells()
        let deadline = Date().addingTimeInterval(15)
        while rung == 0, Date() < deadline { usleep(50_000); rung = bells() }
        XCTAssertEqual(rung, 1, "one bell for the mention made while looking elsewhere")
        XCTAssertFalse(tmux.screen().contains("[I") || tmux.screen().contains("[O"), "focus reports are not keys:\n\(tmux.screen())")
        await server.stop()
    }
}
