/// Ways real servers differ from Mastodon that a client must survive; the demo imitates them so the
/// tests can browse once per set.
package struct ServerQuirks: OptionSet, Sendable, Hashable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// GoToSocial: status ids are 26-character ULIDs, not numbers.
    package static let ulidIDs = ServerQuirks(rawValue: 1 << 0)
    /// GoToSocial: requests without a `User-Agent` get 418.
    package static let requireUserAgent = ServerQuirks(rawValue: 1 << 1)
    /// Takahē: every picture, preview and original, is WebP.
    package static let webpOnly = ServerQuirks(rawValue: 1 << 2)
    /// Previews cropped to 16:9 whatever the original's shape, with no `meta.small` to say so.
    package static let croppedPreviews = ServerQuirks(rawValue: 1 << 3)
    /// GoToSocial, Akkoma, Pixelfed, older Mastodon: no `/api/v2/notifications`, and no `group_key`.
    package static let ungroupedNotifications = ServerQuirks(rawValue: 1 << 4)
    /// Pixelfed: no read markers (`/api/v1/markers` is 404).
    package static let noMarkers = ServerQuirks(rawValue: 1 << 5)
    /// GoToSocial: streams, but has no `/api/v1/streaming/health` (404).
    package static let noStreamingHealth = ServerQuirks(rawValue: 1 << 6)
    /// GoToSocial, Takahē: no translation service (`/api/v1/statuses/:id/translate` is 404).
    package static let noTranslation = ServerQuirks(rawValue: 1 << 7)
    /// GoToSocial, Mastodon before 4.5: no quote policies on posts, and a post's `quoted_status_id` ignored.
    package static let noQuotePolicies = ServerQuirks(rawValue: 1 << 8)
    /// Akkoma, Pleroma: emoji reactions on posts, under `pleroma.emoji_reactions`.
    package static let pleromaReactions = ServerQuirks(rawValue: 1 << 9)
    /// GoToSocial, Takahē, Akkoma, Mastodon before 4.3: no filtered notifications (their policy and
    /// requests are 404).
    package static let noNotificationRequests = ServerQuirks(rawValue: 1 << 10)

    /// GIFs are kept as pictures (`image`, the GIF's own file), not turned into Mastodon's gifv.
    package static let gifsAsPictures = ServerQuirks(rawValue: 1 << 11)

    /// The sets the conformance tests browse, named after the servers they stand for.
    package static let sets: [(name: String, quirks: ServerQuirks)] = [
        ("mastodon", []),
        ("gotosocial", [.ulidIDs, .requireUserAgent, .ungroupedNotifications, .noStreamingHealth, .noTranslation, .noQuotePolicies,
                        .noNotificationRequests]),
        ("takahe", [.webpOnly, .noTranslation, .noNotificationRequests]),
        ("akkoma", [.pleromaReactions, .gifsAsPictures, .ungroupedNotifications, .noQuotePolicies, .noNotificationRequests]),
        ("cropping-proxy", [.croppedPreviews]),
    ]
}

/// Status ids as GoToSocial writes them: 26 characters of Crockford base32, in the same order as the
/// numbers they stand for (so max_id and min_id keep their meaning).
enum ULID {
    private static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")

    static func encode(_ n: UInt64) -> String {
        var chars = [Character](repeating: "0", count: 26)
        var v = n
        for i in stride(from: 25, through: 0, by: -1) where v > 0 {
            chars[i] = alphabet[Int(v & 31)]
            v >>= 5
        }
        return String(chars)
    }

    static func decode(_ s: String) -> UInt64? {
        guard s.count == 26 else { return nil }
        var v: UInt64 = 0
        for c in s.uppercased() {
            guard let d = alphabet.firstIndex(of: c) else { return nil }
            let (shifted, overflow) = v.multipliedReportingOverflow(by: 32)
            guard !overflow else { return nil }
            v = shifted + UInt64(d)
        }
        return v
    }
}
