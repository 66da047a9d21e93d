import Foundation

/// Lists of feeds as other readers keep them: OPML (what every reader imports and exports) and newsboat's
/// `urls` file (an address a line, then its tags; a tag `"~Name"` names the feed; `#` comments).
package enum FeedList {
    /// A feed to subscribe to, as a list gives it.
    package struct Entry: Sendable, Equatable {
        package var url: URL
        package var title: String
        package var tags: [String]

        package init(url: URL, title: String = "", tags: [String] = []) {
            self.url = url
            self.title = title
            self.tags = tags
        }
    }

    /// What a list held, and the lines or outlines it could not take, each with why.
    package struct Read: Sendable, Equatable {
        package var entries: [Entry] = []
        package var skipped: [String] = []
    }

    /// Either format, told by its first character.
    package static func read(_ data: Data) throws -> Read {
        let text = String(decoding: data, as: UTF8.self)
        let start = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        return start.hasPrefix("<") ? try opml(data) : newsboat(text)
    }

    /// OPML: every outline with an `xmlUrl`, tagged with the outlines it sits in (its folders).
    package static func opml(_ data: Data) throws -> Read {
        let root: XMLElement
        do { root = try XMLTree.parse(XMLRepair.repair([UInt8](data))) } catch {
            throw WebFeedError(description: "not readable as OPML: \(error)")
        }
        guard root.name.lowercased() == "opml", let body = root.first("body") else {
            throw WebFeedError(description: "not OPML: the document is <\(root.name)>")
        }
        var out = Read()
        func walk(_ e: XMLElement, folders: [String]) {
            for o in e.all("outline") {
                let name = (o.attributes["title"] ?? o.attributes["text"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                if let raw = o.attributes["xmlUrl"] ?? o.attributes["xmlurl"] {
                    if let url = URL(string: raw.trimmingCharacters(in: .whitespaces)), url.scheme?.hasPrefix("http") == true {
                        out.entries.append(Entry(url: url, title: name, tags: folders))
                    } else {
                        out.skipped.append("\(name.isEmpty ? raw : name): not a web address (\(raw))")
                    }
                } else {
                    walk(o, folders: name.isEmpty ? folders : folders + [name])
                }
            }
        }
        walk(body, folders: [])
        return out
    }

    /// newsboat's `urls`: `URL tag "tag with spaces" "~Title"`; `query:` and `exec:` feeds are newsboat's own.
    package static func newsboat(_ text: String) -> Read {
        var out = Read()
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let words = shellWords(line)
            guard let first = words.first else { continue }
            guard let url = URL(string: first), url.scheme?.hasPrefix("http") == true else {
                out.skipped.append("line \(n + 1): \(first.hasPrefix("query:") || first.hasPrefix("exec:") || first.hasPrefix("filter:") ? "newsboat's own kind of feed" : "not a web address"): \(first)")
                continue
            }
            var entry = Entry(url: url)
            for w in words.dropFirst() {
                if w.hasPrefix("~") { entry.title = String(w.dropFirst()) }
                else if w.hasPrefix("!") { continue }  // newsboat's "hidden" mark
                else { entry.tags.append(w) }
            }
            out.entries.append(entry)
        }
        return out
    }

    /// Words split at spaces, with `"quoted words"` kept whole.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = [], word = "", quoted = false, had = false
        for ch in line {
            if ch == "\"" { quoted.toggle(); had = true; continue }
            if ch.isWhitespace, !quoted {
                if had || !word.isEmpty { words.append(word) }
                word = ""; had = false
                continue
            }
            word.append(ch)
        }
        if had || !word.isEmpty { words.append(word) }
        return words
    }

    /// OPML 2.0 of `entries`, a folder for each first tag.
    package static func opml(_ entries: [Entry], title: String = "Tern feeds") -> String {
        func outline(_ e: Entry, indent: String) -> String {
            let name = escapeMarkup(e.title.isEmpty ? e.url.absoluteString : e.title)
            let extra = e.tags.count > 1 ? " category=\"\(escapeMarkup(e.tags.dropFirst().joined(separator: ",")))\"" : ""
            return "\(indent)<outline type=\"rss\" text=\"\(name)\" title=\"\(name)\" xmlUrl=\"\(escapeMarkup(e.url.absoluteString))\"\(extra)/>\n"
        }
        var body = ""
        for e in entries where e.tags.isEmpty { body += outline(e, indent: "    ") }
        var folders: [String] = []
        for e in entries { if let t = e.tags.first, !folders.contains(t) { folders.append(t) } }
        for folder in folders {
            body += "    <outline text=\"\(escapeMarkup(folder))\" title=\"\(escapeMarkup(folder))\">\n"
            for e in entries where e.tags.first == folder { body += outline(e, indent: "      ") }
            body += "    </outline>\n"
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n  <head><title>\(escapeMarkup(title))</title></head>\n  <body>\n\(body)  </body>\n</opml>\n"
    }

    /// The feeds a web page names (`<link rel="alternate" type="application/rss+xml" href="…">`), in order.
    package static func alternates(inPage html: String, base: URL) -> [URL] {
        let types = ["application/rss+xml", "application/atom+xml", "application/feed+json", "application/json", "application/rdf+xml"]
        return HTMLScan.links(html).filter { l in
            l.rel.lowercased().split(separator: " ").contains("alternate") && types.contains(l.type.lowercased())
        }.compactMap { URL(string: $0.href, relativeTo: base)?.absoluteURL }
    }
}
