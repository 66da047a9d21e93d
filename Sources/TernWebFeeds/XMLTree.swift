import CLibXML2

/// An XML element as the feed readers walk it: a plain tree copied out of libxml2's document, so nothing
/// outlives the parse. Only the attributes feeds use are kept (`XMLTree.attributeNames`).
struct XMLElement: Sendable {
    /// The name as written, with its prefix when the prefix was never declared (`content:encoded` in a
    /// feed that forgot the namespace), else the local name.
    var name: String
    /// The namespace URI, when declared.
    var namespace: String?
    var attributes: [String: String] = [:]
    var children: [Node] = []

    enum Node: Sendable {
        case element(XMLElement)
        case text(String)
    }

    var elements: [XMLElement] {
        children.compactMap { if case .element(let e) = $0 { return e } else { return nil } }
    }

    /// Every text inside, in order.
    var text: String {
        var out = ""
        func walk(_ e: XMLElement) {
            for c in e.children {
                switch c {
                case .text(let t): out += t
                case .element(let child): walk(child)
                }
            }
        }
        walk(self)
        return out
    }

    /// The inside as markup again (Atom's `type="xhtml"` content), for the HTML reader to read.
    var innerMarkup: String {
        var out = ""
        func walk(_ e: XMLElement) {
            for c in e.children {
                switch c {
                case .text(let t): out += escapeMarkup(t, quotes: false)
                case .element(let child):
                    let local = child.name.split(separator: ":").last.map(String.init) ?? child.name
                    out += "<" + local
                    for (k, v) in child.attributes.sorted(by: { $0.key < $1.key }) { out += " \(k)=\"\(escapeMarkup(v))\"" }
                    out += ">"
                    walk(child)
                    out += "</\(local)>"
                }
            }
        }
        walk(self)
        return out
    }

    /// Whether this is the element `local` of namespace `ns`, however the feed wrote it: in the namespace,
    /// or with the usual prefix left undeclared, or (for `ns` nil) with no namespace at all.
    func isElement(_ local: String, in ns: String?, prefix: String? = nil) -> Bool {
        if let ns {
            if namespace == ns, name == local { return true }
            if let prefix, namespace == nil, name == prefix + ":" + local { return true }
            return false
        }
        return name == local && (namespace == nil || !XMLTree.extensionNamespaces.contains(namespace!))
    }

    func first(_ local: String, in ns: String? = nil, prefix: String? = nil) -> XMLElement? {
        elements.first { $0.isElement(local, in: ns, prefix: prefix) }
    }

    func all(_ local: String, in ns: String? = nil, prefix: String? = nil) -> [XMLElement] {
        elements.filter { $0.isElement(local, in: ns, prefix: prefix) }
    }
}

/// libxml2's XML parser, as far as feeds need it.
enum XMLTree {
    static let atom = "http://www.w3.org/2005/Atom"
    static let atom03 = "http://purl.org/atom/ns#"
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    static let rss10 = "http://purl.org/rss/1.0/"
    static let rss09 = "http://my.netscape.com/rdf/simple/0.9/"
    static let content = "http://purl.org/rss/1.0/modules/content/"
    static let dc = "http://purl.org/dc/elements/1.1/"
    static let media = "http://search.yahoo.com/mrss/"
    static let itunes = "http://www.itunes.com/dtds/podcast-1.0.dtd"
    static let xml = "http://www.w3.org/XML/1998/namespace"

    /// Elements of these namespaces are never taken for the feed's own (an RSS `<title>` is not `dc:title`).
    static let extensionNamespaces: Set<String> = [content, dc, media, itunes, atom, atom03]

    /// The attributes kept: what feeds' elements carry that a reader uses.
    static let attributeNames = ["href", "rel", "type", "url", "length", "medium", "width", "height", "src", "alt", "title",
                                 "term", "label", "isPermaLink", "version", "mode", "hreflang", "about", "resource", "lang", "text", "fileSize", "xmlUrl", "xmlurl", "category"]

    enum ParseError: Error, CustomStringConvertible {
        case unavailable(String)
        case unreadable
        var description: String {
            switch self {
            case .unavailable(let why): return why
            case .unreadable: return "not readable as XML"
            }
        }
    }

    /// The document element of `bytes`.
    static func parse(_ bytes: [UInt8]) throws -> XMLElement {
        if let why = tern_html_unavailable() { throw ParseError.unavailable(String(cString: why)) }
        guard !bytes.isEmpty, bytes.count < Int(Int32.max),
              let doc = bytes.withUnsafeBufferPointer({ b in
                  b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { tern_xml_parse($0, Int32(b.count)) }
              }) else { throw ParseError.unreadable }
        defer { tern_html_free_document(doc) }
        var node = tern_html_document_first(doc)
        while let n = node {
            if tern_html_kind(n) == TERN_HTML_ELEMENT { return element(n, depth: 0) }
            node = tern_html_next(n)
        }
        throw ParseError.unreadable
    }

    /// Namespaces feeds write in more than one case (iTunes' `DTDs/PodCast`), as one.
    private static func canonical(_ ns: String) -> String {
        ns.count == itunes.count && ns.lowercased() == itunes ? itunes : ns
    }

    private static func element(_ n: OpaquePointer, depth: Int) -> XMLElement {
        var e = XMLElement(name: tern_html_name(n).map { String(cString: $0) } ?? "",
                           namespace: tern_xml_namespace(n).map { canonical(String(cString: $0)) })
        for a in attributeNames {
            if let v = tern_html_attribute(n, a) {
                e.attributes[a] = String(cString: v)
                tern_html_free_string(v)
            }
        }
        if let base = tern_xml_attribute_ns(n, "base", xml) {
            e.attributes["xml:base"] = String(cString: base)
            tern_html_free_string(base)
        }
        // Feeds are shallow; a document nested deeper than this is a trap, not a feed.
        guard depth < 64 else { return e }
        var child = tern_html_first_child(n)
        while let c = child {
            switch tern_html_kind(c) {
            case TERN_HTML_ELEMENT: e.children.append(.element(element(c, depth: depth + 1)))
            case TERN_HTML_TEXT: if let t = tern_html_text(c) { e.children.append(.text(String(cString: t))) }
            default: break
            }
            child = tern_html_next(c)
        }
        return e
    }
}
