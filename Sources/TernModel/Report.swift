/// A report to the user's server's moderators about an account, and some of its posts (Mastodon's
/// `POST /api/v1/reports`).
public struct Report: Sendable, Equatable {
    public enum Category: String, Sendable, CaseIterable {
        case spam, legal, violation, other
    }

    public var accountID: String
    /// The account's handle, for the words on screen (`user` or `user@host`).
    public var acct: String
    public var statusIDs: [String]
    public var category: Category = .other
    /// The server's rules broken (with `violation`).
    public var ruleIDs: [String] = []
    public var comment = ""
    /// Sends a copy to the account's own server (when it is another one).
    public var forward = false

    public init(accountID: String, acct: String, statusIDs: [String]) {
        self.accountID = accountID
        self.acct = acct
        self.statusIDs = statusIDs
    }

    /// The account lives on another server, which can be sent a copy.
    public var remoteDomain: String? {
        let parts = acct.split(separator: "@")
        return parts.count == 2 ? String(parts[1]) : nil
    }
}

/// One of a server's rules, as `/api/v1/instance/rules` lists them.
public struct ServerRule: Sendable, Equatable {
    public var id: String
    public var text: String

    public init(id: String, text: String) {
        self.id = id
        self.text = text
    }
}
