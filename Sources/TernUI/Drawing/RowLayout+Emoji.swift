import TernImages
import TernModel
import TernTerminal

extension RowLayout {
    /// Custom emoji as pictures where the terminal has pixels: each `:shortcode:` of `emojis` in these lines
    /// gives way to two blank columns with a 2×1 picture over them, and what follows on its line moves left
    /// to close up (but a post's time, flush right). Elsewhere (symbols, no pictures) the shortcode stays as text: a 2×1 picture of symbols
    /// says nothing.
    mutating func placeEmoji(_ emojis: [CustomEmoji]?, lines range: Range<Int>) {
        guard pictures.pixels, !pictures.off, let emojis, !emojis.isEmpty else { return }
        let byCode = Dictionary(emojis.map { (":\($0.shortcode):", $0) }, uniquingKeysWith: { first, _ in first })
        for l in range {
            var out: [Segment] = []
            var shift = 0
            for var seg in lines[l] {
                // A post's time stays flush right.
                if seg.role != .time { seg.column -= shift }
                var rest = Substring(seg.text.string)
                var column = seg.column
                var pieces: [(text: String, column: Int)] = []
                while let (range, emoji) = Self.firstShortcode(in: rest, byCode) {
                    let before = String(rest[..<range.lowerBound])
                    if !before.isEmpty { pieces.append((before, column)) }
                    column += DisplayWidth.of(before)
                    let attachment = MediaAttachment(id: "emoji:" + emoji.shortcode, kind: .image, url: emoji.url,
                                                     previewURL: emoji.url, blurhash: nil)
                    media.append(MediaBox(line: l, column: column, columns: 2, rows: 1, attachment: attachment,
                                          request: ThumbnailRequest(url: emoji.url, columns: 2, rows: 1, whole: true)))
                    pieces.append(("  ", column))
                    column += 2
                    shift += DisplayWidth.of(String(rest[range])) - 2
                    rest = rest[range.upperBound...]
                }
                guard !pieces.isEmpty else { out.append(seg); continue }
                if !rest.isEmpty { pieces.append((String(rest), column)) }
                out += pieces.map { Segment(text: SafeText($0.text), role: seg.role, column: $0.column, link: seg.link) }
            }
            lines[l] = out
        }
    }

    /// The first `:shortcode:` in `text` that names one of the emoji.
    private static func firstShortcode(in text: Substring, _ byCode: [String: CustomEmoji]) -> (Range<Substring.Index>, CustomEmoji)? {
        var from = text.startIndex
        while let open = text[from...].firstIndex(of: ":") {
            let after = text.index(after: open)
            guard after < text.endIndex, let close = text[after...].firstIndex(of: ":") else { return nil }
            let candidate = text[open...close]
            if let emoji = byCode[String(candidate)] { return (open..<text.index(after: close), emoji) }
            // Not one: the closing colon may open the next.
            from = close
        }
        return nil
    }
}
