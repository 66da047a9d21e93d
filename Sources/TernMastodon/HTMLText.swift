import CLibXML2
import Foundation
import TernModel

/// Converts post HTML into styled text with libxml2's forgiving HTML parser: paragraphs, line breaks, links,
/// mentions, hashtags and entities, with Mastodon's invisible/ellipsis link spans honoured. Never fails:
/// unparseable soup gives whatever text could be recovered. Throws only when libxml2 itself cannot be loaded:
/// then no post is read at all, rather than posts stored with a warning for their text.
package enum HTMLText {
    package static func styledText(fromHTML raw: String) throws(MastodonError) -> StyledText {
        guard !raw.isEmpty else { return .empty }
        // libxml2 drops an escape sequence's ESC and keeps the rest ("[2J[H" in a hostile post): the
        // sequences go whole first.
        let html = Sanitizer.clean(raw, keepingLineBreaks: true)
        // A plain-text body (some servers send one) must not lose its newlines to HTML whitespace rules.
        if !html.contains("<"), html.contains("\n") {
            return StyledText(plain: decodeBasicEntities(html))
        }
        if let unavailable = tern_html_unavailable() { throw .missingLibrary(String(cString: unavailable)) }
        let utf8 = Array(html.utf8)
        let parsed = utf8.withUnsafeBufferPointer { buf in
            buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) { tern_html_parse($0, Int32(buf.count)) }
        }
        guard let document = parsed else { return StyledText(plain: html) }
        defer { tern_html_free_document(document) }
        var builder = Builder()
        var node = tern_html_document_first(document)
        while let n = node {
            builder.walk(n)
            node = tern_html_next(n)
        }
        return builder.finish()
    }

    private static func decodeBasicEntities(_ s: String) -> String {
        s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    // libxml2's node, incomplete to Swift.
    private typealias Node = OpaquePointer

    private struct Builder {
        var paragraphs: [[[StyledText.Run]]] = []
        var lines: [[StyledText.Run]] = []
        var line: [StyledText.Run] = []
        var styles: [StyledText.Style] = [.plain]
        var pendingSpace = false
        var preformatted = 0

        static let blocks: Set<String> = ["p", "div", "blockquote", "ul", "ol", "pre", "h1", "h2", "h3", "h4",
                                          "h5", "h6", "table", "tr", "section", "article", "header", "footer"]
        static let skipped: Set<String> = ["script", "style", "head", "title", "template", "noscript"]

        mutating func walk(_ node: Node) {
            switch tern_html_kind(node) {
            case TERN_HTML_TEXT:
                if let c = tern_html_text(node) { text(String(cString: c)) }
            case TERN_HTML_ELEMENT:
                element(node)
            default:
                break
            }
        }

        mutating func children(_ node: Node) {
            var child = tern_html_first_child(node)
            while let c = child {
                walk(c)
                child = tern_html_next(c)
            }
        }

        mutating func element(_ node: Node) {
            guard let raw = tern_html_name(node) else { return }
            let name = String(cString: raw).lowercased()
            if Self.skipped.contains(name) { return }
            let classes = attribute(node, "class")?.split(separator: " ").map(String.init) ?? []
            switch name {
            case "br":
                endLine()
            case "li":
                endLine()
                text("• ")
                children(node)
                endLine()
            case "a":
                let href = attribute(node, "href") ?? ""
                let style: StyledText.Style = classes.contains("hashtag") ? .hashtag(href)
                    : classes.contains("mention") ? .mention(href) : .link(href)
                styled(style) { $0.children(node) }
            case "span" where classes.contains("invisible"):
                return
            // Mastodon's "RE: link" for clients that do not show quotes: Tern shows the quote itself.
            case "span" where classes.contains("quote-inline"), "p" where classes.contains("quote-inline"):
                return
            case "span" where classes.contains("ellipsis"):
                children(node)
                text("…")
            case "strong", "b":
                styled(.strong) { $0.children(node) }
            case "em", "i":
                styled(.emphasis) { $0.children(node) }
            case "code":
                styled(.code) { $0.children(node) }
            case "img":
                // Custom emoji in Akkoma/Pleroma content: show the shortcode.
                if let alt = attribute(node, "alt") ?? attribute(node, "title") { text(alt) }
            case "pre":
                endParagraph()
                preformatted += 1
                styled(.code) { $0.children(node) }
                preformatted -= 1
                endParagraph()
            default:
                if Self.blocks.contains(name) {
                    endParagraph()
                    children(node)
                    endParagraph()
                } else {
                    children(node)
                }
            }
        }

        mutating func styled(_ style: StyledText.Style, _ body: (inout Builder) -> Void) {
            // A link keeps its target even when its text is bold or emphasised inside.
            styles.append(style)
            body(&self)
            styles.removeLast()
        }

        func attribute(_ node: Node, _ name: String) -> String? {
            guard let raw = tern_html_attribute(node, name) else { return nil }
            defer { tern_html_free_string(raw) }
            return String(cString: raw)
        }

        /// Appends text with HTML whitespace collapsing (outside <pre>).
        mutating func text(_ s: String) {
            if preformatted > 0 {
                let parts = s.split(separator: "\n", omittingEmptySubsequences: false)
                for (i, part) in parts.enumerated() {
                    if i > 0 { endLine() }
                    append(String(part))
                }
                return
            }
            var out = ""
            for ch in s {
                if ch.isWhitespace {
                    pendingSpace = true
                } else {
                    if pendingSpace, !(line.isEmpty && out.isEmpty) { out.append(" ") }
                    pendingSpace = false
                    out.append(ch)
                }
            }
            append(out)
        }

        mutating func append(_ s: String) {
            guard !s.isEmpty else { return }
            let style = currentStyle
            if var last = line.last, last.style == style {
                last.text += s
                line[line.count - 1] = last
            } else {
                line.append(StyledText.Run(s, style: style))
            }
        }

        var currentStyle: StyledText.Style {
            // The innermost link-like style wins over emphasis; otherwise the innermost style.
            for s in styles.reversed() {
                switch s {
                case .link, .mention, .hashtag: return s
                default: continue
                }
            }
            return styles.last ?? .plain
        }

        mutating func endLine() {
            lines.append(line)
            line = []
            pendingSpace = false
        }

        mutating func endParagraph() {
            if !line.isEmpty { endLine() }
            while let last = lines.last, last.isEmpty { lines.removeLast() }
            while let first = lines.first, first.isEmpty { lines.removeFirst() }
            if !lines.isEmpty { paragraphs.append(lines) }
            lines = []
            pendingSpace = false
        }

        mutating func finish() -> StyledText {
            endParagraph()
            return StyledText(paragraphs: paragraphs)
        }
    }
}
