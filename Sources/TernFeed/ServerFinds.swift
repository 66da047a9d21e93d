import TernMastodon
import TernModel

/// What the server's search found for a search's list, beside the cached posts, and how far asking got.
package struct ServerFinds: Sendable, Equatable {
    package enum Progress: Sendable, Equatable {
        case searching(host: String)
        case done
        /// Why the server did not answer with results, in words.
        case failed(String)
        /// Offline (or `--offline`): only the cache was searched.
        case offline
    }

    package var progress: Progress
    package var accounts: [Account] = []
    package var hashtags: [Hashtag] = []
    /// The first of the server's posts that were not among the cached ones (they follow the cached ones).
    package var firstServerPost: String?

    package init(progress: Progress) {
        self.progress = progress
    }

    /// The rows of a search's list: people, hashtags, then posts (the cached ones, then the server's),
    /// each section under its heading, and the server's progress first while it is asked.
    func rows(posts: [FeedRow]) -> [FeedRow] {
        var rows: [FeedRow] = []
        switch progress {
        case .searching(let host): rows.append(.found(.progress("Searching \(host)…", busy: true)))
        case .failed(let why): rows.append(.found(.progress(why, busy: false)))
        case .offline: rows.append(.found(.progress("Offline: only the cached posts were searched", busy: false)))
        case .done: break
        }
        if !accounts.isEmpty { rows.append(.found(.heading("People"))); rows += accounts.map { .found(.account($0)) } }
        if !hashtags.isEmpty { rows.append(.found(.heading("Hashtags"))); rows += hashtags.map { .found(.hashtag($0)) } }
        let split = firstServerPost.flatMap { id in posts.firstIndex { $0.id == id } } ?? posts.count
        if split > 0 { rows.append(.found(.heading("Cached posts"))); rows += posts[..<split] }
        if split < posts.count { rows.append(.found(.heading("Posts on the server"))); rows += posts[split...] }
        return rows
    }

    /// Why a search failed, as a user reads it: a server without search says so.
    static func failure(_ error: Error) -> String {
        switch error as? MastodonError {
        case .http(let status, _)? where status == 404 || status == 501:
            return "This server has no search (it answered \(status)); only the cached posts were searched"
        case .some(let e) where e.serverUnreachable:
            return "The server can't be reached (\(e.description)): only the cached posts were searched"
        case .some(let e): return "The server's search failed: \(e.description)"
        case nil: return "The server's search failed: \(error)"
        }
    }
}

/// A hashtag's timeline's hashtag as shown: a follow or unfollow may wait for the server.
package struct HashtagHeader: Sendable, Hashable {
    package var tag: Hashtag
    package var pending: Bool

    package init(tag: Hashtag, pending: Bool) {
        self.tag = tag
        self.pending = pending
    }
}

/// A row of a search's list that is not a post.
package enum Found: Sendable, Hashable {
    case heading(String)
    /// Enter opens the profile.
    case account(Account)
    /// Enter opens the hashtag's timeline.
    case hashtag(Hashtag)
    /// The server being asked (`busy`: a spinner), or why it was not or could not be.
    case progress(String, busy: Bool)
    /// Above a hashtag's timeline: the hashtag, whether the user follows it, and what `F` does.
    case hashtagHeader(HashtagHeader)

    var id: String {
        switch self {
        case .heading(let text): return "found:h:" + text
        case .account(let a): return "found:a:" + a.id
        case .hashtag(let t): return "found:t:" + t.name
        case .progress: return "found:progress"
        case .hashtagHeader(let h): return "found:header:" + h.tag.name
        }
    }
}
