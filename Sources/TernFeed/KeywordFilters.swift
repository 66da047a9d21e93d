import Foundation
import TernModel

/// The user's keyword filters as last listed by the server, applied by Tern itself to the posts every list
/// shows: the server says which filters a post matched only when it sends the post, so a filter made or
/// changed left the posts already shown as they were until each list was read again. Once the filters are
/// known, what they say of a post replaces what the server said when it sent it (a filter deleted or
/// narrowed lets its posts go at once too). A word matches inside words, in any case, as Tern makes them
/// (`whole_word` false), in the text, the warning and the poll's choices.
struct KeywordFilters: Sendable {
    var filters: [FilterInfo] {
        didSet { words = Self.lowercasedWords(filters) }
    }
    /// Each filter's words, lowercased once rather than once per post.
    private var words: [[String]]

    init(filters: [FilterInfo]) {
        self.filters = filters
        words = Self.lowercasedWords(filters)
    }

    /// The filters that catch `post` where `context` shows it, in the server's shape.
    func verdicts(for post: Post, in context: FilterInfo.Context, now: Date) -> [PostFilter] {
        var text: String?
        return zip(filters, words).compactMap { f, words in
            guard f.contexts.contains(context), f.expiresAt.map({ $0 > now }) ?? true, !words.isEmpty else { return nil }
            let haystack = text ?? Self.searchable(post)
            text = haystack
            guard words.contains(where: { !$0.isEmpty && Self.bytes(of: haystack, contain: $0) }) else { return nil }
            return PostFilter(title: f.title, action: f.action)
        }
    }

    private static func lowercasedWords(_ filters: [FilterInfo]) -> [[String]] {
        filters.map { $0.words.map { $0.word.lowercased() } }
    }

    private static func searchable(_ post: Post) -> String {
        var text = post.content.plainText
        text += "\n" + post.spoilerText
        for option in post.poll?.options ?? [] { text += "\n" + option.title }
        return text.lowercased()
    }

    /// A search of the UTF-8 bytes: the server matches characters of the text, not what a reader sees as one
    /// letter, so the generic `String.contains`, grapheme by grapheme, bought nothing and took about twice as
    /// long (profile of `tern-bench catchup`, which sifts 5,000 posts).
    private static func bytes(of haystack: String, contain needle: String) -> Bool {
        var haystack = haystack, needle = needle
        return haystack.withUTF8 { h in
            needle.withUTF8 { n in
                guard let first = n.first else { return true }
                guard h.count >= n.count else { return false }
                for start in 0...(h.count - n.count) where h[start] == first {
                    if UnsafeBufferPointer(rebasing: h[start..<(start + n.count)]).elementsEqual(n) { return true }
                }
                return false
            }
        }
    }
}

extension FilterInfo.Context {
    /// Where a timeline's posts are, for its filters; nil where the server applies none (saved, liked, web feeds).
    package init?(_ timeline: TimelineID) {
        switch timeline {
        case .home, .list: self = .home
        case .local, .federated, .hashtag, .trending: self = .public
        case .account, .accountOriginals, .accountMedia: self = .account
        case .conversations: self = .thread
        case .bookmarks, .favourites, .search, .webFeeds: return nil
        }
    }
}
