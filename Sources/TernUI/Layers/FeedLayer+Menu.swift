import Foundation
import TernFeed
import TernModel
import TernStore

/// `x`: what can be done about a post or its author beyond the single keys: mute (for a while or for
/// good), block, hide their boosts, mute the conversation, not interested in this post, and edit, delete,
/// pin or unpin one's own; report the author (and the post) to the server.
extension FeedLayer {
    func menu(for row: FeedRow?, _ env: LayerEnv) -> [Effect] {
        // A web feed's item: what a reader does with a feed's list.
        if let post = row?.post, post.isWebFeedItem, case .timeline(let t) = opening {
            return [.push(.choice(title: "Feeds", items: [
                Choice(label: "Mark every item of \(t.description) read", effects: [.markWebFeedsRead(t.storageKey)]),
                Choice(label: "Open the item in the browser", effects: post.url.map { [.openURL($0)] } ?? []),
            ]))]
        }
        var items: [Choice] = []
        // First: a list's timeline's list itself, to rename, set or delete; a follow request's answer.
        var list: [Choice] = []
        if case .timeline(.list(let id, let title)) = opening {
            list.append(Choice(label: "This list (\(title)): settings…", effects: [.listSettings(listID: id)]))
        }
        var subject: Account?
        var relationship: Relationship?
        if case .profile(let p, let r, _)? = row {
            subject = p.account
            relationship = r
        } else if case .found(.account(let a))? = row {
            // A person a search found: what is done to anyone (their relationship is not known here).
            subject = a
        } else if row?.post == nil, let someone = row?.account {
            // A follow, or someone asking to follow: what is done about that person (the menu named "This
            // post" where there is none); a request not answered in this run is answered here first, as the
            // server lists it (one answered in an earlier run, or elsewhere, is said to be answered already).
            subject = someone
            if case .notification(let g)? = row, g.kind == .followRequest, g.requestAnswer == nil {
                list.append(Choice(label: "Answer @\(someone.acct)'s request…", effects: [.followRequests(about: [someone])]))
            }
        } else if let post = row?.post {
            subject = post.boostedBy ?? post.account
            if post.boostedBy != nil {
                // A boost: the booster is the one whose boosts are a nuisance; the author may be muted too.
                items += accountItems(post.account, nil, env)
            }
            if post.account.id == env.ownAccountID, post.boostedBy == nil {
                items.append(Choice(label: "Edit this post", effects: [.compose(.edit(post))]))
                items.append(Choice(label: "Delete this post…", effects: [.push(.confirm(question: "Delete this post of yours? It can't be undone.",
                                                                                          yes: [.deletePost(post)]))]))
                items.append(Choice(label: post.pinned == true ? "Unpin from your profile" : "Pin to your profile",
                                    effects: [.feed(opening, .setMark(.pin, postID: post.id, wanted: !(post.pinned ?? false)))]))
            }
            items.append(Choice(label: post.threadMuted == true ? "Unmute this conversation" : "Mute this conversation (no notifications from it)",
                                effects: [.feed(opening, .setMark(.threadMute, postID: post.id, wanted: !(post.threadMuted ?? false)))]))
            items.append(Choice(label: "Not interested in this post (hide it here)", effects: [.hidePost(post)]))
        }
        // What is the user's own beyond any post: whom they silenced (found again here, to lift it: it was
        // nowhere once done), their filters, and who asks to follow or is held back.
        let yours = Choice(label: "Yours: muted and blocked, filters, requests…", effects: [.push(.choice(title: "Yours", items: [
            Choice(label: "People you mute or block…", effects: [.silencedPeople]),
            Choice(label: "Your filters…", effects: [.filters]),
            Choice(label: "Follow requests…", effects: [.followRequests()]),
            Choice(label: "Filtered notifications…", effects: [.notificationRequests]),
            Choice(label: "Scheduled posts…", effects: [.scheduledPosts]),
        ]))])
        guard let subject, subject.id != env.ownAccountID else {
            return [.push(.choice(title: row?.post == nil ? "What to do" : "This post", items: list + items + [yours]))]
        }
        let subjectItems = accountItems(subject, relationship, env) + [Choice(label: "Hide or show boosts from @\(subject.acct)",
                                                                               effects: [.toggleBoosts(subject)])]
        if row?.post?.boostedBy != nil {
            // A boost names two people: the booster's four items go one level down, so every item of the menu
            // has a digit (eleven in one level left the last two without).
            items = [Choice(label: "@\(subject.acct), who boosted it: mute, block, lists, their boosts…",
                            effects: [.push(.choice(title: "@\(subject.acct), who boosted it", items: subjectItems))])] + items
        } else {
            items = subjectItems + items
        }
        // A post is reported with its author; a profile, the account alone.
        let reported = row?.post.map { (account: $0.account, posts: [$0.statusID]) } ?? (account: subject, posts: [])
        if reported.account.id != env.ownAccountID {
            items.append(Choice(label: "Report @\(reported.account.acct)" + (reported.posts.isEmpty ? "…" : " and this post…"),
                                effects: [.push(.report(Report(accountID: reported.account.id, acct: reported.account.acct,
                                                               statusIDs: reported.posts)))]))
        }
        return [.push(.choice(title: "What to do", items: list + items + [yours]))]
    }

    /// Mute (with its lengths) and block, or lifting them when the relationship says they are on.
    private func accountItems(_ a: Account, _ r: Relationship?, _ env: LayerEnv) -> [Choice] {
        guard a.id != env.ownAccountID else { return [] }
        let handle = "@" + a.acct
        var items: [Choice] = []
        if r?.muting == true {
            items.append(Choice(label: "Unmute \(handle)", effects: [.account(.mute, a, wanted: false, current: true, muteSeconds: nil)]))
        } else {
            let lengths: [(String, Int?)] = [("for an hour", 3_600), ("for a day", 86_400), ("for a week", 604_800), ("until I unmute", nil)]
            let choices = lengths.map { words, seconds in
                Choice(label: "Mute \(handle) \(words)", effects: [.account(.mute, a, wanted: true, current: false, muteSeconds: seconds)])
            }
            items.append(Choice(label: "Mute \(handle)…", effects: [.push(.choice(title: "Mute \(handle): their posts leave your lists", items: choices))]))
        }
        if r?.blocking == true {
            items.append(Choice(label: "Unblock \(handle)", effects: [.account(.block, a, wanted: false, current: true, muteSeconds: nil)]))
        } else {
            items.append(Choice(label: "Block \(handle)…", effects: [.push(.confirm(
                question: "Block \(handle)? They can't follow you or see your posts, and you won't see theirs.",
                yes: [.account(.block, a, wanted: true, current: false, muteSeconds: nil)]))]))
        }
        items.append(Choice(label: "Lists with \(handle)…", effects: [.listsOf(a)]))
        return items
    }
}

extension FeedLayer {
    /// `A`: the accounts, numbered; Enter or the digit shows one (each keeps its own place).
    static func accountChoice(_ env: LayerEnv) -> [Effect] {
        guard env.accounts.count > 1 else {
            return [.say("One account here: `tern login SERVER` adds another, and A then switches between them.", error: false)]
        }
        let items = env.accounts.map { name in
            Choice(label: name == env.activeAccount ? "\(name) · shown" : name, effects: name == env.activeAccount ? [] : [.switchAccount(name)])
        }
        return [.push(.choice(title: "Accounts: Enter or a digit shows one", items: items))]
    }
}
