import Foundation

/// RSS 0.9x, 1.0 (RDF, items beside the channel) and 2.0, with the extensions feeds lean on: `content:encoded`,
/// Dublin Core, Media RSS, iTunes, and Atom links and dates inside RSS.
struct RSSReader {
    let dates: FeedDates
    var links: LinkResolver

    func read(_ root: XMLElement) -> WebFeed {
        let channel = root.first("channel") ?? root.first("channel", in: XMLTree.rss10) ?? root.first("channel", in: XMLTree.rss09)
            ?? XMLElement(name: "channel")
        let base = links.within(root, links.within(channel, nil))
        // RDF keeps items beside the channel; RSS 2.0 inside it.
        let items = channel.all("item") + root.all("item") + root.all("item", in: XMLTree.rss10) + root.all("item", in: XMLTree.rss09)
            + channel.all("item", in: XMLTree.rss10)
        let title = own(channel, "title")?.text ?? channel.first("title", in: XMLTree.dc, prefix: "dc")?.text ?? ""
        let link = own(channel, "link").flatMap { links.resolve($0.text, in: base) }
            ?? alternate(channel, base)
        return WebFeed(format: .rss, title: HTMLScan.text(title), link: link, items: items.map { item($0, base) })
    }

    /// The element of RSS's own (no namespace, or RSS 1.0's or 0.9's).
    private func own(_ e: XMLElement, _ local: String) -> XMLElement? {
        e.first(local) ?? e.first(local, in: XMLTree.rss10) ?? e.first(local, in: XMLTree.rss09)
    }

    private func alternate(_ e: XMLElement, _ base: URL?) -> String? {
        let atomLinks = e.all("link", in: XMLTree.atom, prefix: "atom")
        let link = atomLinks.first { ($0.attributes["rel"] ?? "alternate") == "alternate" } ?? atomLinks.first { $0.attributes["rel"] != "self" }
        return links.resolve(link?.attributes["href"], in: base)
    }

