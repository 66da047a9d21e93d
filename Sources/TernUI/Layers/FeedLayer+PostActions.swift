import TernFeed
import TernStore
import TernModel
import TernTerminal

/// The keys that act on the selected post itself: marks, a vote, answering, editing and deleting one's
/// own, its links and copying.
extension FeedLayer {
    func postAction(_ action: UIAction, on row: FeedRow?, _ env: LayerEnv) -> [Effect] {
        Self.postAction(action, on: row, env) { [opening] kind, post, wanted in .feed(opening, .setMark(kind, postID: post.id, wanted: wanted)) }
    }

    /// The same keys on a post shown by a screen with no list of its own (Catch-up): `marking` says where a
    /// like, a save or a boost goes (a list's engine, or the session's action queue).
    static func postAction(_ action: UIAction, on row: FeedRow?, _ env: LayerEnv,
                           marking: (PendingAction.Kind, Post, Bool) -> Effect) -> [Effect] {
        if row?.isDeletedPost == true { return [.say("This post was deleted: there is nothing left to act on.", error: true)] }
        if case .outgoing(_, let waiting)? = row, action != .copyLink { return [.say(Self.notPostedYet(waiting: waiting), error: false)] }
        if row?.post == nil, action != .copyLink, let verb = Self.verbs[action] {
            return [.say(row == nil ? "Nothing to \(verb): the list has no posts yet." : "Nothing to \(verb) on this line: it is not a post.", error: false)]
        }
        switch action {
        case .like:
            guard let post = row?.post else { return [] }
            return [marking(.favourite, post, !post.favourited)]
        case .save:
            guard let post = row?.post else { return [] }
            return [marking(.bookmark, post, !post.bookmarked)]
        case .boost:
            guard let post = row?.post else { return [] }
            if !post.boosted, let refusal = Self.boostRefusal(post, env) { return [.say(refusal, error: true)] }
            let toggle: [Effect] = [marking(.reblog, post, !post.boosted)]
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
            return Self.quoting(post, limits: env.limits)
        case .edit, .delete:
            guard let post = row?.post else { return [] }
            guard !env.ownAccountID.isEmpty else { return [.say("Tern doesn't know yet which account is yours here.", error: true)] }
            guard post.boostedBy == nil, post.account.id == env.ownAccountID else {
                return [.say("Only your own posts can be \(action == .edit ? "edited" : "deleted").", error: true)]
            }
            if action == .edit {
                if post.poll?.isClosed(at: env.now) == true { return [.say(ComposeLayer.endedPollEdit, error: true)] }
                return [.compose(.edit(post))]
            }
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

    /// What each key that acts on a post does, for what it says where there is none (an empty list, a gap).
    static let verbs: [UIAction: String] = [
        .like: "like", .save: "save", .boost: "boost", .react: "react to", .vote: "vote in", .translate: "translate", .reply: "answer",
        .quote: "quote", .edit: "edit", .delete: "delete", .links: "open links of", .copyText: "copy",
    ]

    /// What a key that acts on a post says on one still in the outbox (`⏳`).
    static func notPostedYet(waiting: Bool) -> String {
        (waiting ? "This post waits in the outbox for the server" : "This post is on its way")
            + ": it is not on the server yet, so it can be liked, answered or changed once it is posted."
    }

    /// Why the server would refuse to boost `post` (Mastodon's rule: a direct message never, a followers-only
    /// post by its author alone); nil where it would not, or where Tern can't tell whose it is.
    static func boostRefusal(_ post: Post, _ env: LayerEnv) -> String? {
        switch post.visibility {
        case "direct"?: return "A direct message can't be boosted: only the people it mentions see it."
        case "private"? where !env.ownAccountID.isEmpty && post.account.id != env.ownAccountID:
            return "A followers-only post can be boosted by its author alone."
        default: return nil
        }
    }

    /// `Q`: a post of one's own that carries the selected one, where its author lets the user quote it; the
    /// server's refusal in words where not (a private mention is quotable by no one, as on Mastodon), and
    /// the user's own server's before anything is written where it takes no quote posts.
    static func quoting(_ post: Post, limits: PostingLimits = PostingLimits()) -> [Effect] {
        if let refusal = limits.quoteRefusal { return [.say(Sanitizer.clean(refusal), error: true)] }
        let who = "@" + Sanitizer.clean(post.account.acct)
        if post.visibility == "direct" { return [.say("A private mention can't be quoted.", error: true)] }
        switch post.quoteApproval {
        case .denied?: return [.say("\(who) doesn't let you quote this post.", error: true)]
        case .manual?: return [.compose(.quote(post)), .say("\(who) reviews quotes: yours shows once they allow it.", error: false)]
        case .automatic?, .unknown?, nil: return [.compose(.quote(post))]
        }
    }
}
