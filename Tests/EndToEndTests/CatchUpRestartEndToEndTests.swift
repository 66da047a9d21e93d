import Foundation
import XCTest

/// Catch-up's choices outlast Tern: `C`, `s` (most liked), `z` (by author), Esc, `q`; the next start's `C`
/// opens by author on the most liked, as it was left. The real binary in tmux, one store, the demo.
final class CatchUpRestartEndToEndTests: XCTestCase {
    func testTheNextStartsCatchUpOpensOnTheOrderAndGroupingLeft() async throws {
        let demo = try await DemoHome.start()
        defer { demo.home.remove() }
        let command = "env \(demo.home.env) \(demo.tern.path) --no-stream --images off; stty sane; printf '\\nTern ended\\n'; sleep 30"

        let first = try TmuxSession(command: command)
        defer { first.close() }
        XCTAssertTrue(first.wait { $0.contains("☆") && $0.contains("Home") }.ok, first.screen())
        try first.send("C")
        let opened = first.wait { $0.contains("Catch-up · ") && $0.contains("· stand-outs") && !$0.contains("Fetching") }
        XCTAssertTrue(opened.ok, "C did not open Catch-up on stand-outs:\n\(opened.screen)")
        try first.send("s")
        XCTAssertTrue(first.wait { $0.contains("· liked") }.ok, first.screen())
        try first.send("z")
        let grouped = first.wait { $0.contains("· liked") && $0.contains(" posts · ") }
        XCTAssertTrue(grouped.ok, "z did not group by author:\n\(grouped.screen)")
        try first.send("Escape")
        XCTAssertTrue(first.wait { !$0.contains("Catch-up") && $0.contains("Home") }.ok, first.screen())
        try first.send("q")
        XCTAssertTrue(first.wait { $0.contains("Tern ended") }.ok, "Tern quit:\n\(first.screen())")
        first.close()

        let second = try TmuxSession(command: command)
        defer { second.close() }
        XCTAssertTrue(second.wait { $0.contains("☆") && $0.contains("Home") }.ok, second.screen())
        try second.send("C")
        let again = second.wait { $0.contains("Catch-up · ") && !$0.contains("Fetching") && $0.contains(" posts · ") }
        XCTAssertTrue(again.ok, "the next start's C did not open by author:\n\(again.screen)")
        XCTAssertTrue(again.screen.contains("· liked"), "not on the order left:\n\(again.screen)")
        second.close()
        await demo.server.stop()
    }
}
