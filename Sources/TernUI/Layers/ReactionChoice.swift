import TernModel

/// `+` on a post: the reactions it has (each to add one's own or take it back), a few common emoji, and
/// one of the user's own choosing. A server whose posts carry no reactions has none, and is said so.
enum ReactionChoice {
    /// Single code points, so every terminal gives each the same two columns.
    static let common = ["👍", "😂", "🎉", "😮", "😢", "🙏", "👀", "🔥"]

    static func effects(_ post: Post) -> [Effect] {
        guard let on = post.reactions else {
            return [.say("This server has no emoji reactions (Akkoma, Pleroma and Fedibird have them).", error: false)]
        }
        var items = on.map { r in
            Choice(label: r.label + " \(r.count)" + (r.me ? " · yours: take it back" : " · add yours"),
                   effects: [.react(post, emoji: r.name, url: r.url, wanted: !r.me)])
        }
        items += common.filter { e in !on.contains { $0.name == e } }.map { e in
            Choice(label: e, effects: [.react(post, emoji: e, url: nil, wanted: true)])
        }
        items.append(Choice(label: "Another emoji…", effects: [.push(.prompt(.reaction(post)))]))
        return [.push(.choice(title: "React to @\(post.account.acct)'s post", items: items))]
    }
}
