import TernFeed
import TernImages
import TernModel

/// What a post points at: its pictures, the people it mentions, its links.
extension FeedLayer {
    /// `v` or a click on a picture: that picture (or the post's first), as large as the screen allows.
    static func viewLarge(_ post: Post?, attachment: MediaAttachment?, _ env: LayerEnv) -> [Effect] {
        // Sound and long videos go to a player; pictures, and what moves briefly (a GIF, a gifv, a clip),
        // are shown here.
        if let media = attachment ?? post?.media.first, media.plays, MovingRequest.kind(of: media) == nil, let url = media.url {
            return [.play(url)]
        }
        // The post's pictures as a gallery, at the one clicked (or the first): the original file of a
        // picture, the preview of anything else (a moving picture's still).
        let shown = (post?.media ?? []).filter { (!$0.plays || MovingRequest.kind(of: $0) != nil) && ($0.url != nil || $0.previewURL != nil) }
        let images = shown.compactMap { media -> LargeImage? in
            guard let url = (media.kind == .image ? media.url : nil) ?? media.previewURL else { return nil }
            let size = LargeImageLayer.size(for: env)
            let request = ThumbnailRequest(url: url, columns: size.columns, rows: size.rows, whole: true)
            let moving = MovingRequest.kind(of: media).flatMap { kind in media.url.map { LargeImage.Moving(url: $0, kind: kind) } }
            return LargeImage(request: request, caption: media.description ?? "", blurhash: media.blurhash, aspect: media.aspectRatio,
                              moving: moving)
        }
        guard !images.isEmpty else { return [.say("No picture here", error: false)] }
        let start = attachment.flatMap { a in shown.firstIndex { $0.id == a.id } } ?? 0
        return [.push(.gallery(images, start: start))]
    }

    /// The people a post mentions, once each, in order: their shown text and the link to their profile.
    static func mentions(_ post: Post) -> [(text: String, url: String)] {
        var seen: Set<String> = []
        return post.content.paragraphs.flatMap { $0.flatMap { $0 } }.compactMap { run -> (String, String)? in
            guard case .mention(let url) = run.style, seen.insert(url).inserted else { return nil }
            return (run.text, url)
        }
    }

    /// `p`: the author's profile (none where it is the profile shown), or, where the post mentions people,
    /// a choice of the author or one of them.
    static func profile(of account: Account, post: Post?, showing shown: Account? = nil) -> [Effect] {
        let mentions = post.map(Self.mentions) ?? []
        let author: [Effect] = shown?.id == account.id ? [] : [.push(.feed(.profile(account)))]
        guard !mentions.isEmpty else { return author }
        // A post that mentions people: the author, or one of them.
        let items = [Choice(label: "@" + account.acct + " (author)", effects: author)]
            + mentions.map { Choice(label: $0.text, effects: [.openMention(url: $0.url)]) }
        return [.push(.choice(title: "Whose profile?", items: items))]
    }

    /// `o`: the link whose text was clicked, else the post's first link, else the post itself.
    static func openLink(_ post: Post?, text: String?) -> [Effect] {
        guard let post else { return [] }
        let links = post.content.paragraphs.flatMap { $0.flatMap { $0 } }.compactMap { run -> (String, String)? in
            if case .link(let url) = run.style { return (run.text, url) }
            return nil
        }
        let clicked = text.flatMap { t in links.first { $0.0.contains(t) || t.contains($0.0) }?.1 }
        guard let link = clicked ?? links.first?.1 ?? post.url else { return [.say("This post has no link", error: false)] }
        return [.openURL(link)]
    }

    /// Every address a post has, once each, in reading order: its links, mentions and hashtags, its link
    /// card, then the post itself.
    static func links(_ post: Post) -> [String] {
        var seen = Set<String>()
        return (post.content.links + [post.card?.url, post.url].compactMap { $0 }).filter { seen.insert($0).inserted }
    }

    /// What a web feed's item can't be given (it is no fediverse post), in words; nil for what it can.
    static func notForFeedItems(_ action: UIAction) -> String? {
        switch action {
        case .like, .save, .boost, .react, .vote, .translate, .reply, .quote, .edit, .delete, .profile, .follow:
            return "A feed's item is not on the fediverse: Enter reads it, o opens it, y copies its link"
        default:
            return nil
        }
    }
}
