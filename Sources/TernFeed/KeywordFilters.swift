import Foundation
import TernModel

/// The user's keyword filters as last listed by the server, applied by Tern itself to the posts every list
/// shows: the server says which filters a post matched only when it sends the post, so a filter made or
/// changed left the posts already shown as they were until each list was read again. Once the filters are
/// known, what they say of a post replaces what the server said when it sent it (a filter deleted or
/// narrowed lets its posts go at once too). A word matches inside words, in any case, as Tern makes them
/// (`whole_word` false), in the text, the warning and the poll's choices.
struct KeywordFilters: Sendable {
    var filters: [FilterInfo]

    /// The filters that catch `post` where `context` shows it, in the server's shape.
    func verdicts(for post: Post, in context: FilterInfo.Context, now: Date) -> [PostFilter] {
        var text: String?
        return filters.compactMap { f in
            guard f.contexts.contains(context), f.expiresAt.map({ $0 > now }) ?? true, !f.words.isEmpty else { return nil }
            let haystack = text ?? Self.searchable(post)
            text = haystack
            guard f.words.contains(where: { !$0.word.isEmpty && haystack.contains($0.word.lowercased()) }) else { return nil }
            return PostFilter(title: f.title, action: f.action)
        }
    }

    private static func searchable(_ post: Post) -> String {
        ([post.content.plainText, post.spoilerText] + (post.poll?.options.map(\.title) ?? [])).joined(separator: "\n").lowercased()
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
