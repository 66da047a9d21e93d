import Foundation

/// Atom 1.0 and 0.3: text constructs (text, html, xhtml, 0.3's escaped mode), links by `rel`, `xml:base`
/// at any level, authors of the entry or else of the feed, and Media RSS inside entries.
struct AtomReader {
    var links: LinkResolver

    func read(_ root: XMLElement, dates: FeedDates) -> WebFeed {
        let base = links.within(root, nil)
        let feedAuthors = authors(root)
        let items = entries(root).map { entry($0, base, feedAuthors: feedAuthors, dates: dates) }
        return WebFeed(format: .atom, title: text(atom(root, "title"), html: false), link: link(root, base), items: items)
    }

    private func entries(_ root: XMLElement) -> [XMLElement] { all(root, "entry") }

    /// An Atom element, in 1.0's namespace, 0.3's, or none (a feed that forgot it).
    private func atom(_ e: XMLElement?, _ local: String) -> XMLElement? {
        guard let e else { return nil }
        return e.first(local, in: XMLTree.atom) ?? e.first(local, in: XMLTree.atom03) ?? e.elements.first { $0.name == local && $0.namespace == nil }
    }

    private func all(_ e: XMLElement, _ local: String) -> [XMLElement] {
        e.elements.filter { $0.name == local && ($0.namespace == XMLTree.atom || $0.namespace == XMLTree.atom03 || $0.namespace == nil) }
    }

    /// The `alternate` link (or one with no `rel`), else the first that is not the feed itself.
    private func link(_ e: XMLElement, _ base: URL?) -> String? {
        let ls = all(e, "link")
        let chosen = ls.first { ($0.attributes["rel"] ?? "alternate") == "alternate" } ?? ls.first { !["self", "enclosure", "edit"].contains($0.attributes["rel"] ?? "") }
        guard let chosen else { return nil }
        return links.resolve(chosen.attributes["href"], in: links.within(chosen, base))
    }

    private func authors(_ e: XMLElement) -> [String] {
        all(e, "author").compactMap { a in
            let name = atom(a, "name")?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            let email = atom(a, "email")?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            return name.isEmpty ? (email.isEmpty ? nil : email) : name
        }
    }

    /// A text construct as words (`html: false`) or as HTML for the reader to lay out.
    func text(_ e: XMLElement?, html: Bool) -> String {
        guard let e else { return "" }
        let type = (e.attributes["type"] ?? "text").lowercased()
        // Base64: 0.3's mode, or 1.0's rule for a type that is neither text nor XML. What decodes to text is
        // read as HTML (a title sent as an encoded `<p>`); what doesn't is taken as the text it is.
        let plainTypes = ["text", "html", "xhtml"]
        if e.attributes["mode"] == "base64" || (!plainTypes.contains(type) && !type.hasPrefix("text/") && !type.hasSuffix("xml")),
           let data = Data(base64Encoded: e.text.filter { !$0.isWhitespace }), let decoded = String(validating: data, as: UTF8.self) {
            return html ? decoded : HTMLScan.text(decoded)
        }
        let markup: String
        switch type {
        case "xhtml", "application/xhtml+xml": markup = e.innerMarkup
        case "html", "text/html": markup = e.text
        default:
            // 0.3: `mode="escaped"` is HTML; `mode="xml"` with an HTML type is markup.
            if e.attributes["mode"] == "escaped", type.contains("html") { markup = e.text }
            else if type.contains("html") { markup = e.innerMarkup.isEmpty ? e.text : e.innerMarkup }
            else {
                let t = e.text
                return html ? escapeMarkup(t) : t.trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        return html ? markup : HTMLScan.text(markup)
    }

    private func entry(_ e: XMLElement, _ feedBase: URL?, feedAuthors: [String], dates: FeedDates) -> WebFeedItem {
        let base = links.within(e, feedBase)
        let itemLink = link(e, base)
        let content = text(atom(e, "content"), html: true)
        let summary = text(atom(e, "summary"), html: true)
        let title = text(atom(e, "title"), html: false)
        let updated = dates.parse(atom(e, "updated")?.text) ?? dates.parse(atom(e, "modified")?.text)
        // An entry that says only when it last changed was published no later: readers show that date.
        let published = dates.parse(atom(e, "published")?.text) ?? dates.parse(atom(e, "issued")?.text)
            ?? dates.parse(atom(e, "created")?.text) ?? updated
        let id = atom(e, "id")?.text.trimmingCharacters(in: .whitespacesAndNewlines).nilIfEmpty
            ?? itemLink ?? stableHash(title, content, summary)
        var enclosures = all(e, "link").filter { $0.attributes["rel"] == "enclosure" }.compactMap { l -> WebFeedItem.Enclosure? in
            guard let url = links.resolve(l.attributes["href"], in: links.within(l, base)) else { return nil }
            return WebFeedItem.Enclosure(url: url, type: l.attributes["type"], length: l.attributes["length"].flatMap { Int($0) })
        }
        let media = MediaExtension(e, links: links, base: base)
        enclosures += media.contents.filter { m in !enclosures.contains { $0.url == m.url } }
        let html = content.isEmpty ? summary : content
        let image = media.thumbnail ?? enclosures.first { $0.type?.hasPrefix("image/") == true }?.url
            ?? HTMLScan.firstImage(html).flatMap { links.resolve($0, in: base) }
        let own = authors(e)
        return WebFeedItem(id: id, title: title, link: itemLink, published: published, updated: updated,
                           authors: own.isEmpty ? feedAuthors : own, content: html, summary: content.isEmpty ? "" : summary,
                           image: image, enclosures: enclosures)
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
