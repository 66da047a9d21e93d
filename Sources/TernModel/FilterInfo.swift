import Foundation

/// One of the user's keyword filters on the server (Mastodon's v2 filters): its words, where it applies,
/// what it does to a matching post, and when it ends.
package struct FilterInfo: Sendable, Hashable {
    package struct Word: Sendable, Hashable, Codable {
        package var id: String
        package var word: String
        package init(id: String, word: String) { (self.id, self.word) = (id, word) }
    }

    /// Where a filter applies, by the name the server gives it.
    package enum Context: String, Sendable, CaseIterable, Codable {
        case home, notifications, `public`, thread, account

        package var words: String {
            switch self {
            case .home: return "home and lists"
            case .notifications: return "notifications"
            case .public: return "public timelines"
            case .thread: return "threads"
            case .account: return "profiles"
            }
        }
    }

    package var id: String
    package var title: String
    package var words: [Word]
    package var contexts: Set<Context>
    package var action: PostFilter.Action
    package var expiresAt: Date?

    package init(id: String, title: String, words: [Word], contexts: Set<Context>, action: PostFilter.Action, expiresAt: Date? = nil) {
        self.id = id
        self.title = title
        self.words = words
        self.contexts = contexts
        self.action = action
        self.expiresAt = expiresAt
    }
}
