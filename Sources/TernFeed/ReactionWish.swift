import TernModel

/// An emoji reaction as the journal keeps it. One wish per status and emoji, so both are its target,
/// "ID EMOJI" (a status id holds no spaces on any server seen, nor does an emoji or a shortcode); the API it
/// goes through, and a custom emoji's picture, are its detail, "API URL".
struct ReactionWish: Equatable {
    var statusID: String
    var emoji: String
    var api: ReactionAPI
    /// A custom emoji's picture, to show the reaction by before the server has answered.
    var url: String?

    init(statusID: String, emoji: String, api: ReactionAPI, url: String?) {
        self.statusID = statusID
        self.emoji = emoji
        self.api = api
        self.url = url
    }

    /// From a journal row; an unknown or missing API is Akkoma's (the likeliest).
    init?(target: String, detail: String?) {
        guard let (statusID, emoji) = Self.parts(of: target) else { return nil }
        let words = detail?.split(separator: " ", maxSplits: 1).map(String.init) ?? []
        self.init(statusID: statusID, emoji: emoji, api: words.first.flatMap(ReactionAPI.init(rawValue:)) ?? .pleroma,
                  url: words.count > 1 ? words[1] : nil)
    }

    static func parts(of target: String) -> (statusID: String, emoji: String)? {
        guard let space = target.firstIndex(of: " ") else { return nil }
        let emoji = target[target.index(after: space)...]
        return emoji.isEmpty ? nil : (String(target[..<space]), String(emoji))
    }

    var target: String { statusID + " " + emoji }
    var detail: String { api.rawValue + (url.map { " " + $0 } ?? "") }

    /// Whether the user's reaction is on the post, as the post says.
    func mine(on post: Post) -> Bool {
        post.reactions?.first { $0.name == emoji }?.me ?? false
    }
}

extension Post {
    /// The post with the user's reaction `emoji` added or taken back: its count moved by one, a new one
    /// appended, one that nobody has any longer gone. `pending`: the change is not confirmed yet.
    func reacting(_ emoji: String, url: String?, _ wanted: Bool, pending: Bool) -> Post {
        var p = self
        var list = p.reactions ?? []
        if let i = list.firstIndex(where: { $0.name == emoji }) {
            if list[i].me != wanted { list[i].count = max(0, list[i].count + (wanted ? 1 : -1)) }
            list[i].me = wanted
            list[i].pending = pending
            if list[i].count == 0, !pending { list.remove(at: i) }
        } else if wanted || pending {
            var r = Reaction(name: emoji, count: wanted ? 1 : 0, me: wanted, url: url)
            r.pending = pending
            list.append(r)
        }
        p.reactions = list
        return p
    }
}
