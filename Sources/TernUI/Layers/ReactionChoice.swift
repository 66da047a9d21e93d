import TernModel

/// `+` on a post: a few common emoji, always under the same digits (🔥 is 8 on every post, every time:
/// they moved when the post's own reactions and the recent ones came first), each with the post's count
/// and the user's own marked; then the post's other reactions (each to add one's own or take it back), the
/// user's recent ones, the server's custom emoji, and one of the user's own choosing. A server whose posts
/// carry no reactions has none, and is said so.
enum ReactionChoice {
    /// Single code points, so every terminal gives each the same two columns.
    static let common = ["👍", "😂", "🎉", "😮", "😢", "🙏", "👀", "🔥"]

    /// `recent`: the user's latest reactions in this run, newest first.
    static func effects(_ post: Post, recent: [String] = []) -> [Effect] {
        guard let on = post.reactions else {
            return [.say("This server has no emoji reactions (Akkoma, Pleroma and Fedibird have them).", error: false)]
        }
        func joining(_ r: Reaction) -> Choice {
            Choice(label: r.label + " \(r.count)" + (r.me ? " · yours: take it back" : " · add yours"),
                   effects: [.react(post, emoji: r.name, url: r.url, wanted: !r.me)])
        }
        var items = common.map { e in
            on.first { $0.name == e }.map(joining)
                ?? Choice(label: Reaction(name: e, count: 0).label + (recent.contains(e) ? " · recent" : ""),
                          effects: [.react(post, emoji: e, url: nil, wanted: true)])
        }
        var offered = Set(common)
        for r in on where offered.insert(r.name).inserted { items.append(joining(r)) }
        for e in recent where offered.insert(e).inserted {
            items.append(Choice(label: Reaction(name: e, count: 0).label + " · recent", effects: [.react(post, emoji: e, url: nil, wanted: true)]))
        }
        items.append(Choice(label: "Your server's custom emoji…", effects: [.customEmojiReaction(post)]))
        items.append(Choice(label: "Another emoji…", effects: [.push(.prompt(.reaction(post)))]))
        return [.push(.choice(title: "React to @\(post.account.acct)'s post", items: items))]
    }

    /// The server's custom emoji, each to react with (a long list scrolls).
    static func custom(_ post: Post, _ shortcodes: [String]) -> [Effect] {
        guard !shortcodes.isEmpty else { return [.say("This server has no custom emoji.", error: false)] }
        let items = shortcodes.sorted().map { code in Choice(label: ":\(code):", effects: [.react(post, emoji: code, url: nil, wanted: true)]) }
        return [.push(.choice(title: "Custom emoji of your server", items: items))]
    }
}
