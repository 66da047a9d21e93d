import Foundation
import TernModel
import TernTerminal

/// A post as plain wrapped text (`--plain`, and when the output is no terminal): words only, no drawing
/// characters or escapes, so a screen reader, `less` or a pipe reads it. Pictures are their alt text,
/// links are written out, counts are words. Every string from the server passes the sanitizer.
package enum PlainPost {
    package static func lines(_ post: Post, width: Int, now: Date) -> [String] {
        let width = max(20, width)
        var out: [String] = []
        func say(_ text: String, wrapped: Bool = true) {
            // Split before cleaning: the sanitizer makes a line break a space, which ran a feed item's title
            // and text (and a post's paragraphs) into one line.
            for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false).map({ Sanitizer.clean(String($0)) }) {
                out += wrapped ? wrap(paragraph, width: width) : [paragraph]
            }
        }
        func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
        if let booster = post.boostedBy { say("\(booster.shownName) (@\(booster.acct)) boosted:") }
        // "2m ago", but "just now" and "on 2026-11-01" (the short form names a day once a week has passed).
        let age = now.timeIntervalSince(post.createdAt), when = RelativeTime.short(from: post.createdAt, now: now)
        let said = age < 5 ? "just now" : age < 7 * 86_400 ? when + " ago" : "on " + when
        var header = "\(post.account.shownName) (@\(post.account.acct)), \(said)"
        if post.inReplyToID != nil { header += ", a reply" }
        if post.editedAt != nil { header += ", edited" }
        say(header)
        if !post.spoilerText.isEmpty { say("Content warning: " + post.spoilerText) }
        say(post.content.plainText)
        for media in post.media {
            let kind = media.plays ? "Video or sound" : "Picture"
            let alt = media.description.map { $0.isEmpty ? "no description" : $0 } ?? "no description"
            say("[\(kind): \(alt)]")
        }
        if let quote = post.quote {
            if let quoted = quote.post, quote.words == nil {
                say("Quoting \(quoted.account.shownName) (@\(quoted.account.acct)): " + quoted.content.plainText)
            } else {
                say("Quoting: " + (quote.words ?? ""))
            }
        }
        if let poll = post.poll {
            for option in poll.options { say("Poll option: \(option.title) (\(option.votes.map { Counted.words($0, "vote") } ?? "? votes"))") }
        }
        // An address is never broken across lines: a reader or a terminal can still open it whole.
        if let card = post.card { say("Link: \(card.title)"); say("  \(card.url)", wrapped: false) }
        for link in post.content.links where !(post.card?.url == link) { say("Link: \(link)", wrapped: false) }
        if let url = post.url { say("Post: \(url)", wrapped: false) }
        if let reactions = post.reactions, !reactions.isEmpty {
            say("Reactions: " + reactions.map { r in
                "\(r.label) \(r.count)" + (r.pending ? (r.me ? " (yours, on its way)" : " (taking yours back)") : r.me ? " (yours)" : "")
            }.joined(separator: ", "))
        }
        say(count(post.repliesCount, "reply", "replies") + ", " + count(post.boostsCount, "boost", "boosts") + ", "
            + count(post.favouritesCount, "like", "likes")
            + (post.favourited ? ", liked by you" : "") + (post.bookmarked ? ", saved" : ""))
        return out
    }

    /// Lines of at most `width` cells, wrapped as the screen wraps (`TextWrap`: CJK between characters, a
    /// word longer than a line cut), with the gaps between words kept.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard !text.isEmpty else { return [""] }
        return TextWrap.wrap([(text, .text)], width: width).map { segments in
            var line = ""
            for segment in segments {
                line += String(repeating: " ", count: max(0, segment.column - DisplayWidth.of(line))) + segment.text.string
            }
            return line
        }
    }
}
