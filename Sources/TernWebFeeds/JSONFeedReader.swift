import Foundation

/// JSON Feed 1.0 and 1.1 (`author` or `authors`, `content_html` or `content_text`, attachments).
enum JSONFeedReader {
    private struct Feed: Decodable {
        var version: String?
        var title: String?
        var home_page_url: String?
        var feed_url: String?
        var author: Author?
        var authors: [Author]?
        var items: [Item]?
    }

    private struct Author: Decodable {
        var name: String?
        var url: String?
    }

    private struct Item: Decodable {
        var id: Loose?
        var url: String?
        var external_url: String?
        var title: String?
        var content_html: String?
        var content_text: String?
        var summary: String?
        var image: String?
        var banner_image: String?
        var date_published: String?
        var date_modified: String?
        var author: Author?
        var authors: [Author]?
        var attachments: [Attachment]?
    }

    private struct Attachment: Decodable {
        var url: String?
        var mime_type: String?
        var size_in_bytes: Loose?
    }

    /// A value feeds write as a string or a number (ids, sizes), each form tried in turn. None of them: an item
    /// is named by its link or its words instead, and an attachment has no size.
    private struct Loose: Decodable {
        var text: String
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let s = try? c.decode(String.self) { text = s }
            else if let i = try? c.decode(Int64.self) { text = String(i) }
            else if let d = try? c.decode(Double.self) { text = String(d) }
            else { text = "" }
        }
    }

    static func read(_ data: Data, base: URL?) throws -> WebFeed {
        let feed: Feed
        do { feed = try JSONDecoder().decode(Feed.self, from: data) } catch {
            throw WebFeedError(description: "not readable as JSON Feed: \(error)")
        }
        guard feed.version?.contains("jsonfeed.org") ?? true || feed.items != nil else {
            throw WebFeedError(description: "JSON, but not a JSON Feed")
        }
        let links = LinkResolver(base: base)
        let dates = FeedDates()
        let feedAuthors = names(feed.authors ?? feed.author.map { [$0] } ?? [])
        let items = (feed.items ?? []).map { i -> WebFeedItem in
            let link = links.resolve(i.url) ?? links.resolve(i.external_url)
            let html = i.content_html ?? i.content_text.map { escapeMarkup($0) } ?? ""
            let title = i.title ?? ""
            let id = i.id?.text.nilIfEmpty ?? link ?? stableHash(title, html)
            let enclosures = (i.attachments ?? []).compactMap { a -> WebFeedItem.Enclosure? in
                guard let url = links.resolve(a.url) else { return nil }
                return WebFeedItem.Enclosure(url: url, type: a.mime_type, length: a.size_in_bytes.flatMap { Int($0.text) })
            }
            let own = names(i.authors ?? i.author.map { [$0] } ?? [])
            return WebFeedItem(id: id, title: title, link: link, published: dates.parse(i.date_published),
                               updated: dates.parse(i.date_modified), authors: own.isEmpty ? feedAuthors : own, content: html,
                               summary: i.summary.map { escapeMarkup($0) } ?? "",
                               image: links.resolve(i.image) ?? links.resolve(i.banner_image)
                                   ?? enclosures.first { $0.type?.hasPrefix("image/") == true }?.url
                                   ?? HTMLScan.firstImage(html).flatMap { links.resolve($0) },
                               enclosures: enclosures)
        }
        return WebFeed(format: .json, title: feed.title ?? "", link: links.resolve(feed.home_page_url), items: items)
    }

    private static func names(_ authors: [Author]) -> [String] {
        authors.compactMap { $0.name?.nilIfEmpty ?? $0.url }
    }
}
