import Foundation
import TernModel
import TernTerminal

extension RowLayout {
    /// The lines of a quoted post kept in a frame, at most this many of its text.
    static let quoteTextLines = 4

    /// A quoted post in a frame under the quoting one's text: its author and age, a few lines of its text,
    /// its warning (folded, as the quoting post can't reveal it), how many pictures it has; or, when it
    /// can't be shown, the state in words (pending, withdrawn, deleted…): never an empty frame.
    mutating func addQuote(_ quote: Quote, x0: Int, inner: Int, now: Date) {
        let width = max(8, inner - 2)
        func framed(_ segments: [Segment]) -> [Segment] {
            [Segment(text: SafeText("│"), role: .placeholder, column: x0)] + Self.shift(segments, x0 + 2)
        }
        lines.append([Segment(text: SafeText("┌ quoting"), role: .placeholder, column: x0)])
        guard let post = quote.post, quote.words == nil else {
            lines += TextWrap.wrap([("⊘ " + (quote.words ?? ""), .placeholder)], width: width).map(framed)
            lines.append([Segment(text: SafeText("└"), role: .placeholder, column: x0)])
            return
        }
        let age = RelativeTime.short(from: post.createdAt, now: now)
        let who = DisplayWidth.truncate(Sanitizer.clean(post.account.shownName) + " " + Sanitizer.clean("@" + post.account.acct),
                                        to: max(4, width - DisplayWidth.of(age) - 2))
        lines.append(framed([Segment(text: SafeText(who), role: .name, column: 0),
                             Segment(text: SafeText(age), role: .time, column: DisplayWidth.of(who) + 1)]))
        if !post.spoilerText.isEmpty {
            lines += TextWrap.wrap([("⚠ " + post.spoilerText, .warning)], width: width).map(framed)
        } else {
            var text: [[Segment]] = []
            for (p, paragraph) in post.content.paragraphs.enumerated() {
                if p > 0 { text.append([]) }
                for line in paragraph {
                    text += TextWrap.wrap(linked: line.map { ($0.text, Self.role(of: $0.style), Self.target(of: $0.style)) }, width: width)
                }
            }
            let cut = text.count > Self.quoteTextLines
            lines += text.prefix(Self.quoteTextLines).map(framed)
            if cut { lines.append(framed([Segment(text: SafeText("…"), role: .placeholder, column: 0)])) }
        }
        var notes: [String] = []
        if !post.media.isEmpty { notes.append("▣ \(post.media.count) picture\(post.media.count == 1 ? "" : "s")") }
        if post.poll != nil { notes.append("▤ poll") }
        if !notes.isEmpty { lines.append(framed([Segment(text: SafeText(notes.joined(separator: "  ")), role: .placeholder, column: 0)])) }
        lines.append([Segment(text: SafeText("└"), role: .placeholder, column: x0)])
    }
}
