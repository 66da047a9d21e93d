import TernFeed
import TernModel

/// Enter on a row.
extension FeedLayer {
    /// Enter: a gap loads; a post (or the post of a notification) opens its thread, and in its thread the
    /// post it quotes (or its card's page); a follow opens the follower;
    /// a search's person opens their profile, its hashtag the hashtag's timeline, its heading what is under it.
    func open(_ row: FeedRow?) -> [Effect] {
        switch row {
        case .gap(let gap)?:
            // Fill from the side the user came from: moving down, the gap's top; moving up, its bottom.
            return [.feed(opening, .fillGap(id: gap.id, fromTop: direction >= 0))]
        case .post(let post, _, let focused)?:
            // The thread's own post is open already: Enter goes on to what it quotes, else to its card's page.
            if focused {
                if let quoted = post.quote?.post { return [.push(.feed(Self.thread(of: quoted)))] }
                if let card = post.card { return [.openURL(card.url)] }
                if let words = post.quote?.words { return [.say(words, error: false)] }
                return []
            }
            if post.isWebFeedItem { return [.push(.article(post))] }
            // A conversation opens as its thread, and is read.
            if post.conversation?.unread == true { return [.push(.feed(Self.thread(of: post))), .feed(opening, .readConversation(postID: post.id))] }
            return [.push(.feed(Self.thread(of: post)))]
        case .notification(let group)?, .inboxed(let group, _)?:
            // Someone asking to follow: their request, to answer (not another's: the notification stays after
            // an answer, and the menu of all requests opened on someone else's Accept).
            if group.kind == .followRequest { return [.followRequests(about: group.accounts)] }
            if let post = group.post { return [.push(.feed(Self.thread(of: post)))] }
            if let account = group.accounts.first { return [.push(.feed(.profile(account)))] }
            return []
        case .outgoing(_, let waiting)?:
            return [.say(Self.notPostedYet(waiting: waiting), error: false)]
        case .found(.account(let account))?:
            return [.push(.feed(.profile(account)))]
        case .found(.hashtag(let tag))?:
            return [.push(.feed(.timeline(.hashtag(tag.name))))]
        case .found(.heading)?, .found(.progress)?:
            // A search's list opens at its first line, a heading: Enter there opens what is under it, so a
            // handle typed in `/` and Enter again opens the profile.
            guard let rows = snapshot?.rows, let row, let i = rows.firstIndex(where: { $0.id == row.id }) else { return [] }
            guard let next = rows[(i + 1)...].first(where: { if case .found(.heading) = $0 { return false } else { return true } }) else { return [] }
            if case .found(.progress) = next { return [] }
            return open(next)
        default:
            return []
        }
    }

    /// A boost opens the boosted post's thread; the post seeds it until the thread arrives.
    static func thread(of post: Post) -> FeedOpening {
        var seed = post
        seed.id = post.statusID
        seed.boostedBy = nil
        seed.conversation = nil
        return .thread(rootID: post.statusID, seed: seed)
    }
}
