import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// `T` in the real binary in tmux against a demo server in its own process: a post in Japanese (or
/// Chinese, or Korean) comes back in English with where from and by whom, `T` again shows the original;
/// a server imitating GoToSocial, which has no translation service, says so.
final class TranslateEndToEndTests: XCTestCase {
    private func browse(_ flags: String, columns: Int = 120, rows: Int = 40, _ body: (TmuxSession, String) throws -> Void) throws {
        try browseDemo(flags: flags, ternFlags: "--no-stream", columns: columns, rows: rows, body)
    }

    /// The demo's sentences in other languages.
    private let sentences = ["今日はいい天気ですね。", "写真を撮りました", "周末去了山里", "오늘은 커피를", "猫が窓辺で寝ている。", "新しいターミナルアプリ"]

    private func selected(_ screen: String) -> String {
        screen.split(separator: "\n").filter { $0.hasPrefix("▌") }.joined(separator: "\n")
    }

    /// Down, post by post, to the first whose text holds one of `words`; which one it holds.
    private func down(_ tmux: TmuxSession, toOneOf words: [String]) throws -> String? {
        for _ in 0..<80 {
            let shown = selected(tmux.screen())
            if let found = words.first(where: { shown.contains($0) }) { return found }
            try tmux.send("j")
            _ = tmux.wait(timeout: 2) { self.selected($0) != shown }
        }
        return nil
    }

    func testAPostInJapaneseComesBackInEnglishAndTAgainShowsTheOriginal() throws {
        // What the demo's translation service makes of its sentences in other languages.
        let english = ["Nice weather today", "I took some photos", "Went to the mountains", "Today I read a book", "The cat is asleep",
                       "I'm trying out a new terminal app"]
        let languages = ["Japanese", "Japanese", "Chinese", "Korean", "Japanese", "Japanese"]
        try browse("") { tmux, _ in
            let found = try XCTUnwrap(try down(tmux, toOneOf: sentences), "no post in another language:\n\(tmux.screen())")
            let i = try XCTUnwrap(sentences.firstIndex(of: found))
            try tmux.send("T")
            let box = tmux.wait { $0.contains("Translated from \(languages[i]) by Demo Translate") && $0.contains(english[i]) }
            XCTAssertTrue(box.ok, "no translation shown:\n\(box.screen)")
            try tmux.send("T")
            let back = tmux.wait { !$0.contains("Translated from") && self.selected($0).contains(found) }
            XCTAssertTrue(back.ok, "T did not show the original again:\n\(back.screen)")
        }
    }

    /// A fresh user's report: `T` on Home's first post (in English) and in search results seemed to do nothing.
    /// On the English post the box says there is nothing to translate (it showed the same words as "Translated
    /// from English"); in search results a Chinese post is translated.
    func testTAnswersOnAnEnglishPostAndInSearchResults() throws {
        try browse("--new-post-every 0") { tmux, _ in
            try tmux.send("T")
            let said = tmux.wait { $0.contains("Not translated") && $0.contains("Nothing to translate: this post is already in English.") }
            XCTAssertTrue(said.ok, "T on an English post:\n\(said.screen)")
            try tmux.send("Escape")
            XCTAssertTrue(tmux.wait { !$0.contains("Not translated") }.ok, tmux.screen())
            try tmux.send("/")
            XCTAssertTrue(tmux.wait { $0.contains("Search (") }.ok, tmux.screen())
            try tmux.send("-l", "。")
            try tmux.send("Enter")
            XCTAssertTrue(tmux.wait { self.selected($0).contains("周末去了山里") }.ok, tmux.screen())
            try tmux.send("T")
            let box = tmux.wait { $0.contains("Translated from Chinese by Demo Translate") && $0.contains("Went to the mountains") }
            XCTAssertTrue(box.ok, "T in search results:\n\(box.screen)")
        }
    }

    func testAServerWithoutATranslationServiceSaysSo() throws {
        try browse("--imitate gotosocial") { tmux, _ in
            try tmux.send("T")
            let said = tmux.wait { $0.contains("Not translated") && $0.contains("This server can't translate posts") }
            XCTAssertTrue(said.ok, "no word of the missing service:\n\(said.screen)")
            try tmux.send("Escape")
            XCTAssertTrue(tmux.wait { !$0.contains("Not translated") }.ok, tmux.screen())
        }
    }

    /// Issue 45: at 150×40, `T` on the first post in another language left a box (or nothing at all) that took
    /// `j`, `space`, `?`, `Enter` and `q` silently until `Esc`, which nothing on screen mentioned. The box says
    /// Esc closes it, and the list's keys do what they do after it closes: `j` moves on, `?` shows the keys;
    /// `q` closes it, as it closes every overlay, and quits from the list.
    func testAfterTTheScreenSaysHowToLeaveAndTheKeysStillWork() throws {
        try browse("", columns: 150, rows: 40) { tmux, _ in
            let found = try XCTUnwrap(try down(tmux, toOneOf: sentences), "no post in another language:\n\(tmux.screen())")
            try tmux.send("T")
            let box = tmux.wait { $0.contains("Esc closes") }
            XCTAssertTrue(box.ok, "nothing on screen says how to leave after T:\n\(box.screen)")
            try tmux.send("j")
            let moved = tmux.wait { !$0.contains("Esc closes") && !self.selected($0).contains(found) && !self.selected($0).isEmpty }
            XCTAssertTrue(moved.ok, "j after T did not close the box and move on:\n\(moved.screen)")
            try tmux.send("k")
            XCTAssertTrue(tmux.wait { self.selected($0).contains(found) }.ok, tmux.screen())
            try tmux.send("T")
            XCTAssertTrue(tmux.wait { $0.contains("Esc closes") }.ok, tmux.screen())
            try tmux.send("?")
            let help = tmux.wait { $0.contains("Keys (") && !$0.contains("Translat") }
            XCTAssertTrue(help.ok, "? after T did not close the box (the help may open on the next ?):\n\(help.screen)")
            try tmux.send("Escape")
            XCTAssertTrue(tmux.wait { !$0.contains("Keys (") }.ok, tmux.screen())
            try tmux.send("T")
            XCTAssertTrue(tmux.wait { $0.contains("Esc closes") }.ok, tmux.screen())
            // `q` closes the box, as every overlay; on the list with nothing over it, it quits.
            try tmux.send("q")
            let closed = tmux.wait { !$0.contains("Esc closes") && self.selected($0).contains(found) }
            XCTAssertTrue(closed.ok, "q after T did not close the box:\n\(closed.screen)")
            try tmux.send("q")
            let quit = tmux.wait { _ in (try? tmux.run(["has-session"], capture: false)) == nil }
            XCTAssertTrue(quit.ok, "q on the list did not quit:\n\(quit.screen)")
        }
    }
}
