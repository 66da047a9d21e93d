import Foundation

/// The demo's posts and accounts as Mastodon writes them, in this server's id form and quirks.
extension DemoState {
    /// A status id as this server writes it.
    nonisolated func wireID(_ n: UInt64) -> String {
        config.quirks.contains(.ulidIDs) ? ULID.encode(n) : String(n)
    }

    /// A status id a client sent, in this server's form.
    nonisolated func parseID(_ s: String) -> UInt64? {
        config.quirks.contains(.ulidIDs) ? ULID.decode(s) : UInt64(s)
    }

    /// A text field as this server sends it: laden with escape sequences when it is hostile.
    nonisolated func shown(_ text: String, salt: Int) -> String {
        config.hostile ? HostileText.laden(text, salt: salt) : text
    }

    /// The format a picture is served in, and its preview's size.
    nonisolated func served(_ spec: ImageSpec) -> (format: ImageSpec.Format, preview: ImageSpec) {
        var preview = spec.preview
        if config.quirks.contains(.croppedPreviews) { preview.height = max(1, preview.width * 9 / 16) }
        return (config.quirks.contains(.webpOnly) ? .webp : spec.format, preview)
    }

    func wire(_ post: DemoPost, base: String) -> WireStatus {
        let inner = post.boostOf.flatMap { self.post(id: $0) }.map { wire($0, base: base) }
        let author = world.accounts[post.authorIndex]
        let fav = favourited.contains(post.id)
        let reblogged = boosted.contains(post.id)
        let saved = bookmarks.contains { $0.id == post.id }
        let media = post.media.map { wireMedia($0, base: base) }
        let approval = config.quirks.contains(.noQuotePolicies) ? nil : quotePolicy(of: post).map { policy in
            WireQuoteApproval(automatic: policy == "automatic" ? ["public"] : [], manual: policy == "manual" ? ["public"] : [],
                              currentUser: policy)
        }
        return WireStatus(
            id: wireID(post.id), createdAt: Self.iso8601(post.createdAt),
            inReplyToId: post.inReplyTo.map { wireID($0.id) },
            inReplyToAccountId: post.inReplyTo.map { world.accounts[$0.author].id },
            sensitive: post.sensitive,
            spoilerText: post.spoilerText.isEmpty ? "" : shown(post.spoilerText, salt: Int(post.id % 97)),
            language: inner == nil ? post.language : nil,
            uri: "\(base)/users/\(author.username)/statuses/\(wireID(post.id))", url: "\(base)/@\(author.username)/\(wireID(post.id))",
            repliesCount: post.repliesCount, reblogsCount: post.boostsCount + (reblogged ? 1 : 0),
            favouritesCount: post.favouritesCount + (fav ? 1 : 0), favourited: inner?.favourited ?? fav,
            reblogged: inner?.reblogged ?? reblogged, bookmarked: inner?.bookmarked ?? saved,
            content: (config.hostile ? "<p>" + shown("hostile", salt: Int(post.id % 89)) + "</p>" + post.html : post.html)
                + (usesEmoji(post) ? "<p>Seen from the harbour :tern: :blobcat:</p>" : ""),
            reblog: inner,
            account: wireAccount(post.authorIndex, base: base), mediaAttachments: media,
            mentions: post.mentions.map { i in
                let a = world.accounts[i]
                return WireMention(id: a.id, username: a.username, url: "\(base)/@\(a.username)", acct: a.acct)
            },
            tags: post.tags.map { WireTag(name: $0.lowercased(), url: "\(base)/tags/\($0.lowercased())") },
            editedAt: post.editedAt.map(Self.iso8601), visibility: post.visibility,
            poll: post.poll.map { wirePoll($0, id: post.id) }, filtered: inner == nil ? filterResults(post) : [],
            pinned: post.authorIndex == 0 && post.boostOf == nil ? pinnedByUser.contains(post.id) : nil,
            muted: inner?.muted ?? mutedConversations.contains(post.id),
            quote: post.quote.map { q in
                // Only an accepted quote carries the quoted post; one level deep, as Mastodon nests them.
                let quoted = q.state == "accepted" ? self.post(id: q.of).map { p -> WireStatus in
                    var shallow = p
                    shallow.quote = nil
                    return wire(shallow, base: base)
                } : nil
                return WireQuote(state: q.state, quotedStatus: quoted)
            }, quoteApproval: approval,
            pleroma: config.quirks.contains(.pleromaReactions) ? WirePleroma(emojiReactions: reactions(on: post, base: base)) : nil,
            card: inner == nil ? DemoCards.card(for: post.html, base: base) : nil,
            emojis: usesEmoji(post) ? ["tern", "blobcat"].map { code in
                WireEmoji(shortcode: code, url: "\(base)/emoji/\(code).png", staticUrl: "\(base)/emoji/\(code).png")
            } : [])
    }

    /// One post in thirteen ends with a line of the server's custom emoji, as `:shortcode:`s with the
    /// pictures they stand for (a boost's own wrapper has none: its post does).
    func usesEmoji(_ post: DemoPost) -> Bool { post.boostOf == nil && post.id % 13 == 5 }

