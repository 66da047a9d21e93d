import Foundation
import TernFeed
import TernModel
import TernTerminal

/// A Catch-up row on one line: the author, a few words of the post (its warning instead, where it has
/// one, as a list shows it folded, unless `c` opened it), who boosted it, and its likes, boosts, replies and
/// age at the right ("☆ 12 ⇄ 3 ↩ 1 · 2h": the post's, or where only boosts of it came, the newest boost's), across accounts whose
/// window it is first; or an author's row ("▸ Ann Lee · 7 posts · ☆ 52"); or a link several shared ("Title ·
/// site · shared by Ann, Bo"). Every server string passes the sanitizer (`SafeText`).
struct CatchUpRowLine {
    private(set) var segments: [Segment] = []

    /// `indent`: an unfolded author's posts sit under their row.
    /// `namingAccounts`: across several accounts, each post row says whose window it is.
    init(row: CatchUpRow, width: Int, now: Date, indent: Int = 0, revealed: Bool = false, namingAccounts: Bool = false) {
        switch row {
        case .group(let group, let unfolded):
            segments = Self.author(group, (unfolded ? "▾ " : "▸ "), width: width)
        case .author(let group):
            segments = Self.author(group, "", width: width)
        case .link(let link):
            let what = SafeText(DisplayWidth.truncate(Sanitizer.clean(Self.linkWords(link)), to: max(1, width - 2)))
            let who = "  shared by " + Sanitizer.clean(Self.names(link.sharers.map(\.shownName)))
            segments = [Segment(text: what, role: .link, column: 1)]
            if width - 2 - what.width > 12 {
                segments.append(Segment(text: SafeText(DisplayWidth.truncate(who, to: width - 2 - what.width)), role: .acct, column: 1 + what.width))
            }
        case .post(let item):
            let post = item.post
            // A boost's age is the boost's (a boost of an old post came in this hour: "· 2d" said otherwise).
            let counts = SafeText(Self.counts(post) + " · " + RelativeTime.short(from: item.shownAt, now: now))
            let countsAt = max(0, width - counts.width - 1)
            var nameAt = 1 + indent
            // Across accounts, whose window it is comes first (the account's stored name, shortened).
            if namingAccounts, let account = item.account, countsAt - nameAt > 40 {
                let label = SafeText(DisplayWidth.truncate(Sanitizer.clean(account), to: 16))
                segments.append(Segment(text: label, role: .acct, column: nameAt))
                nameAt += label.width + 1
            }
            let name = SafeText(DisplayWidth.truncate(Sanitizer.clean(item.author.shownName), to: max(1, min(22, countsAt - nameAt - 2))))
            let textAt = nameAt + name.width + 2
            var words = Self.excerpt(post, revealed: revealed)
            if let boosted = item.boostedByWords { words = "(\(boosted)) " + words }
            segments.append(Segment(text: name, role: .name, column: nameAt))
            if countsAt - 1 > textAt {
                let text = SafeText(DisplayWidth.truncate(Sanitizer.clean(words), to: countsAt - 1 - textAt))
                segments.append(Segment(text: text, role: item.boosters.isEmpty ? .text : .boost, column: textAt))
            }
            if countsAt > nameAt + name.width { segments.append(Segment(text: counts, role: .counts, column: countsAt)) }
        }
    }

    /// Its likes, boosts and replies, with the user's marks as a list shows them: ★ liked, ⇄✓ boosted, ⚑
    /// saved, each with "…" while the server has not said so yet.
    static func counts(_ post: Post) -> String {
        let star = (post.favourited ? "★" : "☆") + (post.pending.contains(.favourite) ? "…" : "")
        let boost = "⇄" + (post.boosted ? "✓" : "") + (post.pending.contains(.boost) ? "…" : "")
        let saved = post.bookmarked ? " ⚑" + (post.pending.contains(.bookmark) ? "…" : "") : ""
        return "\(star) \(post.favouritesCount) \(boost) \(post.boostsCount) ↩ \(post.repliesCount)" + saved
    }

    /// What a post says in a few words: its content warning or filter's title rather than what they cover,
    /// else its text on one line, else its pictures.
    static func excerpt(_ post: Post, revealed: Bool = false) -> String {
        let text = post.content.plainText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if !post.filterWarnings.isEmpty { return "⚠ filtered: " + post.filterWarnings.joined(separator: ", ") + (revealed ? ": " + text : "") }
        if !post.spoilerText.isEmpty { return "⚠ " + post.spoilerText + (revealed ? ": " + text : "") }
        if !text.isEmpty { return text }
        return post.media.isEmpty ? "(no text)" : "▣ \(Counted.words(post.media.count, "picture"))"
    }
}

extension CatchUpRowLine {
    /// An author's row, their handle after it: two people of one name (two "Bo Lindqvist") were two rows alike.
    static func author(_ group: AuthorGroup, _ mark: String, width: Int) -> [Segment] {
        let words = SafeText(DisplayWidth.truncate(Sanitizer.clean(mark + group.words), to: max(1, width - 2)))
        var segments = [Segment(text: words, role: .name, column: 1)]
        let handle = "  @" + Sanitizer.clean(group.author.acct)
        if width - 2 - words.width > 8 {
            segments.append(Segment(text: SafeText(DisplayWidth.truncate(handle, to: width - 2 - words.width)), role: .acct, column: 1 + words.width))
        }
        return segments
    }

    /// A shared link as the screen names it: its card's title and site where the server made a card, else
    /// its host and the start of its path ("example.org/2026/03/a-long-…").
    static func linkWords(_ link: SharedLink) -> String {
        let parts = URLComponents(string: link.url)
        let host = parts?.host.map { $0.hasPrefix("www.") ? String($0.dropFirst(4)) : $0 } ?? link.url
        if let card = link.card, !card.title.isEmpty {
            let site = card.provider.isEmpty ? host : card.provider
            return card.title + " · " + site
        }
        let path = parts?.path ?? ""
        let shown = path.count > 40 ? String(path.prefix(39)) + "…" : (path == "/" ? "" : path)
        return host + shown
    }

    /// "Ann, Bo and 3 others": the first two names, then how many more.
    static func names(_ names: [String]) -> String {
        switch names.count {
        case 0: return ""
        case 1: return names[0]
        case 2: return names[0] + " and " + names[1]
        default: return names[0] + ", " + names[1] + " and " + Counted.words(names.count - 2, "other")
        }
    }
}
