import Foundation

/// The `Link` header of paged Mastodon responses (RFC 8288): `<url>; rel="next", <url>; rel="prev"`.
/// Cursors are never built by the client; it follows these URLs.
package struct LinkHeader: Sendable, Equatable {
    package var next: URL?
    package var prev: URL?

    package init(next: URL? = nil, prev: URL? = nil) {
        self.next = next
        self.prev = prev
    }

    /// Parses a header value; unknown relations and malformed parts are ignored.
    package init(parsing value: String) {
        var i = value.startIndex
        while let open = value[i...].firstIndex(of: "<") {
            guard let close = value[open...].firstIndex(of: ">") else { break }
            let target = String(value[value.index(after: open)..<close])
            // Parameters run until the next "<" that starts a new link.
            let paramsEnd = value[close...].firstIndex(of: "<") ?? value.endIndex
            let params = value[value.index(after: close)..<paramsEnd]
            for param in params.split(separator: ";") {
                let kv = param.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard kv.count == 2, kv[0].lowercased() == "rel" else { continue }
                let rels = kv[1].trimmingCharacters(in: CharacterSet(charactersIn: "\", ")).lowercased()
                    .split(separator: " ")
                let url = URL(string: target)
                if rels.contains("next") { next = url }
                if rels.contains("prev") || rels.contains("previous") { prev = url }
            }
            i = paramsEnd
        }
    }
}
