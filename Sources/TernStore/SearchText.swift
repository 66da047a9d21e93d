import Foundation
import TernModel

/// What the full-text index holds for a post, and how a search line becomes an FTS5 query. SQLite's
/// unicode61 tokenizer keeps a run of CJK characters as one token, so CJK text is indexed (and
/// searched) one character per token, and a CJK word is matched as a phrase of adjacent characters.
enum SearchText {
    struct Words {
        var text: String
        var tags: String
    }

    static func words(of post: Post) -> Words {
        var tags: [String] = []
        for paragraph in post.content.paragraphs {
            for line in paragraph {
                for run in line {
                    if case .hashtag = run.style { tags.append(tag(run.text)) }
                }
            }
        }
        let text = [post.spoilerText, post.content.plainText, post.account.displayName, post.account.acct,
                    post.media.compactMap(\.description).joined(separator: " "), post.searchableText ?? ""].joined(separator: " ")
        return Words(text: splitCJK(text), tags: tags.joined(separator: " "))
    }

    /// An FTS5 query matching every term: `#tag` in the hashtags, other words as prefixes, CJK as phrases.
    /// Terms are quoted, so FTS5 syntax typed by the user is just text. Nil when nothing is searchable.
    static func query(_ line: String) -> String? {
        let terms = line.split(whereSeparator: \.isWhitespace).compactMap { raw -> String? in
            let word = String(raw)
            if word.hasPrefix("#") {
                let t = tag(word)
                return t.isEmpty ? nil : "tags : \(quoted(t))"
            }
            let spaced = splitCJK(word).trimmingCharacters(in: .whitespaces)
            guard spaced.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
            return spaced.unicodeScalars.contains(where: isCJK) ? quoted(spaced) : quoted(spaced) + "*"
        }
        return terms.isEmpty ? nil : terms.joined(separator: " AND ")
    }

    private static func tag(_ text: String) -> String {
        String(text.drop(while: { $0 == "#" })).lowercased()
    }

    private static func quoted(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func splitCJK(_ text: String) -> String {
        // Most text has no CJK at all: it is kept as it is, not rebuilt scalar by scalar.
        guard text.unicodeScalars.contains(where: isCJK) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isCJK(scalar) {
                out.append(" ")
                out.append(scalar)
                out.append(" ")
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func isCJK(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x2FA1F:
            return true
        default:
            return false
        }
    }
}
