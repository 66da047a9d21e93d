import Foundation
import XCTest

/// Direct messages as a user reads and answers them in the demo: `t` 8, each conversation with who is in
/// it, the unread one marked; Enter opens it as a thread and reads it; an answer stays direct and brings
/// the conversation to the top, without a refresh.
final class DirectMessagesEndToEndTests: XCTestCase {
    func testAConversationIsReadAndAnsweredFromTheList() throws {
        let tern = try TmuxSession.ternBinary()
        let tmux = try TmuxSession(command: "\(tern.path) demo --new-post-every 0; sleep 30")
        defer { tmux.close() }
        XCTAssertTrue(tmux.wait { $0.contains("Sol Novak @user32") && $0.contains(" 1/") }.ok, tmux.screen())
        try tmux.send("t")
        XCTAssertTrue(tmux.wait { $0.contains("8 Direct messages") }.ok, tmux.screen())
        try tmux.send("8")
        let listed = tmux.wait { $0.contains("✉ with @user7") && $0.contains("✉ with @user12, @user3") && $0.contains("1/3") }
        XCTAssertTrue(listed.ok, "the conversations:\n\(listed.screen)")
        XCTAssertTrue(listed.screen.contains("● "), "the unread conversation is marked:\n\(listed.screen)")

        try tmux.send("Enter")
        XCTAssertTrue(tmux.wait { $0.contains("tern · Thread") }.ok, tmux.screen())
        try tmux.send("Escape")
        let read = tmux.wait { $0.contains("✉ with @user7") && !$0.contains("● ") }
        XCTAssertTrue(read.ok, "read once the server said so:\n\(read.screen)")

        try tmux.send("Enter")
        XCTAssertTrue(tmux.wait { $0.contains("tern · Thread") }.ok, tmux.screen())
        try tmux.send("a")
        let compose = tmux.wait { $0.contains("Reply to @user7") && $0.contains("mentioned people only") }
        XCTAssertTrue(compose.ok, "an answer stays direct:\n\(compose.screen)")
        try tmux.send("-l", "see you at the harbour")
        try tmux.send("C-s")
        XCTAssertTrue(tmux.wait { $0.contains("tern · Thread") && $0.contains("see you at the harbour") }.ok, tmux.screen())
        // No `r`: the list beneath the thread read its newest message when the answer was posted.
        try tmux.send("Escape")
        let answered = tmux.wait { s in
            let lines = s.components(separatedBy: "\n")
            return lines.count > 3 && lines[1].contains("✉ with @user7") && lines[3].contains("see you at the harbour")
        }
        XCTAssertTrue(answered.ok, "the answered conversation at the top, once:\n\(answered.screen)")
        XCTAssertEqual(answered.screen.components(separatedBy: "✉ with @user7").count, 2, answered.screen)
    }
}
