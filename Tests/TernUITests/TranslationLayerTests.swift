import Foundation
import TernModel
import TernMastodon
import TernTerminal
@testable import TernUI
import XCTest

/// The translation's box says from which language and by whom, wraps the text, and says why when there is
/// none; a translation for another post is not taken.
final class TranslationLayerTests: XCTestCase {
    private let post = Post(id: "9", statusID: "9", account: Account(id: "a", acct: "ann", displayName: "Ann"),
                            createdAt: Date(timeIntervalSince1970: 0), content: StyledText(plain: "猫が窓辺で寝ている。"))

    private func env() -> LayerEnv { LayerEnv(rows: 24, columns: 80, now: Date(), renderer: FrameRenderer(theme: .builtIn)) }

    func testTheBoxSaysFromWhichLanguageAndByWhom() {
        var layer = TranslationLayer(post)
        XCTAssertEqual(layer.load, .translate(post))
        XCTAssertEqual(layer.box(width: 40).title, "Translating… · Esc closes")
        let other = Translation(content: StyledText(plain: "not this one"), sourceLanguage: "ja")
        XCTAssertNil(layer.receive(.translated(statusID: "8", other, failure: nil), env()), "another post's translation")
        let t = Translation(content: StyledText(plain: "The cat is asleep by the window, and has been since the morning."),
                            spoilerText: "cats", sourceLanguage: "ja", provider: "DeepL.com")
        // The language's name comes with the translation, looked up off the loop.
        XCTAssertEqual(layer.receive(.translated(statusID: "9", t, from: TranslationLayer.languageName("ja"), failure: nil), env()), [])
        let box = layer.box(width: 30)
        XCTAssertEqual(box.title, "Translated from Japanese by DeepL.com · Esc closes")
        XCTAssertEqual(box.lines.first, "⚠ cats")
        XCTAssertTrue(box.lines.allSatisfy { DisplayWidth.of($0) <= 30 }, "\(box.lines)")
        XCTAssertEqual(box.lines.dropFirst(2).joined(separator: " "), "The cat is asleep by the window, and has been since the morning.")
        XCTAssertEqual(layer.update(.character("T"), env()), [.pop])
    }

    func testNoTranslationSaysWhy() {
        var layer = TranslationLayer(post)
        _ = layer.receive(.translated(statusID: "9", nil, failure: "This server can't translate posts: it has no translation service."), env())
        XCTAssertEqual(layer.box(width: 80).title, "Not translated · Esc closes")
        XCTAssertEqual(layer.box(width: 80).lines, ["This server can't translate posts: it has no translation service."])
        XCTAssertEqual(ServerAsks.whyNotTranslated(MastodonError.http(status: 404, message: nil)),
                       "This server can't translate posts: it has no translation service.")
        XCTAssertEqual(ServerAsks.whyNotTranslated(MastodonError.notConnected("connection refused")),
                       "The server can't be reached now: translating needs it.")
    }

    /// `T` on a post already in the user's language: the server gives back the same words, and the box says
    /// there is nothing to translate instead of calling them a translation from English.
    func testAPostAlreadyInTheLanguageSaysSo() {
        let english = Post(id: "7", statusID: "7", account: Account(id: "a", acct: "ann", displayName: "Ann"),
                           createdAt: Date(timeIntervalSince1970: 0), content: StyledText(plain: "Path corner keyboard paper lake."))
        var layer = TranslationLayer(english)
        let same = Translation(content: StyledText(plain: "Path corner keyboard paper lake."), sourceLanguage: "en", provider: "Demo Translate")
        _ = layer.receive(.translated(statusID: "7", same, from: "English", failure: nil), env())
        XCTAssertEqual(layer.box(width: 80).title, "Not translated · Esc closes")
        XCTAssertEqual(layer.box(width: 80).lines, ["Nothing to translate: this post is already in English."])
    }
}
