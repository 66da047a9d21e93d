import Foundation
import TernModel

/// A feed's item as a post of the `feeds` account, so the lists, pictures, search and the offline store
/// treat it as any post: its feed as the author, its title and the start of its text as the content, its
/// pictures (its own, then its text's, four at most) as attachments. The whole text stays beside it
/// (`FeedsData.store`) and is indexed for search (`Post.searchableText`).
enum FeedPost {
    /// An id that sorts as the item's date (`ServerID.isNewer`: same length, then characters), fixed when
    /// the item is first seen: milliseconds since 1970 in 13 digits, then the item's key in its feed.
    static func id(date: Date, key: String) -> String {
        let ms = max(0, min(9_999_999_999_999, Int64(date.timeIntervalSince1970 * 1000)))
        let digits = String(ms)
        return String(repeating: "0", count: 13 - digits.count) + digits + "-" + key
    }

    /// The item's key: the same on every fetch, and whichever feed (or address of it) brings it, so the
    /// item is one post however it comes.
    static func key(item: WebFeedItem) -> String { stableHash(item.id) }

    /// The key items were first stored under, tied to their feed: still known again, so an older store's
    /// items are not new once more.
    static func key(feed: Int64, item: WebFeedItem) -> String { stableHash(String(feed), item.id) }

    /// How much of the text the list shows.
    static let excerptLength = 280

    static func post(_ item: WebFeedItem, id: String, date: Date, feed: WebFeedPostSource, base: LinkResolver = LinkResolver(base: nil)) -> Post {
        let text = HTMLScan.text(item.summary.isEmpty ? item.content : item.summary)
        let whole = item.summary.isEmpty ? text : HTMLScan.text(item.content)
        let excerpt = text.count > excerptLength ? String(text.prefix(excerptLength)).trimmingCharacters(in: .whitespaces) + "…" : text
        var paragraphs: [[[StyledText.Run]]] = []
        let title = item.title.isEmpty ? (excerpt.isEmpty ? "(untitled)" : "") : item.title
        if !title.isEmpty { paragraphs.append([[StyledText.Run(title, style: .strong)]]) }
        let byline = item.authors.isEmpty ? "" : "by " + item.authors.joined(separator: ", ")
        if !byline.isEmpty { paragraphs.append([[StyledText.Run(byline, style: .emphasis)]]) }
        if !excerpt.isEmpty { paragraphs.append([[StyledText.Run(excerpt)]]) }
        // Its picture first, then the other pictures of its text (as a post shows up to four).
        var media = item.image.map { url in
            [MediaAttachment(id: "img:" + id, kind: .image, url: url, previewURL: url, description: item.title.isEmpty ? nil : item.title)]
        } ?? []
        for (n, image) in HTMLScan.images(item.content, limit: 8).enumerated() where media.count < 4 {
            guard let url = base.resolve(image.src), !media.contains(where: { $0.url == url }) else { continue }
            media.append(MediaAttachment(id: "img\(n):" + id, kind: .image, url: url, previewURL: url, description: image.alt.isEmpty ? nil : image.alt))
        }
        let author = Account(id: "feed:\(feed.id)", acct: feed.host, displayName: feed.title, url: feed.site)
        var post = Post(id: id, statusID: id, account: author, createdAt: date, content: StyledText(paragraphs: paragraphs),
                        media: media, url: item.link, editedAt: item.updated.flatMap { u in item.published.map { u > $0 ? u : nil } ?? nil })
        // The whole text is found by `/` too (its first 64 KB: an index of whole books helps no one).
        post.searchableText = String(whole.prefix(64 << 10))
        return post
    }
}

/// What an item's post says of its feed.
struct WebFeedPostSource: Sendable {
    var id: Int64
    var title: String
    var host: String
    var site: String?
}
