import CLibXML2

/// What a feed reader needs of an HTML fragment without rendering it: its words (a title given as HTML)
/// and its first picture (an item's thumbnail when the feed names none). libxml2's HTML parser, as posts use.
enum HTMLScan {
    /// The text of `html`, tags gone, entities read, runs of white space as one space.
    static func text(_ html: String) -> String {
        guard html.contains("<") || html.contains("&") else { return collapse(html) }
        var out = ""
        walk(html) { node in
            if tern_html_kind(node) == TERN_HTML_TEXT, let t = tern_html_text(node) { out += String(cString: t) }
            // A new block or line is a break between words ("link.</p><p>Harbour" is two sentences).
            else if tern_html_kind(node) == TERN_HTML_ELEMENT, let name = tern_html_name(node),
                    blocks.contains(String(cString: name).lowercased()) { out += " " }
            return true
        }
        return collapse(out)
    }

    private static let blocks: Set<String> = ["p", "br", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6",
                                             "blockquote", "pre", "tr", "td", "th", "hr", "section", "article", "figure", "figcaption"]

    /// The address of the first `<img>` in `html`.
    static func firstImage(_ html: String) -> String? { images(html, limit: 1).first?.src }

    /// The `<img>`s of `html`, their addresses and alt texts, up to `limit`.
    static func images(_ html: String, limit: Int) -> [(src: String, alt: String)] {
        guard html.range(of: "<img", options: .caseInsensitive) != nil else { return [] }
        var found: [(String, String)] = []
        walk(html) { node in
            if tern_html_kind(node) == TERN_HTML_ELEMENT, let name = tern_html_name(node), String(cString: name).lowercased() == "img",
               let src = tern_html_attribute(node, "src") {
                let s = String(cString: src)
                tern_html_free_string(src)
                var alt = ""
                if let a = tern_html_attribute(node, "alt") { alt = String(cString: a); tern_html_free_string(a) }
                if !s.isEmpty, !found.contains(where: { $0.0 == s }) { found.append((s, alt)) }
            }
            return found.count < limit
        }
        return found
    }

    /// Every `<link>` element's rel, type and href.
    static func links(_ html: String) -> [(rel: String, type: String, href: String)] {
        var out: [(String, String, String)] = []
        walk(html) { node in
            if tern_html_kind(node) == TERN_HTML_ELEMENT, let name = tern_html_name(node), String(cString: name).lowercased() == "link" {
                func attribute(_ a: String) -> String {
                    guard let v = tern_html_attribute(node, a) else { return "" }
                    defer { tern_html_free_string(v) }
                    return String(cString: v)
                }
                let href = attribute("href")
                if !href.isEmpty { out.append((attribute("rel"), attribute("type"), href)) }
            }
            return true
        }
        return out
    }

    /// Runs of white space as one space, the ends trimmed; by scalar, not by character (a tenth of a
    /// refresh went to splitting texts into characters).
    private static func collapse(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        var space = false
        for u in s.unicodeScalars {
            // ASCII asked directly: the Unicode property lookup is the slow part of a long text.
            if u.value < 0x80 ? (u == " " || (0x09...0x0D).contains(u.value)) : u.properties.isWhitespace {
                space = !out.isEmpty
                continue
            }
            if space { out.append(" "); space = false }
            out.append(u)
        }
        return String(out)
    }

    /// Every node in document order, while `visit` says go on.
    private static func walk(_ html: String, _ visit: (OpaquePointer) -> Bool) {
        var bytes = Array(html.utf8)
        guard !bytes.isEmpty, bytes.count < Int(Int32.max) else { return }
        guard let doc = bytes.withUnsafeMutableBufferPointer({ b in
            b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { tern_html_parse($0, Int32(b.count)) }
        }) else { return }
        defer { tern_html_free_document(doc) }
        var stack: [OpaquePointer] = []
        var node = tern_html_document_first(doc)
        while true {
            guard let n = node else {
                guard let parent = stack.popLast() else { return }
                node = tern_html_next(parent)
                continue
            }
            guard visit(n) else { return }
            if let child = tern_html_first_child(n) {
                stack.append(n)
                node = child
            } else {
                node = tern_html_next(n)
            }
        }
    }
}

/// FNV-1a, 64 bits, as 16 hex digits: an item's id when the feed gives it none (stable across runs, unlike
/// `Hasher`). Always 16: an item's post id ends with it, and ids of one length sort by their characters
/// (`ServerID.isNewer`); unpadded, one key in sixteen was shorter and its item sorted as older than all.
func stableHash(_ parts: String...) -> String {
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    for part in parts {
        for b in part.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        h = (h ^ 0x1F) &* 0x100_0000_01B3
    }
    let hex = String(h, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
}

/// Text made safe inside markup (`&`, `<`, `>`, and with `quotes` the `"` of an attribute): the one escape
/// the feeds' code writes markup with (Atom's inner XHTML, plain text as HTML, OPML).
func escapeMarkup(_ s: String, quotes: Bool = true) -> String {
    var r = ""
    r.reserveCapacity(s.utf8.count)
    for ch in s {
        switch ch {
        case "&": r += "&amp;"
        case "<": r += "&lt;"
        case ">": r += "&gt;"
        case "\"" where quotes: r += "&quot;"
        default: r.append(ch)
        }
    }
    return r
}