    /// Reactions on every other post: a thumbs-up from several, or a party and a custom emoji, so each kind
    /// is within a screen or two. None is the user's own: a fresh demo user has reacted to nothing, and a
    /// "(yours)" they never made is a puzzle. The user's own (`ownReactions`) go over them.
    func reactions(on post: DemoPost, base: String) -> [WirePleroma.Reaction] {
        // Ids are Snowflakes, whose low bits are all alike: a prime spreads them.
        let k = Int(post.id % 97)
        var seeded: [WirePleroma.Reaction]
        switch k % 4 {
        case 1: seeded = [.init(name: "👍", count: 2 + k % 5, me: false, url: nil)]
        case 2: seeded = [.init(name: "🎉", count: 1, me: false, url: nil),
                          .init(name: "blobcat", count: 2, me: false, url: "\(base)/emoji/blobcat.png")]
        default: seeded = []
        }
        for (emoji, mine) in (ownReactions[post.id] ?? [:]).sorted(by: { $0.key < $1.key }) {
            if let i = seeded.firstIndex(where: { $0.name == emoji }) {
                if seeded[i].me != mine { seeded[i].count += mine ? 1 : -1 }
                seeded[i].me = mine
                if seeded[i].count <= 0 { seeded.remove(at: i) }
            } else if mine {
                let custom = emoji.unicodeScalars.allSatisfy(\.isASCII)
                seeded.append(.init(name: emoji, count: 1, me: true, url: custom ? "\(base)/emoji/\(emoji).png" : nil))
            }
        }
        return seeded
    }

    /// Whether the user may quote a post: their own always; a private mention never; of the others, every
    /// seventh denies quotes and another in seven reviews them, so each answer is within reach.
    func quotePolicy(of post: DemoPost) -> String? {
        if post.authorIndex == 0 { return "automatic" }
        if post.visibility == "direct" { return "denied" }
        switch post.id % 7 {
        case 3: return "denied"
        case 5: return "manual"
        default: return "automatic"
        }
    }

    func wireMedia(_ m: DemoMedia, base: String) -> WireMedia {
        if let upload = m.upload {
            let ext = upload.mimeType.split(separator: "/").last.map(String.init) ?? "bin"
            let ready = Date() >= upload.readyAt
            return WireMedia(id: m.id, type: upload.mimeType.hasPrefix("image/") ? "image" : "unknown",
                             url: ready ? "\(base)/media/\(m.id)/original.\(ext)" : nil,
                             previewUrl: "\(base)/media/\(m.id)/small.\(ext)", remoteUrl: nil, previewRemoteUrl: nil, textUrl: nil,
                             meta: WireMediaMeta(original: nil, small: nil), description: m.description.isEmpty ? nil : m.description,
                             blurhash: m.blurhash)
        }
        let (format, p) = served(m.spec)
        let ext = format.fileExtension
        // The moving picture: a GIF picture where the server keeps GIFs, else Mastodon's gifv.
        let moving = config.quirks.contains(.gifsAsPictures) ? "image" : "gifv"
        return WireMedia(
            id: m.id, type: m.moves ? moving : "image", url: m.moves ? "\(base)/media/\(m.id)/moving.gif" : "\(base)/media/\(m.id)/original.\(ext)",
            previewUrl: "\(base)/media/\(m.id)/small.\(ext)", remoteUrl: nil, previewRemoteUrl: nil, textUrl: nil,
            meta: WireMediaMeta(
                original: WireImageSize(width: m.spec.width, height: m.spec.height, size: "\(m.spec.width)x\(m.spec.height)",
                                        aspect: Double(m.spec.width) / Double(m.spec.height)),
                small: config.quirks.contains(.croppedPreviews) ? nil
                    : WireImageSize(width: p.width, height: p.height, size: "\(p.width)x\(p.height)",
                                    aspect: Double(p.width) / Double(p.height)),
                focus: PatternRenderer.subject(m.spec).map { WireFocus(x: ($0.x * 100).rounded() / 100, y: ($0.y * 100).rounded() / 100) }),
            description: m.description, blurhash: m.blurhash)
    }

    func wireAccount(_ index: Int, base: String) -> WireAccount {
        let a = world.accounts[index]
        return WireAccount(
            id: a.id, username: shown(a.username, salt: index), acct: shown(a.acct, salt: index + 1),
            displayName: shown(a.displayName, salt: index + 2),
            createdAt: "2024-01-01T00:00:00.000Z", note: shown(a.note, salt: index + 3),
            url: "\(base)/@\(a.username)",
            uri: "\(base)/users/\(a.username)", avatar: "\(base)/avatars/\(a.id).png",
            avatarStatic: "\(base)/avatars/\(a.id).png", header: "\(base)/headers/missing.png",
            // The demo user is one of the followers while following: a follow moves the count, as on a server.
            headerStatic: "\(base)/headers/missing.png", followersCount: 10 + index * 7 + (following.contains(index) ? 1 : 0),
            followingCount: 5 + index * 3, statusesCount: postsByAuthor[index] ?? 0,
            lastStatusAt: nil)
    }

    nonisolated static func iso8601(_ date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f.string(from: date)
    }
}
