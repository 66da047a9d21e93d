import Foundation
import TernFeed
import TernModel
import TernTerminal

/// A Catch-up row on one line: the author, a few words of the post (its warning instead, where it has
/// one, as a list shows it folded), who boosted it, and its likes, boosts and replies at the right; or an
/// author's row ("▸ Ann Lee · 7 posts · ☆ 52"). Every server string passes the sanitizer (`SafeText`).
struct CatchUpRowLine {
    private(set) var segments: [Segment] = []

    /// `indent`: an unfolded author's posts sit under their row.
    init(row: CatchUpLayer.Row, width: Int, indent: Int = 0) {
        switch row {
        case .group(let group, let unfolded):
            segments = [Segment(text: SafeText((unfolded ? "▾ " : "▸ ") + group.words), role: .name, column: 1)]
        case .post(let item):
            let post = item.post
            let counts = SafeText("☆ \(post.favouritesCount) ⇄ \(post.boostsCount) ↩ \(post.repliesCount)")
            let countsAt = max(0, width - counts.width - 1)
            let nameAt = 1 + indent
            let name = SafeText(DisplayWidth.truncate(Sanitizer.clean(item.author.shownName), to: max(1, min(22, countsAt - nameAt - 2))))
            let textAt = nameAt + name.width + 2
            var words = Self.excerpt(post)
            if let boosted = item.boostedByWords { words = "(\(boosted)) " + words }
            segments = [Segment(text: name, role: .name, column: nameAt)]
            if countsAt - 1 > textAt {
                let text = SafeText(DisplayWidth.truncate(Sanitizer.clean(words), to: countsAt - 1 - textAt))
                segments.append(Segment(text: text, role: item.boosters.isEmpty ? .text : .boost, column: textAt))
            }
            if countsAt > nameAt + name.width { segments.append(Segment(text: counts, role: .counts, column: countsAt)) }
        }
    }

    /// What a post says in a few words: its content warning or filter's title rather than what they cover,
    /// else its text on one line, else its pictures.
    static func excerpt(_ post: Post) -> String {
        if !post.filterWarnings.isEmpty { return "⚠ filtered: " + post.filterWarnings.joined(separator: ", ") }
        if !post.spoilerText.isEmpty { return "⚠ " + post.spoilerText }
        let text = post.content.plainText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if !text.isEmpty { return text }
        return post.media.isEmpty ? "(no text)" : "▣ \(Counted.words(post.media.count, "picture"))"
    }
}
