import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// `/` in the real binary in tmux against a demo server in its own process: the cached posts at once, then
/// what the server finds (people, hashtags, posts the cache lacks) in sections; Enter on a person opens the
/// profile, on a hashtag its timeline; a pasted link to a post opens its thread.
final class SearchEndToEndTests: XCTestCase {
    private func browse(_ body: (TmuxSession, String) throws -> Void) throws {
        try browseDemo(flags: "--latency 300", body)
    }

    private func search(_ tmux: TmuxSession, _ text: String) throws {
        try tmux.send("/")
        XCTAssertTrue(tmux.wait { $0.contains("Search (a link opens it; Esc cancels):") }.ok, tmux.screen())
        try tmux.send("-l", text)
        try tmux.send("Enter")
    }

    private func title(_ screen: String) -> String { screen.split(separator: "\n").first.map(String.init) ?? "" }

    func testWordsFindCachedPostsThenTheServersHashtagsAndEnterOpensTheHashtag() throws {
        try browse { tmux, _ in
            try search(tmux, "garden")
            let found = tmux.wait { $0.contains("the server found") }
            XCTAssertTrue(found.ok, "the server's finds never came:\n\(found.screen)")
            XCTAssertTrue(found.screen.contains("── Hashtags") && found.screen.contains("#gardening"), found.screen)
            XCTAssertTrue(found.screen.contains("── Cached posts") || found.screen.contains("── Posts on the server"), found.screen)
            XCTAssertFalse(found.screen.contains("Searching"), "the spinner stayed:\n\(found.screen)")
            // The list opens at the first heading: Enter opens what is under it, the hashtag.
            try tmux.send("Enter")
            let tag = tmux.wait { self.title($0).contains("#gardening") && $0.contains("☆") }
            XCTAssertTrue(tag.ok, "Enter did not open the hashtag's timeline:\n\(tag.screen)")
            try tmux.send("Escape")
            let back = tmux.wait { self.title($0).contains("Search: garden") }
            XCTAssertTrue(back.ok, "Esc did not go back to the search:\n\(back.screen)")
        }
    }

    func testAHandleListsThePersonFirstAndEnterOpensTheProfile() throws {
        try browse { tmux, _ in
            try search(tmux, "@user7")
            let found = tmux.wait { $0.contains("the server found") }
            XCTAssertTrue(found.ok, found.screen)
            let rows = found.screen.split(separator: "\n").dropFirst().filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            XCTAssertTrue(rows.first?.contains("── People") == true, "People is not the first section:\n\(found.screen)")
            XCTAssertTrue(rows.dropFirst().first?.contains("@user7") == true, "the account is not the first result:\n\(found.screen)")
            try tmux.send("Enter")
            let profile = tmux.wait { $0.contains("followers") && $0.contains("@user7") }
            XCTAssertTrue(profile.ok, "Enter did not open the profile:\n\(profile.screen)")
        }
    }

    func testAPastedLinkToAPostOpensItsThread() throws {
        try browse { tmux, address in
            // The oldest post of the first public page: a link the home screen is not showing.
            let data = try Data(contentsOf: try XCTUnwrap(URL(string: "\(address)/api/v1/timelines/public?limit=40")))
            let posts = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
            let post = try XCTUnwrap(posts.last)
            let link = try XCTUnwrap(post["url"] as? String)
            let acct = try XCTUnwrap((post["account"] as? [String: Any])?["acct"] as? String)
            try search(tmux, link)
            let thread = tmux.wait { self.title($0).contains("Thread") && $0.contains("@" + acct) }
            XCTAssertTrue(thread.ok, "the link did not open its post's thread (\(link)):\n\(thread.screen)")
        }
    }

    /// A hashtag's timeline says whether the user follows it; `F` follows (the server has it, the `t` picker
    /// lists it), `F` and `y` unfollow.
    func testFOnAHashtagsTimelineFollowsItAndThePickerListsIt() throws {
        try browse { tmux, address in
            func followed() throws -> [String] {
                let data = try Data(contentsOf: try XCTUnwrap(URL(string: "\(address)/api/v1/followed_tags")))
                return (try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            }
            try search(tmux, "#linux")
            XCTAssertTrue(tmux.wait { $0.contains("the server found") }.ok, tmux.screen())
            try tmux.send("Enter")
            let tag = tmux.wait { self.title($0).contains("#linux") && $0.contains("not following (F follows)") }
            XCTAssertTrue(tag.ok, "no hashtag row above the timeline:\n\(tag.screen)")
            try tmux.send("F")
            let on = tmux.wait { $0.contains("✓ following (F unfollows)") && $0.contains("Following #linux.") }
            XCTAssertTrue(on.ok, on.screen)
            XCTAssertEqual(try followed(), ["linux"])
            // Back on the search's list, the picker lists what is followed (not the list shown).
            try tmux.send("Escape")
            XCTAssertTrue(tmux.wait { self.title($0).contains("Search: #linux") }.ok, tmux.screen())
            try tmux.send("t")
            let picker = tmux.wait { $0.contains("Timelines (Enter opens") && $0.contains("#linux") }
            XCTAssertTrue(picker.ok, "the picker does not list the followed hashtag:\n\(picker.screen)")
            try tmux.send("Escape")
            try tmux.send("Enter")
            XCTAssertTrue(tmux.wait { $0.contains("✓ following (F unfollows)") }.ok, tmux.screen())
            try tmux.send("F")
            XCTAssertTrue(tmux.wait { $0.contains("Unfollow #linux?") }.ok, tmux.screen())
            try tmux.send("y")
            let off = tmux.wait { $0.contains("not following (F follows)") && $0.contains("No longer following #linux.") }
            XCTAssertTrue(off.ok, off.screen)
            XCTAssertEqual(try followed(), [])
        }
    }
}
