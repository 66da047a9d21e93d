import Foundation
import XCTest

final class ReactionsEndToEndTests: XCTestCase {
    /// Akkoma's emoji reactions under the posts of the real binary (the demo imitating Akkoma): each with
    /// its count, a custom emoji by its shortcode; none said to be the user's, who has made none yet.
    func testReactionsShowUnderThePostsNoneTheNewUsers() throws {
        try browseDemo(flags: "--new-post-every 0 --imitate akkoma") { tmux, _ in
            var seen = (thumbs: false, custom: false, own: [Substring]())
            for _ in 0..<40 where !(seen.thumbs && seen.custom) {
                let screen = tmux.screen()
                for line in screen.split(separator: "\n") {
                    if line.contains("👍 ") { seen.thumbs = true }
                    if line.contains(":blobcat: 2") { seen.custom = true }
                    if line.contains("(yours)") { seen.own.append(line) }
                }
                try tmux.send("j")
                _ = tmux.wait(timeout: 1) { $0 != screen }
            }
            XCTAssertTrue(seen.thumbs && seen.custom, "\(seen):\n\(tmux.screen())")
            XCTAssertEqual(seen.own, [], "a reaction the new user never made is shown as theirs")
        }
    }
}

extension ReactionsEndToEndTests {
    /// `+` on a post, then 🔥's digit: the post shows the user's 🔥 and the server got one PUT on Akkoma's
    /// route; `+` again offers to take it back, and its digit does, with one DELETE.
    func testPlusReactsThroughAkkomasRouteAndTakesItBack() throws {
        try browseDemo(flags: "--new-post-every 0 --imitate akkoma") { tmux, address in
            func selected(_ screen: String) -> [Substring] { screen.split(separator: "\n").filter { $0.hasPrefix("▌") } }
            /// The digit the open reaction box gives the item that says `what`.
            func digit(of what: String) throws -> String {
                let box = tmux.wait { $0.contains("React to @") && $0.contains("Another emoji…") }
                XCTAssertTrue(box.ok, box.screen)
                let line = try XCTUnwrap(box.screen.split(separator: "\n").first { $0.contains(what) }, box.screen)
                let match = try XCTUnwrap(line.range(of: #"\d (?=\#(what))"#, options: .regularExpression), String(line))
                return String(line[match].prefix(1))
            }
            let fire = "%F0%9F%94%A5"
            try tmux.send("+")
            try tmux.send(try digit(of: "🔥"))
            let added = tmux.wait { selected($0).contains { $0.contains("🔥 1 (yours)") } }
            XCTAssertTrue(added.ok, "the reaction is not shown as made:\n\(added.screen)")
            let put = try XCTUnwrap(try demoWriteLogLine(address, containing: fire), "no reaction request reached the demo")
            XCTAssertTrue(put.contains(#""method":"PUT""#) && put.contains(#"\/api\/v1\/pleroma\/statuses\/"#), String(put))

            try tmux.send("+")
            try tmux.send(try digit(of: "🔥 1 · yours: take it back"))
            let taken = tmux.wait { s in !selected(s).contains { $0.contains("🔥") } && !s.contains("React to @") }
            XCTAssertTrue(taken.ok, "the reaction is still shown:\n\(taken.screen)")
            let delete = try XCTUnwrap(try demoWriteLogLine(address, containing: #""method":"DELETE""#), "no DELETE reached the demo")
            XCTAssertTrue(delete.contains(fire), String(delete))
        }
    }
}
