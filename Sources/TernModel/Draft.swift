import Foundation

/// Who can see a post, in Mastodon's words.
package enum Visibility: String, Sendable, Codable, CaseIterable {
    case `public`, unlisted, `private`, direct

    /// The words a person reads (`private` is "followers only" everywhere but the API).
    package var label: String {
        switch self {
        case .public: return "public"
        case .unlisted: return "unlisted"
        case .private: return "followers only"
        case .direct: return "mentioned people only"
        }
    }

    /// The next one, for a key that cycles through them.
    package var next: Visibility {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}

/// A post being written: everything the compose screen holds, so it can be stored from the first
/// keystroke and sent, retried or edited later exactly as it was.
package struct Draft: Sendable, Codable, Hashable, Identifiable {
    /// One draft per thing being written: `new`, `reply:<status id>` or `edit:<status id>`, so a draft
    /// put aside comes back when the same thing is written again.
    package var id: String
    package var text: String
    /// The content warning; empty for none.
    package var spoiler: String
    package var visibility: Visibility
    /// ISO 639-1 code; nil lets the server guess.
    package var language: String?
    package var sensitive: Bool
    package var poll: DraftPoll?
    package var attachments: [DraftAttachment]
    package var inReplyToID: String?
    /// Who is answered, for the compose screen's title ("Reply to @ada").
    package var replyingTo: String?
    /// The status an edit changes.
    package var editingID: String?
    /// The status this post quotes, and its author, for the compose screen's title ("Quote @ada").
    package var quotedStatusID: String?
    package var quoting: String?
    /// Who may quote this post; nil leaves it to the account's default.
    package var quotePolicy: QuotePolicy?
    /// When the server is to publish it; nil: as soon as it is sent.
    package var scheduledAt: Date?

    package init(id: String, text: String = "", spoiler: String = "", visibility: Visibility = .public,
                language: String? = nil, sensitive: Bool = false, poll: DraftPoll? = nil,
                attachments: [DraftAttachment] = [], inReplyToID: String? = nil, replyingTo: String? = nil,
                editingID: String? = nil) {
        self.id = id
        self.text = text
        self.spoiler = spoiler
        self.visibility = visibility
        self.language = language
        self.sensitive = sensitive
        self.poll = poll
        self.attachments = attachments
        self.inReplyToID = inReplyToID
        self.replyingTo = replyingTo
        self.editingID = editingID
    }

    /// Nothing typed or attached: not worth keeping.
    package var isEmpty: Bool {
        text.allSatisfy(\.isWhitespace) && spoiler.isEmpty && attachments.isEmpty && poll == nil
    }

    /// An edit of one's own `post`, with its text and warning as written (`text`, `spoiler`: the server's
    /// source, or the text as shown when that is unavailable).
    /// Its poll comes with it: an edit sent without one takes the poll off the post (Mastodon does), and a
    /// poll's time left is kept (at least the five minutes Mastodon asks for).
    package static func edit(of post: Post, text: String, spoiler: String, now: Date) -> Draft {
        let poll = post.poll.map { p in
            DraftPoll(options: p.options.map(\.title), expiresIn: p.expiresAt.map { max(300, Int($0.timeIntervalSince(now).rounded())) } ?? 86_400,
                      multiple: p.multiple ?? false)
        }
        return Draft(id: "edit:\(post.statusID)", text: Sanitizer.clean(text, keepingLineBreaks: true), spoiler: Sanitizer.clean(spoiler),
                     visibility: post.visibility.flatMap(Visibility.init(rawValue:)) ?? .public, language: post.language,
                     sensitive: post.sensitive, poll: poll,
                     attachments: post.media.map { DraftAttachment(path: $0.thumbnailURL ?? "", description: $0.description ?? "", mediaID: $0.id) },
                     inReplyToID: post.inReplyToID, editingID: post.statusID)
    }

    /// A quote of `post`: a fresh post that carries it, as public as the quoted post allows (the server
    /// narrows a quote of a followers-only post itself).
    package static func quote(of post: Post) -> Draft {
        var d = Draft(id: "quote:\(post.statusID)", language: post.language)
        d.quotedStatusID = post.statusID
        d.quoting = Sanitizer.clean(post.account.acct)
        return d
    }

    /// A reply to `post` as Mastodon starts one: its author and the people it mentions (never oneself),
    /// its visibility (never wider than the original's), its content warning and language.
    package static func reply(to post: Post, me: String?) -> Draft {
        var handles: [String] = []
        // What the server sent is written into the post: it passes the sanitizer first, or a hostile server's
        // escape sequences would be sent back in its mentions and warning (their ESC dropped, the rest kept).
        for acct in ([post.account.acct] + (post.mentions ?? [])).map({ Sanitizer.clean($0) }) where acct != me && !handles.contains(acct) {
            handles.append(acct)
        }
        return Draft(id: "reply:\(post.statusID)", text: handles.map { "@\($0) " }.joined(),
                     spoiler: Sanitizer.clean(post.spoilerText), visibility: post.visibility.flatMap(Visibility.init(rawValue:)) ?? .public,
                     language: post.language, inReplyToID: post.statusID, replyingTo: Sanitizer.clean(post.account.acct))
    }
}

/// A poll being written.
package struct DraftPoll: Sendable, Codable, Hashable {
    package var options: [String]
    /// Seconds until it closes.
    package var expiresIn: Int
    package var multiple: Bool

    package init(options: [String] = ["", ""], expiresIn: Int = 86_400, multiple: Bool = false) {
        self.options = options
        self.expiresIn = expiresIn
        self.multiple = multiple
    }

    /// The durations offered, as Mastodon's web client offers them.
    package static let durations = [300, 1_800, 3_600, 21_600, 86_400, 259_200, 604_800]
}

/// A file to attach, with its alt text; `mediaID` once the server has it, so a retry never uploads twice.
package struct DraftAttachment: Sendable, Codable, Hashable {
    package var path: String
    package var description: String
    package var mediaID: String?

    package init(path: String, description: String = "", mediaID: String? = nil) {
        self.path = path
        self.description = description
        self.mediaID = mediaID
    }
}

/// A post in the outbox: the draft as it was sent, and the key that makes every try the same post.
package struct OutgoingPost: Sendable, Hashable, Identifiable {
    package var idempotencyKey: String
    package var draft: Draft
    package var createdAt: Date
    /// A try went out and no answer came back: the server may have made the post already (the key makes
    /// the next try harmless).
    package var inDoubt: Bool

    package var id: String { idempotencyKey }

    package init(idempotencyKey: String, draft: Draft, createdAt: Date, inDoubt: Bool = false) {
        self.idempotencyKey = idempotencyKey
        self.draft = draft
        self.createdAt = createdAt
        self.inDoubt = inDoubt
    }
}
