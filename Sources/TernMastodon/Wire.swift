import Foundation
import TernModel

// Tolerant wire types: every field but an id may be missing, null, or of an unexpected type, because real
// servers (Mastodon, Pleroma/Akkoma, GoToSocial, Pixelfed) differ in all of these.

extension KeyedDecodingContainer {
    /// Ids are strings on Mastodon but numbers on some servers.
    func idString(_ key: Key) -> String? {
        if let s: String = attempt(key) { return s }
        if let n: Int64 = attempt(key) { return String(n) }
        reportIfThere(key, wanted: "a string or a number")
        return nil
    }

    /// Counts may come as numbers or numeric strings.
    func count(_ key: Key) -> Int {
        if let n: Int = attempt(key) { return n }
        if let s: String = attempt(key), let n = Int(s) { return n }
        reportIfThere(key, wanted: "a whole number")
        return 0
    }

    /// A server timestamp (`WireDate`); one that is there but no date Tern reads is reported, as a field
    /// of the wrong type is.
    func date(_ key: Key) -> Date? {
        guard let text: String = lenient(key) else { return nil }
        guard let date = WireDate.parse(text) else {
            reportUnreadable(key, wanted: "a date", why: "\"\(text.prefix(40))\" is no date Tern reads")
            return nil
        }
        return date
    }

    /// Reports a field none of whose forms read, unless it is missing or null (no loss).
    private func reportIfThere(_ key: Key, wanted: String) {
        // Not there, or null: nothing was lost.
        guard contains(key), (try? decodeNil(forKey: key)) == false else { return }
        reportUnreadable(key, wanted: wanted, why: "of another type")
    }
}

/// An array whose elements that fail to decode are skipped, each noted with its id (when it has one), why,
/// and how many elements were read before it, so that the reader can say where something is missing.
struct LossyArray<Element: Decodable>: Decodable {
    var elements: [Element] = []
    var unreadable: [Unreadable] = []
    var skipped: Int { unreadable.count }

    struct Unreadable {
        var id: String?
        var reason: String
        /// Elements read before it.
        var after: Int
    }

    /// Any value at all (so the container moves past it), and an object's id.
    private struct Skipped: Decodable {
        var id: String?
        init(from decoder: Decoder) throws {
            // Not an object: no id, which the skipped entry is then reported without.
            id = (try? decoder.container(keyedBy: AnyKey.self)).flatMap { $0.idString(AnyKey("id")) }
        }
    }

    init(from decoder: Decoder) throws {
        var c = try decoder.unkeyedContainer()
        while !c.isAtEnd {
            do { elements.append(try c.decode(Element.self)) } catch {
                let skipped = try c.decode(Skipped.self)
                unreadable.append(Unreadable(id: skipped.id, reason: DecodingTrouble.describe(error), after: elements.count))
            }
        }
    }
}

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ s: String) { stringValue = s }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

struct AccountWire: Decodable {
    var id: String
    var acct: String
    var username: String
    var displayName: String
    var url: String?
    var avatar: String?
    var emojis: [CustomEmoji]?

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let id = c.idString(AnyKey("id")) else {
            throw DecodingError.keyNotFound(AnyKey("id"), .init(codingPath: c.codingPath, debugDescription: "account without id"))
        }
        emojis = EmojiWire.list(c)
        self.id = id
        username = c.lenient(AnyKey("username")) ?? ""
        acct = c.lenient(AnyKey("acct")) ?? username
        displayName = c.lenient(AnyKey("display_name")) ?? ""
        url = c.lenient(AnyKey("url"))
        avatar = c.lenient(AnyKey("avatar_static")) ?? c.lenient(AnyKey("avatar"))
    }
}

/// A custom emoji as a post or account lists it: `{shortcode, url, static_url}`. One without a shortcode or a
/// picture is no emoji (dropped, as a lossy array drops it); its `:shortcode:` then stays text.
struct EmojiWire: Decodable {
    var emoji: CustomEmoji

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let code: String = c.lenient(AnyKey("shortcode")), !code.isEmpty,
              let url: String = c.lenient(AnyKey("static_url")) ?? c.lenient(AnyKey("url")) else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: "an emoji without a shortcode or picture"))
        }
        emoji = CustomEmoji(shortcode: code, url: url)
    }

    /// The `emojis` of an object; nil where there are none.
    static func list(_ c: KeyedDecodingContainer<AnyKey>) -> [CustomEmoji]? {
        let list = (c.lenient(AnyKey("emojis")) as LossyArray<EmojiWire>?)?.elements.map(\.emoji) ?? []
        return list.isEmpty ? nil : list
    }
}

