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
}
