import Foundation

/// Which notifications the server holds back as requests (Mastodon 4.3 and later), by who they come from,
/// and how many wait.
package struct NotificationPolicy: Sendable, Equatable {
    /// What the server does with the notifications of one kind of sender.
    package enum Rule: String, Sendable, CaseIterable {
        case accept, filter, drop

        package var words: String {
            switch self {
            case .accept: return "shown"
            case .filter: return "held back as requests"
            case .drop: return "dropped"
            }
        }
    }

    /// A kind of sender, by the field that names it.
    package enum Sender: String, Sendable, CaseIterable {
        case notFollowing = "for_not_following", notFollowers = "for_not_followers", newAccounts = "for_new_accounts"
        case privateMentions = "for_private_mentions", limitedAccounts = "for_limited_accounts"

        package var words: String {
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
    package var rules: [Sender: Rule]
    package var pendingRequests: Int
    package var pendingNotifications: Int

    package init(rules: [Sender: Rule], pendingRequests: Int = 0, pendingNotifications: Int = 0) {
        self.rules = rules
        self.pendingRequests = pendingRequests
        self.pendingNotifications = pendingNotifications
    }
}

/// The notifications held back from one account, waiting to be accepted or dismissed.
package struct NotificationRequest: Sendable, Equatable {
    package var id: String
    package var account: Account
    package var count: Int

    package init(id: String, account: Account, count: Int) {
        self.id = id
        self.account = account
        self.count = count
    }
}
