import Foundation
import XCTest

/// Trends in the demo's picker: its trending hashtags with their week's uses, one opened as its timeline.
final class TrendsEndToEndTests: XCTestCase {
    func testATrendingHashtagOpensItsTimeline() throws {
        let tern = try TmuxSession.ternBinary()
        let tmux = try TmuxSession(command: "\(tern.path) demo --new-post-every 0 --feeds 0; sleep 30")
        defer { tmux.close() }
        XCTAssertTrue(tmux.wait { $0.contains("Sol Novak @user32") && $0.contains(" 1/") }.ok, tmux.screen())
        try tmux.send("t")
        let picker = tmux.wait { $0.contains("Trending posts") && $0.contains("Trending: #") }
        XCTAssertTrue(picker.ok, picker.screen)
        let rows = picker.screen.components(separatedBy: "\n")
        let home = try XCTUnwrap(rows.firstIndex { $0.contains("1 Home") })
        let first = try XCTUnwrap(rows.firstIndex { $0.contains("Trending: #") })
        let tag = try XCTUnwrap(rows[first].range(of: #"#\w+"#, options: .regularExpression).map { String(rows[first][$0]) })
        XCTAssertTrue(rows[first].contains("posts this week)"), rows[first])
        for _ in 0..<(first - home) { try tmux.send("j") }
        try tmux.send("Enter")
        let opened = tmux.wait { $0.contains("tern · \(tag)") && $0.contains(" 1/") }
        XCTAssertTrue(opened.ok, "the hashtag's timeline:\n\(opened.screen)")
    }

    func testTheTrendingLinksAreListedToOpen() throws {
        let tern = try TmuxSession.ternBinary()
        let tmux = try TmuxSession(command: "\(tern.path) demo --new-post-every 0 --feeds 0; sleep 30")
        defer { tmux.close() }
        XCTAssertTrue(tmux.wait { $0.contains("Sol Novak @user32") && $0.contains(" 1/") }.ok, tmux.screen())
        try tmux.send("t")
        let picker = tmux.wait { $0.contains("Trending links…") }
        XCTAssertTrue(picker.ok, picker.screen)
        let rows = picker.screen.components(separatedBy: "\n")
        let home = try XCTUnwrap(rows.firstIndex { $0.contains("1 Home") }), links = try XCTUnwrap(rows.firstIndex { $0.contains("Trending links…") })
        for _ in 0..<(links - home) { try tmux.send("j") }
        try tmux.send("Enter")
        let listed = tmux.wait { $0.contains("Trending links: Enter opens one") && $0.contains("Notes on slow computing · Example Blog") }
        XCTAssertTrue(listed.ok, listed.screen)
    }
}
