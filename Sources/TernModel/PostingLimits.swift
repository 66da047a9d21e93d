import Foundation

/// What a server accepts in a post, from its instance description; Mastodon's defaults until it says.
package struct PostingLimits: Sendable, Codable, Equatable {
    package var maxCharacters = 500
    /// Every link counts as this many characters, whatever its length (0: links count as written).
    package var charactersReservedPerURL = 23
    package var maxMediaAttachments = 4
    package var imageSizeLimit = 16 << 20
    package var videoSizeLimit = 99 << 20
    package var descriptionLimit = 1_500
    /// Empty when the server didn't say, or accepts anything (`application/octet-stream`).
    package var supportedMimeTypes: [String] = []
    /// 0: the server has no polls (Pixelfed).
    package var pollMaxOptions = 4
    package var pollMaxCharactersPerOption = 50
    /// Whether the server keeps who may quote a post (Mastodon 4.5, API version 7); nil where it hasn't said
    /// (limits stored by an older Tern, or none asked yet): offered, as Mastodon has them.
    package var quotePolicies: Bool?

    package var takesQuotePolicies: Bool { quotePolicies ?? true }
    /// The server's software as its instance description names it ("Akkoma" from "2.7.2 (compatible; Akkoma
    /// 3.13)"); nil where it names none (Mastodon itself).
    package var software: String?

    /// Why `Q` can't make a quote post here, said before the user writes one: a server without quote policies
    /// drops the quote and posts the words alone, out of their context. Akkoma, Pleroma and Fedibird take
    /// quotes under their older name without having policies.
    package var quoteRefusal: String? {
        guard quotePolicies == false, !["Akkoma", "Pleroma", "Fedibird"].contains(software ?? "") else { return nil }
        let kind = software.map { "This server (\($0))" } ?? "This server (Mastodon before 4.5, or one like it)"
        return "\(kind) doesn't take quote posts: yours would go out without the post it quotes."
    }

    package init() {}

    /// Why this server would refuse a file, before it is sent; nil when it looks acceptable.
    package func refusal(mimeType: String, bytes: Int) -> String? {
        if !supportedMimeTypes.isEmpty, !supportedMimeTypes.contains(mimeType) {
            return "the server does not take \(mimeType) files"
        }
        let limit = mimeType.hasPrefix("image/") ? imageSizeLimit : videoSizeLimit
        if bytes > limit {
            return "it is \(Self.megabytes(bytes)), over the server's limit of \(Self.megabytes(limit))"
        }
        return nil
    }

    static func megabytes(_ n: Int) -> String {
        String(format: "%.1f MB", Double(n) / 1_048_576)
    }
}

/// A post's length as Mastodon counts it: characters as a person sees them (grapheme clusters), every
/// link as a fixed number, and a mention of a remote account by its username only. The content warning
/// counts too.
package enum PostLength {
    package static func count(text: String, spoiler: String, limits: PostingLimits) -> Int {
        countable(text, limits).count + spoiler.count
    }

    private static func countable(_ text: String, _ limits: PostingLimits) -> String {
        var out = ""
        var word = ""
        func flush() {
            if limits.charactersReservedPerURL > 0, word.hasPrefix("http://") || word.hasPrefix("https://") {
                out += String(repeating: "x", count: limits.charactersReservedPerURL)
            } else if word.hasPrefix("@"), let at = word.dropFirst().firstIndex(of: "@") {
                out += word[..<at]
            } else {
                out += word
            }
            word = ""
        }
        for c in text {
            if c.isWhitespace { flush(); out.append(c) } else { word.append(c) }
        }
        flush()
        return out
    }
}