    private func item(_ e: XMLElement, _ feedBase: URL?) -> WebFeedItem {
        let base = links.within(e, feedBase)
        let title = own(e, "title")?.text ?? e.first("title", in: XMLTree.dc, prefix: "dc")?.text
            ?? e.first("title", in: XMLTree.media, prefix: "media")?.text ?? ""
        let description = own(e, "description")?.text ?? e.first("description", in: XMLTree.dc, prefix: "dc")?.text
            ?? e.first("summary", in: XMLTree.itunes, prefix: "itunes").map { escapeMarkup($0.text) } ?? ""
        // Full text: RSS's extension for it, else an Atom content element inside the item.
        let encoded = e.first("encoded", in: XMLTree.content, prefix: "content")?.text
            ?? e.first("content", in: XMLTree.atom, prefix: "atom").map { AtomReader(links: links).text($0, html: true) }
        let content = encoded ?? description
        let guid = own(e, "guid")
        var link = own(e, "link").flatMap { links.resolve($0.text, in: base) } ?? alternate(e, base)
        if link == nil, let g = guid, g.attributes["isPermaLink"] != "false", g.text.hasPrefix("http") { link = g.text }
        let id = guid.map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
            ?? e.attributes["about"] ?? link ?? stableHash(title, description, own(e, "pubDate")?.text ?? "")
        let published = dates.parse(own(e, "pubDate")?.text) ?? dates.parse(e.first("date", in: XMLTree.dc, prefix: "dc")?.text)
            ?? dates.parse(e.first("published", in: XMLTree.atom, prefix: "atom")?.text)
        // Dublin Core's one date says when the item was made or last changed.
        let updated = dates.parse(e.first("updated", in: XMLTree.atom, prefix: "atom")?.text)
            ?? dates.parse(e.first("modified", in: XMLTree.dc, prefix: "dc")?.text)
            ?? dates.parse(e.first("date", in: XMLTree.dc, prefix: "dc")?.text)
        var authors = own(e, "author").map { [Self.person($0.text)] } ?? []
        authors += (e.all("creator", in: XMLTree.dc, prefix: "dc") + e.all("author", in: XMLTree.dc, prefix: "dc")).map { Self.person($0.text) }
        authors += e.all("author", in: XMLTree.atom, prefix: "atom").compactMap { $0.first("name", in: XMLTree.atom)?.text ?? $0.first("name")?.text }
        if authors.isEmpty, let it = e.first("author", in: XMLTree.itunes, prefix: "itunes")?.text { authors = [it] }
        let enclosures = e.all("enclosure") + e.all("enclosure", in: XMLTree.rss10)
        let media = MediaExtension(e, links: links, base: base)
        var found = enclosures.compactMap { enc -> WebFeedItem.Enclosure? in
            guard let url = links.resolve(enc.attributes["url"], in: base) else { return nil }
            return WebFeedItem.Enclosure(url: url, type: enc.attributes["type"], length: enc.attributes["length"].flatMap { Int($0) })
        }
        found += media.contents.filter { m in !found.contains { $0.url == m.url } }
        let image = media.thumbnail ?? media.contents.first { $0.type?.hasPrefix("image/") == true }?.url
            ?? found.first { $0.type?.hasPrefix("image/") == true }?.url
            ?? e.first("image", in: XMLTree.itunes, prefix: "itunes").flatMap { links.resolve($0.attributes["href"], in: base) }
            ?? HTMLScan.firstImage(content).flatMap { links.resolve($0, in: base) }
            ?? (encoded != nil ? HTMLScan.firstImage(description).flatMap { links.resolve($0, in: base) } : nil)
        return WebFeedItem(id: id, title: HTMLScan.text(title), link: link, published: published, updated: updated,
                           authors: authors.filter { !$0.isEmpty }, content: content, summary: encoded != nil ? description : "",
                           image: image, enclosures: found)
    }

    /// RSS's "email (Name)", "Name <email>", or either alone, as the name (the address when there is no name).
    static func person(_ raw: String) -> String {
        let s = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if let open = s.firstIndex(of: "("), let close = s.lastIndex(of: ")"), open < close {
            let inside = s[s.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
            let outside = s[..<open].trimmingCharacters(in: .whitespaces)
            return outside.contains("@") || outside.isEmpty ? inside : outside
        }
        if let lt = s.firstIndex(of: "<") {
            let name = s[..<lt].trimmingCharacters(in: .whitespaces)
            if !name.isEmpty { return name }
            return s[s.index(after: lt)...].trimmingCharacters(in: CharacterSet(charactersIn: "> "))
        }
        return s
    }
}

/// Media RSS on an item (or inside its `media:group`): pictures and other files, and its thumbnail.
struct MediaExtension {
    var contents: [WebFeedItem.Enclosure] = []
    var thumbnail: String?

    init(_ e: XMLElement, links: LinkResolver, base: URL?) {
        let groups = [e] + e.all("group", in: XMLTree.media, prefix: "media")
        for g in groups {
            for c in g.all("content", in: XMLTree.media, prefix: "media") {
                guard let url = links.resolve(c.attributes["url"], in: base) else { continue }
                let type = c.attributes["type"] ?? (c.attributes["medium"] == "image" ? "image/*" : nil)
                contents.append(WebFeedItem.Enclosure(url: url, type: type, length: c.attributes["fileSize"].flatMap { Int($0) }))
                if thumbnail == nil { thumbnail = c.first("thumbnail", in: XMLTree.media, prefix: "media").flatMap { links.resolve($0.attributes["url"], in: base) } }
            }
            if thumbnail == nil {
                thumbnail = g.first("thumbnail", in: XMLTree.media, prefix: "media").flatMap { links.resolve($0.attributes["url"], in: base) }
            }
        }
    }
}
