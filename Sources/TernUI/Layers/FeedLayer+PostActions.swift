import TernFeed
import TernModel
import TernTerminal

/// The keys that act on the selected post itself: marks, a vote, answering, editing and deleting one's
/// own, its links and copying.
extension FeedLayer {
    func postAction(_ action: UIAction, on row: FeedRow?, _ env: LayerEnv) -> [Effect] {
        if row?.isDeletedPost == true { return [.say("This post was deleted: there is nothing left to act on.", error: true)] }
        switch action {
        case .like:
            guard let post = row?.post else { return [] }
            return [.feed(opening, .setMark(.favourite, postID: post.id, wanted: !post.favourited))]
        case .save:
            guard let post = row?.post else { return [] }
            return [.feed(opening, .setMark(.bookmark, postID: post.id, wanted: !post.bookmarked))]
        case .boost:
            guard let post = row?.post else { return [] }
            let toggle: [Effect] = [.feed(opening, .setMark(.reblog, postID: post.id, wanted: !post.boosted))]
            guard env.confirmBoost, !post.boosted else { return toggle }
            return [.push(.confirm(question: "Boost this post by @\(post.account.acct)?", yes: toggle))]
        case .react: return row?.post.map { [.chooseReaction($0)] } ?? []
        case .vote: return row?.post.map { PollLayer.voting($0, now: env.now) } ?? []
        case .translate:
            guard let post = row?.post else { return [] }
            return [.push(.translation(post))]
        case .reply:
            guard let post = row?.post else { return [] }
            return [.compose(.reply(post))]
        case .quote:
            guard let post = row?.post else { return [] }
            return Self.quoting(post)
        case .edit, .delete:
            guard let post = row?.post else { return [] }
            guard !env.ownAccountID.isEmpty else { return [.say("Tern doesn't know yet which account is yours here.", error: true)] }
            guard post.boostedBy == nil, post.account.id == env.ownAccountID else {
                return [.say("Only your own posts can be \(action == .edit ? "edited" : "deleted").", error: true)]
            }
            if action == .edit { return [.compose(.edit(post))] }
            return [.push(.confirm(question: "Delete this post of yours? It can't be undone.", yes: [.deletePost(post)]))]
        case .links:
            guard let post = row?.post else { return [] }
            let links = Self.links(post)
            guard !links.isEmpty else { return [.say("This post has no links", error: false)] }
            return [.push(.choice(title: "Links", items: links.map { Choice(label: $0, effects: [.openURL($0)]) }))]
        case .copyLink:
            guard let post = row?.post else {
                if case .outgoing? = row { return [.say("This post is not on the server yet, so it has no link", error: false)] }
                return [.say("Nothing on this line has a link to copy", error: false)]
            }
            guard let url = post.url else { return [.say("This post has no link to copy", error: false)] }
            return [.copy(url, what: "the post's link")]
        case .copyText:
            guard let post = row?.post else { return [] }
            let warning = post.spoilerText.isEmpty ? "" : post.spoilerText + "\n\n"
            return [.copy(warning + post.content.plainText, what: "the post's text")]
        default: return []
        }
    }

    /// `Q`: a post of one's own that carries the selected one, where its author lets the user quote it; the
    /// server's refusal in words where not (a private mention is quotable by no one, as on Mastodon).
    static func quoting(_ post: Post) -> [Effect] {
        let who = "@" + Sanitizer.clean(post.account.acct)
        if post.visibility == "direct" { return [.say("A private mention can't be quoted.", error: true)] }
        switch post.quoteApproval {
        case .denied?: return [.say("\(who) doesn't let you quote this post.", error: true)]
        case .manual?: return [.compose(.quote(post)), .say("\(who) reviews quotes: yours shows once they allow it.", error: false)]
        case .automatic?, .unknown?, nil: return [.compose(.quote(post))]
        }
    }
}
