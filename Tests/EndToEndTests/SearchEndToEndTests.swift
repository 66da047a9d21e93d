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
            // The list opens on its first result, the hashtag: Enter opens it.
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
            XCTAssertEqual(try followed(), ["birds", "linux"], "the demo follows #birds from the start")
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
            XCTAssertEqual(try followed(), ["birds"])
        }
    }

    /// The selected row's lines, without the spaces at their ends (which the terminal may or may not fill).
    private func selected(_ screen: String) -> String {
        screen.split(separator: "\n").filter { $0.hasPrefix("▌") }
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    /// Issue 45: `n`, `/tea`, Enter, Esc went to Home, not to the notifications (from a thread, the same);
    /// searched here for a word of the demo's first post, so there are results:
    /// the results opened with the selection on the "── Cached posts" heading, where `p` did nothing. Esc
    /// goes back to exactly where the search was opened, and the results open on their first result.
    func testEscOnTheResultsGoesBackToTheNotificationsOrTheThreadItWasOpenedFrom() throws {
        try browse { tmux, _ in
            try tmux.send("n")
            XCTAssertTrue(tmux.wait { self.title($0).contains("Notifications") && !self.selected($0).isEmpty }.ok, tmux.screen())
            try tmux.send("j")
            try tmux.send("j")
            let before = tmux.waitSettled { self.title($0).contains("Notifications") }.screen
            try search(tmux, "keyboard")
            let results = tmux.wait { self.title($0).contains("Search: keyboard") && $0.contains("── ") && !$0.contains("Searching") }
            XCTAssertTrue(results.ok, "no results:\n\(results.screen)")
            let chosen = selected(results.screen)
            XCTAssertFalse(chosen.isEmpty || chosen.contains("──"), "the results open on a heading, not a result:\n\(results.screen)")
            try tmux.send("Escape")
            let back = tmux.wait { self.title($0).contains("Notifications") }
            XCTAssertTrue(back.ok, "Esc on the results did not go back to the notifications:\n\(back.screen)")
            XCTAssertEqual(selected(back.screen), selected(before), "not at the same notification:\n\(back.screen)")

            // From a thread: back on the thread, at the same post.
            try tmux.send("Escape")
            XCTAssertTrue(tmux.wait { self.title($0).contains("Home") }.ok, tmux.screen())
            try tmux.send("Enter")
            XCTAssertTrue(tmux.wait { self.title($0).contains("Thread") && !self.selected($0).isEmpty }.ok, tmux.screen())
            let thread = tmux.waitSettled { self.title($0).contains("Thread") }.screen
            try search(tmux, "keyboard")
            XCTAssertTrue(tmux.wait { self.title($0).contains("Search: keyboard") }.ok, tmux.screen())
            try tmux.send("Escape")
            let again = tmux.wait { self.title($0).contains("Thread") }
            XCTAssertTrue(again.ok, "Esc on the results did not go back to the thread:\n\(again.screen)")
            XCTAssertEqual(selected(again.screen), selected(thread), again.screen)
        }
    }
}
