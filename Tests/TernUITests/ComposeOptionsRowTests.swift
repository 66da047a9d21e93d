import Foundation
import TernModel
@testable import TernTerminal
@testable import TernUI
import XCTest

/// The compose screen's options row on an 80-column terminal: with a poll it holds more than one row's
/// width. It ran off the screen (`… − poll  + picture` and nothing after) while `→` moved the highlight onto
/// options nobody could see.
final class ComposeOptionsRowTests: XCTestCase {
    private func frame(_ layer: ComposeLayer, _ e: LayerEnv) throws -> ScreenBuffer {
        let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (e.rows, e.columns))
        defer { screen.close() }
        screen.erase()
        layer.render(e, on: screen)
        return screen.frame
    }

    func testEveryOptionIsOnScreenAt80ColumnsAndTheHighlightWithIt() throws {
        let e = LayerEnv(rows: 24, columns: 80, now: Date(), renderer: FrameRenderer(theme: .builtIn))
        var layer = ComposeLayer(draft: Draft(id: "new", text: "which?", poll: DraftPoll(options: ["tea", "coffee"])), context: nil)
        while layer.focus != .options { _ = layer.update(.tab, e) }
        let words = ["◉ public", "CW off", "not sensitive", "lang auto", "− poll", "+ picture", "lasts 1 d", "one choice", "quotes: default"]
        XCTAssertEqual(layer.options(e.limits).count, words.count)
        for i in 0..<layer.options(e.limits).count {
            if i > 0 { _ = layer.update(.right, e) }
            let f = try frame(layer, e)
            let rows = (0..<f.rows).map { f.text(row: $0) }
            for word in words {
                XCTAssertEqual(rows.filter { $0.contains(" \(word) ") }.count, 1, "\(word) once on screen:\n" + rows.joined(separator: "\n"))
            }
            // The highlighted option is the one chosen, where it can be seen.
            let highlighted = (0..<f.rows).compactMap { r -> String? in
                let cells = (0..<f.columns).filter { f[r, $0].look.attributes & CellLook.reverse != 0 }
                guard let first = cells.first, let last = cells.last else { return nil }
                return String(String(f.text(row: r).unicodeScalars.dropFirst(first).prefix(last - first + 1)))
            }
            XCTAssertEqual(highlighted.filter { words.contains($0.trimmingCharacters(in: .whitespaces)) }, [" \(words[i]) "],
                           "after \(i) × →:\n" + rows.joined(separator: "\n"))
        }
        // The poll's choices stay below the options, all of them on screen.
        let rows = try frame(layer, e)
        let text = (0..<rows.rows).map { rows.text(row: $0) }
        let options = try XCTUnwrap(text.lastIndex { $0.contains(" one choice ") })
        XCTAssertEqual(text.firstIndex { $0.contains("Choice 1: tea") }.map { $0 > options }, true, text.joined(separator: "\n"))
        XCTAssertNotNil(text.firstIndex { $0.contains("Choice 2: coffee") }, text.joined(separator: "\n"))
    }

    /// A server without quote policies (Akkoma, GoToSocial) is offered none, and a draft kept with one (from
    /// before the server said) is sent without it.
    func testQuotePoliciesAreOfferedOnlyWhereTheServerHasThem() {
        var e = LayerEnv(rows: 24, columns: 80, now: Date(), renderer: FrameRenderer(theme: .builtIn))
        e.limits.quotePolicies = false
        var kept = Draft(id: "new", text: "hi")
        kept.quotePolicy = .followers
        var layer = ComposeLayer(draft: kept, context: nil)
        XCTAssertFalse(layer.options(e.limits).contains(.quotePolicy))
        XCTAssertFalse(layer.optionPlaces(columns: 80, limits: e.limits).contains { $0.text.string.contains("quotes") })
        XCTAssertTrue(layer.options(PostingLimits()).contains(.quotePolicy), "Mastodon's defaults until the server says")
        XCTAssertEqual(layer.update(.character("\u{13}"), e), [.pop, .sendPost(Draft(id: "new", text: "hi"))])
    }

    /// A direct message is offered no quote policy (nobody can quote one: "quotes: default" there meant nothing,
    /// a new user's find), and one kept from before it was made direct is not sent.
    func testADirectMessageIsOfferedNoQuotePolicy() {
        let e = LayerEnv(rows: 24, columns: 80, now: Date(), renderer: FrameRenderer(theme: .builtIn))
        var dm = Draft(id: "new", text: "hi", visibility: .direct)
        XCTAssertFalse(ComposeLayer(draft: dm, context: nil).options(e.limits).contains(.quotePolicy))
        dm.quotePolicy = .followers
        var layer = ComposeLayer(draft: dm, context: nil)
        XCTAssertEqual(layer.update(.character("\u{13}"), e), [.pop, .sendPost(Draft(id: "new", text: "hi", visibility: .direct))])
        XCTAssertTrue(ComposeLayer(draft: Draft(id: "new", text: "hi"), context: nil).options(e.limits).contains(.quotePolicy), "a public post has it")
    }

    /// Answering or quoting a post behind a content warning keeps its words behind it: the line naming what
    /// is answered gave them away ("↩ @user31: Morning fern…" under "spoilers for the film"; a new user's find).
    func testAnAnsweredPostBehindAWarningShowsTheWarningNotItsWords() throws {
        let e = LayerEnv(rows: 24, columns: 80, now: Date(), renderer: FrameRenderer(theme: .builtIn))
        let author = Account(id: "1", acct: "user31", displayName: "Data nerd")
        let post = Post(id: "b1", statusID: "s1", account: author, createdAt: Date(), content: StyledText(plain: "the ending twist"),
                        spoilerText: "spoilers for the film")
        for draft in [Draft.reply(to: post, me: "me"), Draft.quote(of: post)] {
            let f = try frame(ComposeLayer(draft: draft, context: post), e)
            let rows = (0..<f.rows).map { f.text(row: $0) }.joined(separator: "\n")
            XCTAssertTrue(rows.contains("@user31: ⚠ spoilers for the film"), rows)
            XCTAssertFalse(rows.contains("ending twist"), rows)
        }
        let open = Post(id: "b2", statusID: "s2", account: author, createdAt: Date(), content: StyledText(plain: "plain words"))
        let f = try frame(ComposeLayer(draft: Draft.reply(to: open, me: "me"), context: open), e)
        XCTAssertTrue((0..<f.rows).map { f.text(row: $0) }.contains { $0.contains("↩ @user31: plain words") })
    }
}
