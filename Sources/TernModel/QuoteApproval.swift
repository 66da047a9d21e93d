/// Whether the user may quote a post, as the server says (Mastodon 4.5's `quote_approval.current_user`):
/// at once, after its author reviews the quote, or not at all. Nil on a post from a server that does not
/// say (no quote policies), where a quote is tried and the answer tells.
package enum QuoteApproval: String, Sendable, Codable, Hashable {
    case automatic, manual, denied, unknown
}

/// Who may quote a post of the user's, as written with it (`quote_approval_policy`); the server's default
/// for the account when not set.
package enum QuotePolicy: String, Sendable, Codable, Hashable, CaseIterable {
    case `public`, followers, nobody

    /// The next choice on the compose screen's options row: nil (the account's default) comes first.
    package static func next(after policy: QuotePolicy?) -> QuotePolicy? {
        switch policy {
        case nil: return .public
        case .public?: return .followers
        case .followers?: return .nobody
        case .nobody?: return nil
        }
    }

    /// As the options row says it.
    package static func label(_ policy: QuotePolicy?) -> String {
        switch policy {
        case nil: return "quotes: default"
        case .public?: return "quotes: anyone"
        case .followers?: return "quotes: followers"
        case .nobody?: return "quotes: only me"
        }
    }
}
