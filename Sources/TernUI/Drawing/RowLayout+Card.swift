import TernImages
import TernModel
import TernTerminal

/// A post's link card: the page's title (a link) and site, two lines of what it says of itself, and its
/// picture as a thumbnail where pictures are shown: the page as its author's post presents it.
extension RowLayout {
    mutating func addCard(_ card: LinkCard, of post: Post, x0: Int, inner: Int, blurOnly: Bool) {
        let provider = card.provider.isEmpty ? "" : " · " + card.provider
        lines += TextWrap.wrap(linked: [("↗ " + (card.title.isEmpty ? card.url : card.title), .link, card.url),
                                        (provider, .placeholder, nil)],
                               width: inner).prefix(2).map { Self.shift($0, x0) }
        // The page's own words, two lines at most, under its title.
        if let summary = card.summary {
            let flat = summary.split(whereSeparator: \.isNewline).joined(separator: " ")
            lines += TextWrap.wrap([(flat, .placeholder)], width: inner - 2).prefix(2).map { Self.shift($0, x0 + 2) }
        }
        // A sensitive post's card picture waits, as its pictures do (a card has no blurhash Tern draws).
        guard let image = card.image, !pictures.off, !blurOnly else { return }
        let rows = max(2, pictures.thumbnailRows(width: width) / 2)
        let aspect = min(16.0 / 9, max(0.8, card.imageAspect ?? 16.0 / 9))
        let columns = max(4, min(inner, pictures.maxColumns(rows: rows), Int((Double(rows) * 2 * aspect).rounded())))
        let picture = MediaAttachment(id: "card:" + post.id, kind: .image, url: image, previewURL: image, description: card.title)
        media.append(MediaBox(line: lines.count, column: x0 + 2, columns: columns, rows: rows, attachment: picture,
                              request: ThumbnailRequest(url: image, columns: columns, rows: rows)))
        lines += Array(repeating: [], count: rows)
    }
}
