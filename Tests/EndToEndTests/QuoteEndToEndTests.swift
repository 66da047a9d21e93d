import Foundation
import XCTest

/// Quote posts in the real `tern demo` in tmux: an accepted quote shows the quoted post in a frame (its
/// author and text), and Enter in the quoting post's thread opens it; one deleted says so in words, and
/// Mastodon's "RE: link" fallback is not shown.
final class QuoteEndToEndTests: XCTestCase {
    func testQuotesShowTheQuotedPostOrSayWhyNot() throws {
        let tern = try TmuxSession.ternBinary()
        let tmux = try TmuxSession(command: "\(tern.path) demo --new-post-every 0; sleep 30", columns: 120, rows: 50)
        defer { tmux.close() }
        XCTAssertTrue(tmux.wait { $0.contains("☆") }.ok, tmux.screen())
        func selected(_ s: String) -> [Substring] { s.split(separator: "\n").filter { $0.hasPrefix("▌") } }
        func title(_ s: String) -> String { s.split(separator: "\n").first.map(String.init) ?? "" }
        // Enter opens the quoting post's thread; Enter there opens the quoted post's, whose author the frame named.
        func openTheQuote(from frameLine: Substring) throws {
            let author = try XCTUnwrap(frameLine.components(separatedBy: "│ ").last?.components(separatedBy: " @").first)
            try tmux.send("Enter")
            // The thread shows the quoting post selected, its frame with it, before Enter goes on.
            XCTAssertTrue(tmux.wait { title($0).contains("Thread") && selected($0).contains { $0.contains("┌ quoting") } }.ok, tmux.screen())
            try tmux.send("Enter")
            let quoted = tmux.wait { title($0).contains("Thread · \(author)") }
            XCTAssertTrue(quoted.ok, "Enter in the quoting post's thread did not open the quoted post (by \(author)):\n\(quoted.screen)")
            try tmux.send("Escape")
            try tmux.send("Escape")
            XCTAssertTrue(tmux.wait { title($0).contains("Home") }.ok, tmux.screen())
        }
        var accepted: [Substring]?, deleted = false
        for _ in 0..<60 where accepted == nil || !deleted {
            // Read once the screen has taken every key sent: a `j` still on its way (a loaded machine, in
            // CI) once moved the selection after this read, and Enter opened the post below the quote.
            let screen = tmux.waitSettled(timeout: 5, quiet: 0.3).screen
            let lines = selected(screen)
            XCTAssertFalse(screen.contains("RE: http"), "Mastodon's fallback shown:\n\(screen)")
            if let top = lines.firstIndex(where: { $0.contains("┌ quoting") }) {
                if lines.contains(where: { $0.contains("⊘ The quoted post was deleted") }) { deleted = true }
                // The frame's first line names the quoted post's author: a name and a handle.
                if accepted == nil, top + 1 < lines.count, lines[top + 1].contains("│ "), lines[top + 1].contains(" @user") {
                    accepted = lines
                    try openTheQuote(from: lines[top + 1])
                }
            }
            try tmux.send("j")
            _ = tmux.wait(timeout: 2) { selected($0) != lines }
        }
        XCTAssertNotNil(accepted, "no accepted quote with its post:\n\(tmux.screen())")
        XCTAssertTrue(deleted, "no deleted quote said so:\n\(tmux.screen())")
        if let frame = accepted {
            XCTAssertTrue(frame.contains { $0.hasPrefix("▌ └") }, "the frame closes:\n\(frame.joined(separator: "\n"))")
        }
    }

    /// `Q` in the real binary: on a post whose author denies quotes it says so and opens nothing; on one it
    /// may quote it opens "Quote @…", and Ctrl-S sends the post with `quoted_status_id` (and Akkoma's
    /// `quote_id`), which the demo records and shows back at the top of Home in a quote frame.
    func testQWritesAQuoteAndSaysWhyWhereTheAuthorDeniesIt() throws {
        try browseDemo(flags: "--new-post-every 0") { tmux, address in
            func selected(_ s: String) -> [Substring] { s.split(separator: "\n").filter { $0.hasPrefix("▌") } }
            var denied = false, quoted = false
            for _ in 0..<30 where !(denied && quoted) {
                let before = selected(tmux.screen())
                try tmux.send("Q")
                let answer = tmux.wait(timeout: 5) { $0.contains("doesn't let you quote this post") || $0.contains(" Quote @") }
                XCTAssertTrue(answer.ok, "Q did nothing:\n\(answer.screen)")
                if answer.screen.contains(" Quote @") {
                    if quoted {
                        try tmux.send("Escape")
                    } else {
                        XCTAssertTrue(answer.screen.contains("❝ @"), "the quoted post above the text:\n\(answer.screen)")
                        try tmux.send("-l", "quoting under test")
                        try tmux.send("C-s")
                        let posted = tmux.wait { $0.contains("Posted") }
                        XCTAssertTrue(posted.ok, posted.screen)
                        quoted = true
                    }
                    XCTAssertTrue(tmux.wait { $0.contains("☆") && !$0.contains(" Quote @") }.ok, tmux.screen())
                } else {
                    denied = true
                }
                try tmux.send("j")
                _ = tmux.wait(timeout: 2) { selected($0) != before }
            }
            XCTAssertTrue(denied, "no post denied a quote in reach:\n\(tmux.screen())")
            XCTAssertTrue(quoted, "no post could be quoted in reach:\n\(tmux.screen())")

            // What was sent, as the demo received it.
            let sent = try XCTUnwrap(try demoWriteLogLine(address, containing: "quoting under test"), tmux.screen())
            XCTAssertTrue(sent.contains("\"quoted_status_id\""), String(sent))
            XCTAssertTrue(sent.contains("\"quote_id\""), String(sent))
            // Back at the top of Home, the new post carries its quote.
            try tmux.send("g")
            let shown = tmux.wait(timeout: 15) { s in s.contains("quoting under test") && s.contains("┌ quoting") }
            XCTAssertTrue(shown.ok, "the quote post did not show with its quote:\n\(shown.screen)")
        }
    }

    /// A server without quotes (GoToSocial, Mastodon before 4.5) drops the quote it is sent: `Q` says so,
    /// naming the server, before anything is written, where it said so only after the post was out without
    /// its context.
    func testQOnAServerWithoutQuotesSaysSoBeforeWriting() throws {
        try browseDemo(flags: "--new-post-every 0 --imitate gotosocial") { tmux, _ in
            try tmux.send("Q")
            let said = tmux.wait { $0.contains("This server (GoToSocial) doesn't take quote posts") }
            XCTAssertTrue(said.ok, said.screen)
            XCTAssertFalse(said.screen.contains(" Quote @"), "no compose for a quote the server drops:\n\(said.screen)")
        }
    }

    /// Akkoma takes a quote under its older name (`quote_id`): `Q` writes one there.
    func testAkkomaTakesAQuoteUnderItsOwnName() throws {
        try browseDemo(flags: "--new-post-every 0 --imitate akkoma") { tmux, _ in
            try tmux.send("Q")
            XCTAssertTrue(tmux.wait { $0.contains(" Quote @") }.ok, tmux.screen())
            try tmux.send("-l", "a quote akkoma keeps")
            try tmux.send("C-s")
            let said = tmux.wait { $0.contains("Posted.") }
            XCTAssertTrue(said.ok, said.screen)
        }
    }
}
