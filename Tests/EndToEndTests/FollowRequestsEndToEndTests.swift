import Foundation
import XCTest

/// A locked account's follow requests in the demo: `x`, "Follow requests…", one accepted and said so, and
/// the list asked again no longer has it.
final class FollowRequestsEndToEndTests: XCTestCase {
    func testARequestIsAcceptedFromTheMenu() throws {
        let tern = try TmuxSession.ternBinary()
        let tmux = try TmuxSession(command: "\(tern.path) demo --new-post-every 0; sleep 30")
        defer { tmux.close() }
        XCTAssertTrue(tmux.wait { $0.contains("Sol Novak @user32") && $0.contains(" 1/") }.ok, tmux.screen())
        let number = try openYours(tmux)
        try tmux.send("3")
        let asked = tmux.wait { $0.contains("3 follow requests") && $0.contains("Accept @user35") }
        XCTAssertTrue(asked.ok, asked.screen)
        try tmux.send("4")
        XCTAssertTrue(tmux.wait { $0.contains("@user35 follows you now.") }.ok, tmux.screen())
        _ = try openYours(tmux)
        _ = number
        try tmux.send("3")
        let left = tmux.wait { $0.contains("2 follow requests") }
        XCTAssertTrue(left.ok, left.screen)
        XCTAssertFalse(left.screen.contains("@user35"), "answered, so no longer asking:\n\(left.screen)")
    }

    /// `x`, then "Yours…" by its number; the number.
    private func openYours(_ tmux: TmuxSession) throws -> String {
        try tmux.send("x")
        let menu = tmux.wait { $0.contains("Yours: muted and blocked, filters, requests…") }
        XCTAssertTrue(menu.ok, menu.screen)
        let number = try XCTUnwrap(menu.screen.components(separatedBy: "\n").first { $0.contains("Yours:") }?
            .trimmingCharacters(in: .whitespaces).prefix(1))
        try tmux.send(String(number))
        XCTAssertTrue(tmux.wait { $0.contains("3 Follow requests…") }.ok, tmux.screen())
        return String(number)
    }
}