struct MediaWire: Decodable {
    var id: String
    var type: String
    var url: String?
    var previewURL: String?
    var remoteURL: String?
    var description: String?
    var blurhash: String?
    var width: Int?
    var height: Int?
    var smallWidth: Int?
    var smallHeight: Int?
    var duration: Double?
    var focus: FocalPoint?

    private struct Size: Decodable {
        var width: Int?
        var height: Int?
        var duration: Double?
    }

    /// Each part on its own: a focus of the wrong shape costs only itself, never the sizes.
    private struct Meta: Decodable {
        var original: Size?
        var small: Size?
        var focus: FocalPoint?

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            original = c.lenient(AnyKey("original"))
            small = c.lenient(AnyKey("small"))
            let f: [String: Double]? = c.lenient(AnyKey("focus"))
            if let x = f?["x"], let y = f?["y"] { focus = FocalPoint(x: x, y: y) }
        }
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        id = c.idString(AnyKey("id")) ?? UUID().uuidString
        type = c.lenient(AnyKey("type")) ?? "unknown"
        url = c.lenient(AnyKey("url"))
        previewURL = c.lenient(AnyKey("preview_url"))
        remoteURL = c.lenient(AnyKey("remote_url"))
        description = c.lenient(AnyKey("description"))
        blurhash = c.lenient(AnyKey("blurhash"))
        let meta: Meta? = c.lenient(AnyKey("meta"))
        width = meta?.original?.width ?? meta?.small?.width
        height = meta?.original?.height ?? meta?.small?.height
        smallWidth = meta?.small?.width
        smallHeight = meta?.small?.height
        duration = meta?.original?.duration
        focus = meta?.focus
    }
}

final class StatusWire: Decodable {
    var id: String
    var createdAt: Date?
    var account: AccountWire?
    var content: String
    var spoilerText: String
    var sensitive: Bool
    var media: [MediaWire]
    var reblog: StatusWire?
    var url: String?
    var inReplyToID: String?
    var repliesCount: Int
    var reblogsCount: Int
    var favouritesCount: Int
    var favourited: Bool
    var bookmarked: Bool
    var reblogged: Bool
    var poll: PollWire?
    var card: CardWire?
    var editedAt: Date?
    var visibility: String?
    var language: String?
    var mentions: [String]
    var filtered: [PostFilter]?
    /// The user's own post pinned to their profile; the user muted the conversation (nil: not said).
    var pinned: Bool?
    var muted: Bool?
    /// Mastodon 4.4's quote: its state and the quoted status (or its id, when nested).
    var quoteState: String?
    var quoted: StatusWire?
    var quotedID: String?
    /// Mastodon 4.5's `quote_approval.current_user`: whether the user may quote this post.
    var quoteApproval: String?
    /// Emoji reactions: Akkoma's and Pleroma's under `pleroma`, Fedibird's at the top (nil: neither).
    var reactions: [Reaction]?
    var reactionAPI: ReactionAPI?
    var emojis: [CustomEmoji]?

    private struct PleromaWire: Decodable {
        var reactions: LossyArray<ReactionWire>?
        init(from decoder: Decoder) throws {
            reactions = try decoder.container(keyedBy: AnyKey.self).lenient(AnyKey("emoji_reactions"))
        }
    }

