import Foundation

/// What happened, in a notification. Types this build doesn't know keep their server name.
package enum NotificationKind: Sendable, Hashable, Codable {
    case mention, status, reblog, follow, followRequest, favourite, poll, update
    /// Mastodon 4.5: someone quoted the user's post; a post the user quoted was edited.
    case quote, quotedUpdate
    case other(String)

    package init(wire: String) {
        switch wire {
        case "mention": self = .mention
        case "status": self = .status
        case "reblog": self = .reblog
        case "follow": self = .follow
        case "follow_request": self = .followRequest
        case "favourite": self = .favourite
        case "poll": self = .poll
        case "update": self = .update
        case "quote": self = .quote
        case "quoted_update": self = .quotedUpdate
        default: self = .other(wire)
        }
    }

    /// Whether the notification is about a post (and should carry one).
    package var concernsPost: Bool {
        switch self {
        case .mention, .status, .reblog, .favourite, .poll, .update, .quote, .quotedUpdate: return true
        case .follow, .followRequest: return false
        case .other: return false
        }
    }
}

/// One row of the notifications list: one notification, or several of the same kind about the same
/// thing that the server (grouped notifications) or Tern (older servers) put together.
package struct NotificationGroup: Sendable, Hashable, Identifiable, Codable {
    /// The group's key: the server's `group_key`, or one made the same way for ungrouped servers.
    package var id: String
    package var kind: NotificationKind
    /// Who did it, newest first; at most a few (the server's sample).
    package var accounts: [Account]
    /// How many notifications the group stands for (≥ accounts.count).
    package var count: Int
    /// The newest and oldest notification ids in the group: the newest orders the list and meets the
    /// read marker, the oldest is where the next older page starts.
    package var newestID: String
    package var oldestID: String
    package var latestAt: Date
    /// The post it is about, when there is one and the server sent it.
    package var post: Post?
    /// A follow request's answer, when the user gave it from Tern (`SessionPeople`, which keeps it in the
    /// store apart from the notification): accepted or rejected. The user's word, not the server's.
    package var requestAnswer: Bool?

    private enum CodingKeys: String, CodingKey {
        case id, kind, accounts, count, newestID, oldestID, latestAt, post
    }

    package init(id: String, kind: NotificationKind, accounts: [Account], count: Int, newestID: String, oldestID: String,
                latestAt: Date, post: Post?) {
        self.id = id
        self.kind = kind
        self.accounts = accounts
        self.count = max(count, accounts.count, 1)
        self.newestID = newestID
        self.oldestID = oldestID
        self.latestAt = latestAt
        self.post = post
    }

    /// The post it should be about is missing: deleted, or not visible to the user.
    package var postMissing: Bool { kind.concernsPost && post == nil }

    /// "Ada Lindqvist and 3 others liked your post". Raw server names: the terminal layer sanitizes.
    package var summary: String {
        let first = accounts.first?.shownName ?? "Someone"
        let others = count - 1
        let who = others <= 0 ? first : others == 1 && accounts.count > 1
            ? "\(first) and \(accounts[1].shownName)" : "\(first) and \(others) other\(others == 1 ? "" : "s")"
        switch kind {
        case .mention: return "\(who) mentioned you"
        case .status: return "\(who) posted"
        case .reblog: return "\(who) boosted your post"
        case .follow: return "\(who) followed you"
        case .followRequest:
            return "\(who) asked to follow you" + (requestAnswer.map { $0 ? " · accepted" : " · rejected" } ?? "")
        case .favourite: return "\(who) liked your post"
        case .poll: return post?.account.id == accounts.first?.id ? "Your poll has ended" : "A poll you voted in has ended"
        case .update: return "\(who) edited a post"
        case .quote: return "\(who) quoted your post"
        case .quotedUpdate: return "\(who) edited a post you quoted"
        case .other(let name): return "\(who): \(name)"
        }
    }
}

/// Notification ids, and status ids, are ordered by length first (numeric snowflakes) and then bytewise
/// (both numbers of one length and 26-character ULIDs): the one comparison that holds on every server kind.
package enum ServerID {
    package static func isNewer(_ a: String, than b: String) -> Bool {
        a.count != b.count ? a.count > b.count : a > b
    }
}
