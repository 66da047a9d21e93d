import Foundation
import TernFeed
import TernModel
import TernTerminal
@testable import TernUI
import XCTest

/// Completing the word typed in a post: asked once per word, answered candidates merged, Ctrl-N choosing,
/// Tab taking one (the rest of the text kept), and Tab moving on when there is nothing to take.
final class WordCompletionTests: XCTestCase {
    let e = LayerEnv(rows: 30, columns: 80, now: Date(), renderer: FrameRenderer(theme: .builtIn))

    func testWordsWorthCompleting() {
        XCTAssertTrue(WordSuggestions.completes("@a"))
        XCTAssertTrue(WordSuggestions.completes("@ada@ex.social"), "a remote handle")
        XCTAssertTrue(WordSuggestions.completes("#gar"))
        XCTAssertTrue(WordSuggestions.completes(":bl"))
        XCTAssertFalse(WordSuggestions.completes(":)"), "a smile")
        XCTAssertFalse(WordSuggestions.completes("@"))
        XCTAssertFalse(WordSuggestions.completes("word"))
        XCTAssertFalse(WordSuggestions.completes("#a#b"))
    }

    func testACandidateIsChosenAndTakenInPlace() {
        var layer = ComposeLayer(draft: Draft(id: "new", text: "hi "), context: nil)
        var asked: [Effect] = []
        for c in "@us" { asked += layer.update(.character(c), e) }
        XCTAssertEqual(asked.filter { if case .completeWord = $0 { true } else { false } }, [.completeWord("@u"), .completeWord("@us")],
                       "each new word asked once")
        XCTAssertNil(layer.suggestionKey(.tab), "nothing to take yet: Tab moves on")
        _ = layer.receive(.wordCompletions("@u", ["@ursula"]), e)
        XCTAssertEqual(layer.suggestions?.candidates, [], "an answer for a word no longer typed is left")
        _ = layer.receive(.wordCompletions("@us", ["@user1", "@user2"]), e)
        _ = layer.receive(.wordCompletions("@us", ["@user2", "@user3@far.example"]), e)
        XCTAssertEqual(layer.suggestions?.candidates, ["@user1", "@user2", "@user3@far.example"], "each once, in order")
        _ = layer.update(.character("\u{0E}"), e)
        _ = layer.update(.character("\u{0E}"), e)
        let taken = layer.update(.tab, e)
        XCTAssertEqual(layer.current.text, "hi @user3@far.example ")
        XCTAssertEqual(taken, [.keepDraft(layer.current)])
        XCTAssertNil(layer.suggestions)
        XCTAssertEqual(layer.focus, .text, "Tab took the word, it did not move on")
        _ = layer.update(.tab, e)
        XCTAssertEqual(layer.focus, .options, "with nothing to take, Tab moves on")
    }

    func testTheWordBeforeTheCursorIsReplacedNotTheRest() {
        var editor = LineEditor("say :blo to all", limit: 100, multiline: true)
        for _ in 0..<7 { _ = editor.handle(.left) }
        XCTAssertEqual(editor.wordBeforeCursor, ":blo")
        editor.replaceWordBeforeCursor(with: ":blobcat:")
        XCTAssertEqual(editor.text, "say :blobcat: to all")
    }
}
