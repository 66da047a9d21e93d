import Foundation
import XCTest

final class ReactionsEndToEndTests: XCTestCase {
    /// Akkoma's emoji reactions under the posts of the real binary (the demo imitating Akkoma): each with
    /// its count, a custom emoji by its shortcode, and the user's own said in words.
    func testReactionsShowUnderThePostsTheUsersOwnSaidSo() throws {
        try browseDemo(flags: "--new-post-every 0 --imitate akkoma") { tmux, _ in
            var seen = (thumbs: false, custom: false, own: false)
            for _ in 0..<40 where !(seen.thumbs && seen.custom && seen.own) {
                let screen = tmux.screen()
                for line in screen.split(separator: "\n") {
                    if line.contains("👍 ") { seen.thumbs = true }
                    if line.contains(":blobcat: 2") { seen.custom = true }
                    if line.contains(" (yours)") { seen.own = true }
                }
                try tmux.send("j")
                _ = tmux.wait(timeout: 1) { $0 != screen }
            }
            XCTAssertTrue(seen.thumbs && seen.custom && seen.own, "\(seen):\n\(tmux.screen())")
        }
    }
}
