import Foundation
import TernModel

/// Turns wire statuses into the reader's flat `Post` (a boost becomes the boosted post plus `boostedBy`).
enum PostMapping {
    static func post(_ s: StatusWire) throws(MastodonError) -> Post {
        let shown = s.reblog ?? s
        var post = try Post(
            id: s.id, statusID: shown.id,
            account: account(shown.account),
            boostedBy: s.reblog != nil ? account(s.account) : nil,
            createdAt: shown.createdAt ?? s.createdAt ?? Date(timeIntervalSince1970: 0),
            content: HTMLText.styledText(fromHTML: shown.content),
            spoilerText: shown.spoilerText, sensitive: shown.sensitive,
            media: shown.media.map(media), url: shown.url, inReplyToID: shown.inReplyToID,
            repliesCount: shown.repliesCount, boostsCount: shown.reblogsCount, favouritesCount: shown.favouritesCount,
            favourited: shown.favourited, bookmarked: shown.bookmarked, boosted: shown.reblogged,
            poll: shown.poll.map(poll),
            card: shown.card.flatMap { $0.url.isEmpty ? nil : LinkCard(url: $0.url, title: $0.title, provider: $0.provider, summary: $0.summary,
                                                                           image: $0.image, imageWidth: $0.width, imageHeight: $0.height) },
            editedAt: shown.editedAt, visibility: shown.visibility, language: shown.language, mentions: shown.mentions,
            filters: s.filtered ?? shown.filtered, pinned: shown.pinned, threadMuted: shown.muted)
        if s.reblog != nil { post.boostedAt = s.createdAt }
        // A value Tern does not know is said as unknown, never taken for a yes.
        post.quoteApproval = shown.quoteApproval.map { QuoteApproval(rawValue: $0) ?? .unknown }
        post.reactions = shown.reactions
        post.emojis = shown.emojis
        post.reactionAPI = shown.reactionAPI
        if let state = shown.quoteState {
            // Mapping fails only without libxml2, and then the quoting post can't be read either.
            let quoted = try shown.quoted.map(Self.post)
            post.quote = Quote(state: Quote.State(rawValue: state) ?? .unknown, post: quoted, quotedID: shown.quotedID)
        }
        return post
    }

    static func poll(_ p: PollWire) -> Poll {
        var poll = Poll(options: p.options.map { Poll.Option(title: $0.title, votes: $0.votes) }, votes: p.votes,
                        expiresAt: p.expiresAt, expired: p.expired, ownVotes: p.ownVotes, id: p.id, multiple: p.multiple, voted: p.voted)
        poll.emojis = p.emojis
        return poll
    }

    static func account(_ a: AccountWire?) -> Account {
        guard let a else { return Account(id: "", acct: "unknown", displayName: "(unknown account)") }
        var account = Account(id: a.id, acct: a.acct, displayName: a.displayName, url: a.url, avatarURL: a.avatar)
        account.emojis = a.emojis
        return account
    }

    static func media(_ m: MediaWire) -> MediaAttachment {
        MediaAttachment(id: m.id, kind: MediaAttachment.Kind(rawValue: m.type) ?? .unknown,
                        url: m.url ?? m.remoteURL, previewURL: m.previewURL, blurhash: m.blurhash,
                        description: m.description, width: m.width, height: m.height,
                        previewWidth: m.smallWidth, previewHeight: m.smallHeight, duration: m.duration, focus: m.focus)
    }
}

/// Decodes response bodies into the reader's types, for the client and for anyone holding raw JSON.
package enum MastodonDecoder {
    /// A timeline body: the posts that decoded, and the entries that could not be, each with the post
    /// that came before it.
    package static func posts(fromJSON data: Data, origin: WireOrigin? = nil) throws -> (posts: [Post], unreadable: [UnreadablePost]) {
        let list = try decode(LossyArray<StatusWire>.self, data, origin)
        let posts = try list.elements.map(PostMapping.post)
        let unreadable = list.unreadable.map { u in
            UnreadablePost(id: u.id, reason: u.reason, newerID: u.after > 0 ? posts[u.after - 1].id : nil)
        }
        return (posts, unreadable)
    }

    package static func post(fromJSON data: Data, origin: WireOrigin? = nil) throws -> Post {
        try PostMapping.post(try decode(StatusWire.self, data, origin))
    }

    package static func poll(fromJSON data: Data, origin: WireOrigin? = nil) throws -> Poll {
        PostMapping.poll(try decode(PollWire.self, data, origin))
    }

    package static func account(fromJSON data: Data, origin: WireOrigin? = nil) throws -> Account {
        PostMapping.account(try decode(AccountWire.self, data, origin))
    }

    /// The server's message in an error body (`{"error": …, "error_description": …}`), if it has one; without
    /// one the status code says what happened.
    package static func errorMessage(fromJSON data: Data) -> String? {
        (try? JSONDecoder().decode(ErrorWire.self, from: data))?.message
    }

    /// A body as `type`; anything unreadable is `.invalidResponse`, saying how.
    static func decode<T: Decodable>(_ type: T.Type, _ data: Data, _ origin: WireOrigin? = nil) throws(MastodonError) -> T {
        do { return try WireOrigin.decoder(origin).decode(type, from: data) }
        catch { throw .invalidResponse(describe(error, data)) }
    }

    static func describe(_ error: Error, _ data: Data) -> String {
        if data.isEmpty { return "empty body" }
        if startsWith("<", data) { return "an HTML page instead of JSON" }
        switch error {
        case DecodingError.dataCorrupted(let c) where c.codingPath.isEmpty: return "malformed JSON (\(data.count) bytes)"
        // Well-formed JSON of another shape: what is wrong where, so that a changed API can be told from a broken answer.
        case is DecodingError: return "JSON of an unexpected shape (\(data.count) bytes): \(DecodingTrouble.describe(error, below: 0))"
        default: return "\(error)"
        }
    }

    /// Whether the body's first byte past any white space is `character`.
    static func startsWith(_ character: Character, _ data: Data) -> Bool {
        data.first(where: { !($0 == 32 || $0 == 10 || $0 == 13 || $0 == 9) }) == character.asciiValue
    }
}
