import Foundation

/// Which notifications the server holds back as requests (Mastodon 4.3 and later), by who they come from,
/// and how many wait.
public struct NotificationPolicy: Sendable, Equatable {
    /// What the server does with the notifications of one kind of sender.
    public enum Rule: String, Sendable, CaseIterable {
        case accept, filter, drop

        public var words: String {
            switch self {
            case .accept: return "shown"
            case .filter: return "held back as requests"
            case .drop: return "dropped"
            }
        }
    }

    /// A kind of sender, by the field that names it.
    public enum Sender: String, Sendable, CaseIterable {
        case notFollowing = "for_not_following", notFollowers = "for_not_followers", newAccounts = "for_new_accounts"
        case privateMentions = "for_private_mentions", limitedAccounts = "for_limited_accounts"

        public var words: String {
            switch self {
            case .notFollowing: return "People you don't follow"
            case .notFollowers: return "People who don't follow you"
            case .newAccounts: return "New accounts"
            case .privateMentions: return "Unsolicited private mentions"
            case .limitedAccounts: return "Accounts limited by moderators"
            }
        }
    }

    /// What the server said for each kind it knows (a kind it did not say is left out).
    public var rules: [Sender: Rule]
    public var pendingRequests: Int
    public var pendingNotifications: Int

    public init(rules: [Sender: Rule], pendingRequests: Int = 0, pendingNotifications: Int = 0) {
        self.rules = rules
        self.pendingRequests = pendingRequests
        self.pendingNotifications = pendingNotifications
    }
}

/// The notifications held back from one account, waiting to be accepted or dismissed.
public struct NotificationRequest: Sendable, Equatable {
    public var id: String
    public var account: Account
    public var count: Int

    public init(id: String, account: Account, count: Int) {
        self.id = id
        self.account = account
        self.count = count
    }
}