    /// `{name, count, me, url}`; one without a name is no reaction (dropped, as a lossy array drops it).
    private struct ReactionWire: Decodable {
        var reaction: Reaction
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            guard let name: String = c.lenient(AnyKey("name")), !name.isEmpty else {
                throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: "a reaction without a name"))
            }
            reaction = Reaction(name: name, count: max(0, c.count(AnyKey("count"))), me: c.lenient(AnyKey("me")) ?? false,
                                url: c.lenient(AnyKey("url")))
        }
    }

    private struct QuoteApprovalWire: Decodable {
        var currentUser: String?
        init(from decoder: Decoder) throws {
            currentUser = try decoder.container(keyedBy: AnyKey.self).lenient(AnyKey("current_user"))
        }
    }

    private struct QuoteWire: Decodable {
        var state: String?
        var quotedStatus: StatusWire?
        var quotedStatusID: String?
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            state = c.lenient(AnyKey("state"))
            quotedStatus = c.lenient(AnyKey("quoted_status"))
            quotedStatusID = c.idString(AnyKey("quoted_status_id"))
        }
    }

    private struct Mention: Decodable {
        var acct: String?
    }

    /// `filtered[]`: `{filter: {title, filter_action}, keyword_matches, status_matches}`.
    private struct FilterResult: Decodable {
        struct Filter: Decodable {
            var title: String?
            var filterAction: String?
            enum CodingKeys: String, CodingKey { case title, filterAction = "filter_action" }
        }
        var filter: Filter?
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let id = c.idString(AnyKey("id")) else {
            throw DecodingError.keyNotFound(AnyKey("id"), .init(codingPath: c.codingPath, debugDescription: "status without id"))
        }
        // A notification (which has a type and no content) is never taken for an empty post.
        if (c.lenient(AnyKey("type")) as String?) != nil, !c.contains(AnyKey("content")) {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: "a notification, not a status"))
        }
        poll = c.lenient(AnyKey("poll"))
        card = c.lenient(AnyKey("card"))
        editedAt = c.date(AnyKey("edited_at"))
        self.id = id
        createdAt = c.date(AnyKey("created_at"))
        account = c.lenient(AnyKey("account"))
        content = c.lenient(AnyKey("content")) ?? ""
        spoilerText = c.lenient(AnyKey("spoiler_text")) ?? ""
        sensitive = c.lenient(AnyKey("sensitive")) ?? false
        media = (c.lenient(AnyKey("media_attachments")) as LossyArray<MediaWire>?)?.elements ?? []
        reblog = c.lenient(AnyKey("reblog"))
        // Mastodon 4.4: {state, quoted_status | quoted_status_id}. Akkoma, Pleroma, Fedibird: the quoted
        // status itself as `quote`, its id as `quote_id`.
        if let q: QuoteWire = c.attempt(AnyKey("quote")), q.state != nil {
            (quoteState, quoted, quotedID) = (q.state, q.quotedStatus, q.quotedStatusID ?? q.quotedStatus?.id)
        } else if let older: StatusWire = c.lenient(AnyKey("quote")) {
            (quoteState, quoted, quotedID) = ("accepted", older, older.id)
        } else if let id = c.idString(AnyKey("quote_id")) {
            (quoteState, quotedID) = ("accepted", id)
        }
        quoteApproval = (c.lenient(AnyKey("quote_approval")) as QuoteApprovalWire?)?.currentUser
        if let pleroma = (c.lenient(AnyKey("pleroma")) as PleromaWire?)?.reactions {
            (reactions, reactionAPI) = (pleroma.elements.map(\.reaction), .pleroma)
        } else if let fedibird: LossyArray<ReactionWire> = c.lenient(AnyKey("emoji_reactions")) {
            (reactions, reactionAPI) = (fedibird.elements.map(\.reaction), .fedibird)
        }
        emojis = EmojiWire.list(c)
        pinned = c.lenient(AnyKey("pinned"))
        muted = c.lenient(AnyKey("muted"))
        url = c.lenient(AnyKey("url")) ?? c.lenient(AnyKey("uri"))
        inReplyToID = c.idString(AnyKey("in_reply_to_id"))
        repliesCount = c.count(AnyKey("replies_count"))
        reblogsCount = c.count(AnyKey("reblogs_count"))
        favouritesCount = c.count(AnyKey("favourites_count"))
        favourited = c.lenient(AnyKey("favourited")) ?? false
        bookmarked = c.lenient(AnyKey("bookmarked")) ?? false
        reblogged = c.lenient(AnyKey("reblogged")) ?? false
        visibility = c.lenient(AnyKey("visibility"))
        language = c.lenient(AnyKey("language"))
        mentions = (c.lenient(AnyKey("mentions")) as LossyArray<Mention>?)?.elements.compactMap(\.acct) ?? []
        let results = (c.lenient(AnyKey("filtered")) as LossyArray<FilterResult>?)?.elements ?? []
        filtered = results.isEmpty ? nil : results.compactMap { r in
            // An action this client doesn't know warns: it never hides what it can't explain.
            r.filter.map { PostFilter(title: $0.title ?? "filter", action: PostFilter.Action(rawValue: $0.filterAction ?? "warn") ?? .warn) }
        }
    }
}

struct ErrorWire: Decodable {
    var error: String?
    var errorDescription: String?

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        error = c.lenient(AnyKey("error"))
        errorDescription = c.lenient(AnyKey("error_description"))
    }

    var message: String? {
        switch (error, errorDescription) {
        case let (e?, d?) where e != d: return "\(d) (\(e))"
        case let (e?, _): return e
        case let (nil, d): return d
        }
    }
}

enum WireDate {
    private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let whole = Date.ISO8601FormatStyle()
    private static let dateOnly = Date.ISO8601FormatStyle().year().month().day()

    /// Server timestamps: with or without fractional seconds, or (Pixelfed, account dates) a bare date, tried
    /// in turn; nil, none of them, the caller reports (`date(_:)`).
    static func parse(_ s: String) -> Date? {
        (try? fractional.parse(s)) ?? (try? whole.parse(s)) ?? (try? dateOnly.parse(s))
    }
}
