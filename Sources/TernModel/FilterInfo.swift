import Foundation

/// One of the user's keyword filters on the server (Mastodon's v2 filters): its words, where it applies,
/// what it does to a matching post, and when it ends.
public struct FilterInfo: Sendable, Hashable {
    public struct Word: Sendable, Hashable, Codable {
        public var id: String
        public var word: String
        public init(id: String, word: String) { (self.id, self.word) = (id, word) }
    }

    /// Where a filter applies, by the name the server gives it.
    public enum Context: String, Sendable, CaseIterable, Codable {
        case home, notifications, `public`, thread, account

        public var words: String {
            switch self {
            case .home: return "home and lists"
            case .notifications: return "notifications"
            case .public: return "public timelines"
            case .thread: return "threads"
            case .account: return "profiles"
            }
        }
    }

    public var id: String
    public var title: String
    public var words: [Word]
    public var contexts: Set<Context>
    public var action: PostFilter.Action
    public var expiresAt: Date?

    public init(id: String, title: String, words: [Word], contexts: Set<Context>, action: PostFilter.Action, expiresAt: Date? = nil) {
        self.id = id
        self.title = title
        self.words = words
        self.contexts = contexts
        self.action = action
        self.expiresAt = expiresAt
    }
}
