import Foundation
import TernTerminal

/// Completion of the word being typed in a post: `@` an account, `#` a hashtag, `:` one of the server's
/// custom emoji. The screen's own posts answer at once, the server after; Tab takes the one chosen,
/// Ctrl-N and Ctrl-P choose.
struct WordSuggestions: Equatable {
    /// The word they complete, sigil included.
    var word: String
    var candidates: [String] = []
    var selected = 0

    /// A word worth completing: a sigil and at least one character (two for emoji, as `:)` is a smile).
    static func completes(_ word: String) -> Bool {
        guard let sigil = word.first, "@#:".contains(sigil) else { return false }
        let rest = word.dropFirst()
        guard !rest.isEmpty, !rest.contains(where: { "@#:".contains($0) && sigil != "@" }) else { return false }
        return sigil != ":" || rest.count >= 2
    }

    /// Takes in more candidates (the server's after the screen's), each once, in order.
    mutating func add(_ more: [String]) {
        for c in more where !candidates.contains(c) && c != word { candidates.append(c) }
        candidates = Array(candidates.prefix(8))
    }
}

extension ComposeLayer {
    /// After an edit of the text: the word before the cursor, asked to be completed when it is one to
    /// complete and was not asked already.
    mutating func suggest() -> [Effect] {
        let word = body.wordBeforeCursor
        guard focus == .text, WordSuggestions.completes(word) else { suggestions = nil; return [] }
        guard suggestions?.word != word else { return [] }
        suggestions = WordSuggestions(word: word)
        return [.completeWord(word)]
    }

    /// Tab, Ctrl-N, Ctrl-P while candidates are shown; nil for any other key.
    mutating func suggestionKey(_ key: Key) -> [Effect]? {
        guard focus == .text, var s = suggestions, !s.candidates.isEmpty else { return nil }
        switch key {
        case .tab:
            let taken = s.candidates[s.selected]
            // An emoji is written whole, `:name:`; a handle or hashtag is followed by a space.
            body.replaceWordBeforeCursor(with: taken + " ")
            suggestions = nil
            return [.keepDraft(current)]
        case .character("\u{0E}"): s.selected = (s.selected + 1) % s.candidates.count       // Ctrl-N
        case .character("\u{10}"): s.selected = (s.selected + s.candidates.count - 1) % s.candidates.count   // Ctrl-P
        default: return nil
        }
        suggestions = s
        return []
    }

    /// Candidates for a word, if it is still the one being completed.
    mutating func receiveSuggestions(for word: String, _ candidates: [String]) {
        guard suggestions?.word == word else { return }
        suggestions?.add(candidates)
    }
}
