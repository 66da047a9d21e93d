import TernFeed
import TernModel
import TernStore

/// What the user asked of people (follow, mute, block, and their undoing) and of their own posts (deleting
/// one), awaited in the action queue's news, so that the status line ends on what was done ("Muted @ada.",
/// "Deleted.") rather than on the "Mute @ada…" said at the press. A refusal is said by the lists, with why.
struct AwaitedActions {
    private var people: [String: (kind: PendingAction.Kind, acct: String, wanted: Bool)] = [:]
    /// Each deletion awaited, with the post it answered (its reply count is read again once it is gone).
    private var deletions: [String: String?] = [:]

    mutating func awaitAccount(_ kind: PendingAction.Kind, _ account: Account, wanted: Bool) {
        people[account.id] = (kind, account.acct, wanted)
    }

    mutating func awaitDeletion(of post: Post) { deletions[post.statusID] = .some(post.inReplyToID) }

    /// The post a deletion just heard done had answered, whose reply count went down with it.
    func answered(byDeleted statusID: String) -> String? { deletions[statusID] ?? nil }

    /// What the status line says of the action queue's news, when it settles something awaited.
    mutating func heard(_ event: ActionQueue.Event) -> String? {
        switch event {
        case .relationship(let id, let now):
            guard let (kind, acct, wanted) = people[id], let said = Self.done(kind, wanted: wanted, now, acct: acct) else { return nil }
            people[id] = nil
            return said
        case .deleted(let statusID):
            return deletions.removeValue(forKey: statusID) == nil ? nil : "Deleted."
        default:
            return nil
        }
    }

    /// The relationship as the server has it now, in words, when it is what was asked for.
    private static func done(_ kind: PendingAction.Kind, wanted: Bool, _ now: Relationship, acct: String) -> String? {
        switch (kind, wanted) {
        case (.follow, true) where now.following: return "You follow @\(acct) now."
        case (.follow, true) where now.requested: return "Asked to follow @\(acct): they decide."
        case (.follow, false) where !now.following && !now.requested: return "You no longer follow @\(acct)."
        case (.mute, _) where now.muting == wanted: return wanted ? "Muted @\(acct)." : "Unmuted @\(acct)."
        case (.block, _) where now.blocking == wanted: return wanted ? "Blocked @\(acct)." : "Unblocked @\(acct)."
        default: return nil
        }
    }
}
