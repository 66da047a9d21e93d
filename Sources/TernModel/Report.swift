/// A report to the user's server's moderators about an account, and some of its posts (Mastodon's
/// `POST /api/v1/reports`).
package struct Report: Sendable, Equatable {
    package enum Category: String, Sendable, CaseIterable {
        case spam, legal, violation, other
    }

    package var accountID: String
    /// The account's handle, for the words on screen (`user` or `user@host`).
    package var acct: String
    package var statusIDs: [String]
    package var category: Category = .other
    /// The server's rules broken (with `violation`).
    package var ruleIDs: [String] = []
    package var comment = ""
    /// Sends a copy to the account's own server (when it is another one).
    package var forward = false

    package init(accountID: String, acct: String, statusIDs: [String]) {
        self.accountID = accountID
        self.acct = acct
        self.statusIDs = statusIDs
    }

    /// The account lives on another server, which can be sent a copy.
    package var remoteDomain: String? {
        let parts = acct.split(separator: "@")
        return parts.count == 2 ? String(parts[1]) : nil
    }
}

/// One of a server's rules, as `/api/v1/instance/rules` lists them.
package struct ServerRule: Sendable, Equatable {
    package var id: String
    package var text: String

    package init(id: String, text: String) {
        self.id = id
        self.text = text
    }
}
