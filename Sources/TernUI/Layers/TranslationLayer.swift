import Foundation
import TernModel
import TernTerminal

/// `T` on a post: the post as the server's translation service puts it in the user's language, in a box
/// over the list that says from which language and by whom; `T` again (or Escape) shows the original.
/// Asked for off the loop (`Effect.translate`); a server without the service says so in the box. It is a
/// view over the list: any other key closes it and goes on to the list (`j` moves on, `?` shows the keys),
/// and its title says Esc closes it, while it waits too: it took `j`, `space`, `?`, `Enter` and `q`
/// silently, and nothing on screen said that Esc left it. `q` closes it, as every overlay: it quits only
/// from a list with nothing over it.
struct TranslationLayer: Layer {
    let post: Post
    private(set) var translation: Translation?
    private(set) var failure: String?
    /// The name of the language the post was in, as looked up off the loop.
    private(set) var from: String?

    init(_ post: Post) { self.post = post }

    /// Asks for the translation.
    var load: Effect { .translate(post) }

    mutating func receive(_ message: LayerMessage, _ env: LayerEnv) -> [Effect]? {
        guard case .translated(let statusID, let translation, let from, let failure) = message, statusID == post.statusID else { return nil }
        (self.translation, self.from, self.failure) = (translation, from, failure)
        // A post already in the language the server translates into comes back as it was: the box says so
        // rather than showing the same words as a translation.
        if let translation, translation.content.plainText == post.content.plainText, translation.spoilerText == post.spoilerText {
            self.translation = nil
            self.failure = "Nothing to translate: this post is already in \(from ?? "the language the server translates into")."
        }
        return []
    }

    /// Its own keys close it; the wheel, a paste and a key sequence no one knows are ignored; any other key
    /// closes it and goes to the list.
    func passesOn(_ key: Key) -> Bool {
        switch key {
        case .character("T"), .character("h"), .character("q"), .escape, .backspace: return false
        case .paste, .other, .focus, .resize: return false
        case .mouse(let e): return e.button != .wheelUp && e.button != .wheelDown
        default: return true
        }
    }

    mutating func update(_ key: Key, _ env: LayerEnv) -> [Effect] {
        switch key {
        case .mouse, .paste, .other, .focus, .resize: return []
        default: return [.pop]
        }
    }

    /// "Japanese" for "ja"; the code itself when the name is not known. Slow the first time (the locale's
    /// data is read): called off the loop, never in `render`.
    static func languageName(_ code: String) -> String {
        Locale(identifier: "en").localizedString(forLanguageCode: code) ?? code
    }

    /// The box's title and lines for a box `width` columns wide.
    func box(width: Int) -> (title: String, lines: [String]) {
        func wrapped(_ text: String) -> [String] {
            TextWrap.wrap([(Sanitizer.clean(text), .text)], width: max(10, width)).map { $0.map(\.text.string).joined() }
        }
        guard let translation else {
            if let failure { return ("Not translated · Esc closes", wrapped(failure)) }
            return ("Translating… · Esc closes", [])
        }
        let from = (self.from ?? translation.sourceLanguage).map { " from " + $0 } ?? ""
        let by = translation.provider.map { " by " + Sanitizer.clean($0) } ?? ""
        var lines: [String] = []
        if !translation.spoilerText.isEmpty { lines += wrapped("⚠ " + translation.spoilerText) + [""] }
        for (i, paragraph) in translation.content.paragraphs.enumerated() {
            if i > 0 { lines.append("") }
            for line in paragraph { lines += wrapped(line.map(\.text).joined()) }
        }
        return ("Translated" + from + by + " · Esc closes", lines)
    }

    func render(_ env: LayerEnv, into screen: Canvas) {
        let (title, lines) = box(width: min(72, max(20, env.columns - 8)))
        env.renderer.drawBox(title: title, lines: lines.map { ($0, false) }, on: screen)
    }
}
