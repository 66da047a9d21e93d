import Foundation
import XCTest

/// `x` on a post, "Report …", a reason and a comment: the demo server receives the report with the post,
/// the reason and the words (its write log shows the request), and Tern says it was sent.
final class ReportEndToEndTests: XCTestCase {
    func testAPostReportedAsSpamReachesTheServerWithItsComment() throws {
        try browseDemo { tmux, address in
            try tmux.send("x")
            let menu = tmux.wait { $0.contains("and this post…") }
            XCTAssertTrue(menu.ok, "no report in the menu:\n\(menu.screen)")
            let line = try XCTUnwrap(menu.screen.split(separator: "\n").first { $0.contains("and this post…") })
            let digit = try XCTUnwrap(line.trimmingCharacters(in: .whitespaces).first.map(String.init))
            let acct = try XCTUnwrap(line.split(separator: "@").last?.split(separator: " ").first.map(String.init))
            try tmux.send(digit)
            XCTAssertTrue(tmux.wait { $0.contains("why? (Esc cancels)") && $0.contains("Breaks the server's rules") }.ok, tmux.screen())
            try tmux.send("1")
            XCTAssertTrue(tmux.wait { $0.contains("Comment for the moderators") }.ok, tmux.screen())
            try tmux.send("-l", "selling things in replies")
            try tmux.send("Enter")
            let sent = tmux.wait { $0.contains("Reported @\(acct) to your server's moderators") }
            XCTAssertTrue(sent.ok, sent.screen)
            let report = try XCTUnwrap(try demoWriteLogLine(address, containing: #"\/api\/v1\/reports"#), tmux.screen())
            XCTAssertTrue(report.contains("[\"category\",\"spam\"]"), String(report))
            XCTAssertTrue(report.contains("[\"comment\",\"selling things in replies\"]"), String(report))
            XCTAssertTrue(report.contains("status_ids[]"), String(report))
        }
    }
}
