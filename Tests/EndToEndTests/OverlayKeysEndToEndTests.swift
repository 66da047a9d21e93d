import Foundation
import XCTest

/// Issue 45, as a new user met it in the real binary against the demo: `q` quit from the help and the large
/// view but closed the picker; Home's title bar offered `esc back`, which does nothing there; a content
/// warning opened in the list was closed again in the post's thread.
final class OverlayKeysEndToEndTests: XCTestCase {
    private func selected(_ screen: String) -> String {
        screen.split(separator: "\n").filter { $0.hasPrefix("▌") }.joined(separator: "\n")
    }

    private func running(_ tmux: TmuxSession) -> Bool { (try? tmux.run(["has-session"], capture: false)) != nil }

    /// `q` closes every overlay, as `Esc` does, and quits only from the list with nothing over it; Home's
    /// title bar names no way back, since there is none.
    func testQClosesEveryOverlayAndQuitsOnlyFromTheList() throws {
        try browseDemo(ternFlags: "--no-stream") { tmux, _ in
            let home = tmux.wait { $0.contains("tern · Home") && $0.contains("? help") }
            XCTAssertTrue(home.ok, home.screen)
            let title = home.screen.split(separator: "\n").first.map(String.init) ?? ""
            XCTAssertFalse(title.contains("esc"), "Home offers a way back that does nothing: \(title)")

            try tmux.send("?")
            let help = tmux.wait { $0.contains("Keys (") }
            XCTAssertTrue(help.ok, help.screen)
            XCTAssertTrue(help.screen.contains("Esc or q closes"), "the help does not say how it closes:\n\(help.screen)")
            try tmux.send("q")
            let fromHelp = tmux.wait { !$0.contains("Keys (") && $0.contains("tern · Home") }
            XCTAssertTrue(fromHelp.ok && running(tmux), "q in the help did not just close it:\n\(fromHelp.screen)")

            try tmux.send("t")
            XCTAssertTrue(tmux.wait { $0.contains("Timelines (") }.ok, tmux.screen())
            try tmux.send("q")
            let fromPicker = tmux.wait { !$0.contains("Timelines (") && $0.contains("tern · Home") }
            XCTAssertTrue(fromPicker.ok && running(tmux), fromPicker.screen)

            // The first post with pictures, shown large.
            var large = false
            for _ in 0..<12 where !large {
                try tmux.send("v")
                large = tmux.wait(timeout: 1.5) { $0.contains("Esc closes") }.ok
                if !large { try tmux.send("j") }
            }
            XCTAssertTrue(large, "no post with pictures to view large:\n\(tmux.screen())")
            try tmux.send("q")
            let fromLarge = tmux.wait { !$0.contains("Esc closes") && $0.contains("tern · Home") }
            XCTAssertTrue(fromLarge.ok && running(tmux), "q in the large view did not just close it:\n\(fromLarge.screen)")

            try tmux.send("q")
            XCTAssertTrue(tmux.wait { _ in !self.running(tmux) }.ok, "q on Home did not quit:\n\(tmux.screen())")
        }
    }

    /// A warning opened with `c` in the list stays open in the post's thread; closed there, it is closed in
    /// the list when Esc goes back.
    func testAWarningOpenedInTheListIsOpenInTheThread() throws {
        try browseDemo(ternFlags: "--no-stream") { tmux, _ in
            var found = false
            for _ in 0..<40 where !found {
                found = selected(tmux.screen()).contains("(c to show)")
                if !found {
                    let before = selected(tmux.screen())
                    try tmux.send("j")
                    _ = tmux.wait(timeout: 2) { self.selected($0) != before }
                }
            }
            XCTAssertTrue(found, "no post behind a warning:\n\(tmux.screen())")
            try tmux.send("c")
            let opened = tmux.wait { !self.selected($0).contains("(c to show)") }
            XCTAssertTrue(opened.ok, "c did not open the warning:\n\(opened.screen)")
            // The post's first line of text, shown now.
            let text = try XCTUnwrap(selected(opened.screen).split(separator: "\n").dropFirst(2).first {
                $0.dropFirst().trimmingCharacters(in: .whitespaces).count > 10 }.map { $0.dropFirst().trimmingCharacters(in: .whitespaces) })

            try tmux.send("Enter")
            let thread = tmux.wait { $0.contains("tern · Thread") && self.selected($0).contains(String(text.prefix(30))) }
            XCTAssertTrue(thread.ok, "the thread shows the warning closed again:\n\(thread.screen)")
            XCTAssertFalse(selected(thread.screen).contains("(c to show)"), thread.screen)

            try tmux.send("c")
            XCTAssertTrue(tmux.wait { self.selected($0).contains("(c to show)") }.ok, tmux.screen())
            try tmux.send("Escape")
            let back = tmux.wait { $0.contains("tern · Home") && self.selected($0).contains("(c to show)") }
            XCTAssertTrue(back.ok, "closed in the thread, the warning stayed open in the list:\n\(back.screen)")
        }
    }
}
