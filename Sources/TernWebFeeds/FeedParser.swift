import Foundation

/// Reads a document as a feed, whatever its format: JSON Feed by its first character, RSS (0.9x, 1.0 as
/// RDF, 2.0) and Atom (0.3, 1.0) by their document element, through libxml2. `base` is where it was fetched
/// from: relative links are made absolute against it (and `xml:base` where the feed gives one).
package enum FeedParser {
    /// What a web page read as a feed is.
    package static let webPage = WebFeedError(description: "a web page, not a feed")

    package static func parse(_ data: Data, base: URL? = nil) throws -> WebFeed {
        let bytes = [UInt8](data)
        var start = bytes.startIndex
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start += 3 }
        while start < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        if start < bytes.endIndex, bytes[start] == UInt8(ascii: "{") {
            return try JSONFeedReader.read(Data(bytes[start...]), base: base)
        }
        let head = String(decoding: bytes.prefix(2048), as: UTF8.self).lowercased()
        let looksLikeHTML = head.contains("<html") || head.contains("<!doctype html")
        let root: XMLElement
        do { root = try XMLTree.parse(XMLRepair.repair(bytes)) } catch {
            throw looksLikeHTML ? webPage : WebFeedError(description: "\(error)")
        }
        let dates = FeedDates()
        let resolver = LinkResolver(base: base)
        if root.isElement("rss", in: nil) || root.isElement("RDF", in: XMLTree.rdf, prefix: "rdf") {
            return RSSReader(dates: dates, links: resolver).read(root)
        }
        if root.isElement("feed", in: XMLTree.atom) || root.isElement("feed", in: XMLTree.atom03) || root.name == "feed" {
            return AtomReader(links: resolver).read(root, dates: dates)
        }
        throw looksLikeHTML || root.name.lowercased() == "html" ? webPage : WebFeedError(description: "no feed: the document is <\(root.name)>")
    }
}

/// Relative links made absolute: against `xml:base` where the feed sets one, else where it came from.
struct LinkResolver {
    var base: URL?

    func resolve(_ link: String?, in base: URL? = nil) -> String? {
        guard let link = link?.trimmingCharacters(in: .whitespacesAndNewlines), !link.isEmpty else { return nil }
        guard let against = base ?? self.base, URL(string: link)?.scheme == nil,
              let url = URL(string: link, relativeTo: against) else { return link }
        return url.absoluteString
    }

    /// The base inside an element that sets `xml:base`.
    func within(_ e: XMLElement, _ base: URL?) -> URL? {
        guard let b = e.attributes["xml:base"] else { return base }
        return URL(string: b, relativeTo: base ?? self.base)?.absoluteURL ?? base
    }
}
