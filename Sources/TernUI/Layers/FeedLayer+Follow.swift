import TernFeed
import TernModel

extension FeedLayer {
    /// `F` on a profile or a hashtag's timeline: follows at once; unfollowing asks first, for a person and a
    /// hashtag alike.
    func follow(_ snapshot: FeedSnapshot, _ env: LayerEnv) -> [Effect] {
        if case .timeline(.hashtag(let name)) = opening {
            // As for a person: unfollowing asks first.
            if case .found(.hashtagHeader(let h))? = snapshot.rows.first, h.tag.following == true {
                return [.push(.confirm(question: "Unfollow #\(name)?", yes: [.feed(opening, .follow(false))]))]
            }
            return [.feed(opening, .follow(true))]
        }
        guard case .profile(let account) = opening else { return [] }
        guard account.id != env.ownAccountID else { return [.say("That's you: no one can follow themself.", error: false)] }
        // Unfollowing asks first; following doesn't.
        if case .profile(_, let r?, _)? = snapshot.rows.first, r.following || r.requested {
            return [.push(.confirm(question: "Unfollow @\(account.acct)?", yes: [.feed(opening, .follow(false))]))]
        }
        return [.feed(opening, .follow(true))]
    }
}
