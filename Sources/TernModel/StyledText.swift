/// Post text after HTML conversion: paragraphs of styled runs. Paragraph breaks and line breaks are explicit,
/// so layout never has to guess from whitespace.
package struct StyledText: Sendable, Hashable, Codable {
    package enum Style: Sendable, Hashable, Codable {
        case plain
        case emphasis
        case strong
        case code
        /// A link to the given URL.
        case link(String)
        case mention(String)
        case hashtag(String)
    }

    package struct Run: Sendable, Hashable, Codable {
        package var text: String
        package var style: Style
        package init(_ text: String, style: Style = .plain) {
            self.text = text
            self.style = style
        }
    }

    /// Each paragraph is a list of lines; each line a list of runs.
    package var paragraphs: [[[Run]]]

    package init(paragraphs: [[[Run]]]) {
        self.paragraphs = paragraphs
    }

    package init(plain text: String) {
        self.paragraphs = text.isEmpty ? [] : [text.split(separator: "\n", omittingEmptySubsequences: false).map { [Run(String($0))] }]
    }

    package static let empty = StyledText(paragraphs: [])

    /// The text without styles: lines joined by newlines, paragraphs by blank lines.
    /// Built in one string rather than by joining joined arrays: every keyword filter reads it of every post
    /// it judges, and the joins were most of a catch-up's sifting.
    package var plainText: String {
        var text = ""
        for (p, lines) in paragraphs.enumerated() {
            if p > 0 { text += "\n\n" }
            for (l, line) in lines.enumerated() {
                if l > 0 { text += "\n" }
                for run in line { text += run.text }
            }
        }
        return text
    }

    /// Every link target in reading order (links, mentions, hashtags).
    package var links: [String] {
        paragraphs.flatMap { $0.flatMap { $0 } }.compactMap { run in
            switch run.style {
            case .link(let url), .mention(let url), .hashtag(let url): return url
            default: return nil
            }
        }
    }
}
