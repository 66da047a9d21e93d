import Foundation

/// Writing on the demo instance: the demo user's posts, edits, deletions and uploads, with Mastodon's
/// validation and its `Idempotency-Key` rule.
extension DemoState {
    struct WriteRequest {
        var text = ""
        var spoiler = ""
        var sensitive = false
        var visibility = "public"
        var language: String?
        var inReplyTo: String?
        var quotedStatusID: String?
        /// Akkoma's and Pleroma's older name for the quoted post.
        var quoteID: String?
        var mediaIDs: [String] = []
        var mediaDescriptions: [String: String] = [:]
        var pollOptions: [String] = []
        var pollExpiresIn: Int?
        var pollMultiple = false
        var idempotencyKey: String?
        /// Publish then, not now (an unreadable time is taken as long past, which is refused).
        var scheduledAt: Date?
    }

    enum WriteOutcome {
        case ok(DemoPost)
        case refused(status: Int, message: String)
        case fail(DemoConfig.FailureKind)
    }

    func publish(_ r: WriteRequest) -> WriteOutcome {
        let failure = failsNow()
        // A repeat under the key gets the post it made; failing after making, a gateway fails it as any try.
        if let key = r.idempotencyKey, let id = idempotency[key], let made = post(id: id) {
            if let failure, config.failuresMakeTheChange { return .fail(failure) }
            return .ok(made)
        }
        if let failure, !config.failuresMakeTheChange { return .fail(failure) }
        if let refusal = validate(r) { return refusal }
        var parent: DemoPost?
        if let raw = r.inReplyTo {
            guard let id = parseID(raw), let p = post(id: id) else { return .refused(status: 404, message: "Record not found") }
            parent = p
        }
        var quoted: (state: String, of: UInt64)?
        // A server without quote policies drops Mastodon's name; Akkoma reads its own.
        let quotedRaw = !config.quirks.contains(.noQuotePolicies) ? r.quotedStatusID : config.quirks.contains(.pleromaReactions) ? r.quoteID : nil
        if let raw = quotedRaw {
            guard let id = parseID(raw), let p = post(id: id) else { return .refused(status: 404, message: "Record not found") }
            switch quotePolicy(of: p) {
            case "denied": return .refused(status: 422, message: "Validation failed: Quoted post is not allowed to be quoted")
            case "manual": quoted = ("pending", p.id)
            default: quoted = ("accepted", p.id)
            }
        }
        let id = world.postID(posts.count)
        var made = DemoPost(id: id, authorIndex: 0, createdAt: Date(), html: Self.html(r.text), spoilerText: r.spoiler,
                            sensitive: r.sensitive || !r.spoiler.isEmpty, language: r.language ?? "en",
                            media: r.mediaIDs.compactMap { uploads[$0] }, mentions: mentioned(in: r.text), tags: [],
                            inReplyTo: parent.map { ($0.id, $0.authorIndex) }, repliesCount: 0, boostsCount: 0,
                            favouritesCount: 0, boostOf: nil)
        made.visibility = r.visibility
        made.source = r.text
        made.quote = quoted
        if r.pollOptions.count >= 2 {
            made.poll = DemoPoll(options: r.pollOptions, expiresAt: Date().addingTimeInterval(Double(r.pollExpiresIn ?? 86_400)),
                                 multiple: r.pollMultiple)
        }
        posts.append(made)
        countPost(by: 0)
        if let parent { addReply(made.id, to: parent.id) }
        joinConversation(made, answering: parent)
        if let key = r.idempotencyKey { idempotency[key] = id }
        writeLog.append("post \(wireID(id))")
        announce(made)
        // Made, and answered with an error all the same (`failuresMakeTheChange`).
        if let failure { return .fail(failure) }
        return .ok(made)
    }

    func edit(_ rawID: String, _ r: WriteRequest) -> WriteOutcome {
        guard let id = parseID(rawID), let old = post(id: id) else { return .refused(status: 404, message: "Record not found") }
        guard old.authorIndex == 0 else { return .refused(status: 403, message: "This action is not allowed") }
        if let kind = failsNow() { return .fail(kind) }
        if let refusal = validate(r) { return refusal }
        var changed = old
        changed.html = Self.html(r.text)
        changed.source = r.text
        changed.spoilerText = r.spoiler
        changed.sensitive = r.sensitive || !r.spoiler.isEmpty
        changed.media = r.mediaIDs.compactMap { id in
            (uploads[id] ?? old.media.first { $0.id == id }).map { m in
                var m = m
                if let d = r.mediaDescriptions[id] { m.description = d }
                return m
            }
        }
        // As Mastodon: an edit without a poll takes it off; one with other choices (or another kind) clears the votes.
        if r.pollOptions.count >= 2 {
            let expires = Date().addingTimeInterval(Double(r.pollExpiresIn ?? 86_400))
            if var poll = old.poll, poll.options == r.pollOptions, poll.multiple == r.pollMultiple {
                poll.expiresAt = expires
                changed.poll = poll
            } else {
                changed.poll = DemoPoll(options: r.pollOptions, expiresAt: expires, multiple: r.pollMultiple)
            }
        } else {
            changed.poll = nil
        }
        changed.editedAt = Date()
        replace(changed)
        writeLog.append("edit \(rawID)")
        send("status.update", payload: payload(changed), to: streams(of: changed))
        return .ok(changed)
    }

    func deleteOwn(_ rawID: String) -> WriteOutcome {
        guard let id = parseID(rawID), let old = post(id: id) else { return .refused(status: 404, message: "Record not found") }
        guard old.authorIndex == 0 else { return .refused(status: 403, message: "This action is not allowed") }
        deleted.insert(id)
        // As Mastodon: the post it answered counts one reply fewer.
        if let parentID = old.inReplyTo?.0, var parent = post(id: parentID) {
            childrenOf[parentID]?.removeAll { $0 == id }
            parent.repliesCount = max(0, parent.repliesCount - 1)
            replace(parent)
        }
        writeLog.append("delete \(rawID)")
        send("delete", payload: wireID(id), to: streams(of: old))
        return .ok(old)
    }

    /// Mastodon's checks on a new or edited post.
    private func validate(_ r: WriteRequest) -> WriteOutcome? {
        if r.text.allSatisfy(\.isWhitespace), r.mediaIDs.isEmpty, r.pollOptions.isEmpty {
            return .refused(status: 422, message: "Validation failed: Text can't be blank")
        }
        if r.text.count + r.spoiler.count > config.maxCharacters {
            return .refused(status: 422, message: "Validation failed: Text character limit of \(config.maxCharacters) exceeded")
        }
        // Mastodon's shortest poll; an edit's `expires_in` sets the end anew, so an ended poll sent again reopens.
        if !r.pollOptions.isEmpty, let seconds = r.pollExpiresIn, seconds < 300 {
            return .refused(status: 422, message: "Validation failed: Poll expiration must be at least 5 minutes")
        }
        if !r.mediaIDs.isEmpty, !r.pollOptions.isEmpty {
            return .refused(status: 422, message: "Validation failed: a post cannot have both pictures and a poll")
        }
        if r.mediaIDs.count > config.maxMediaAttachments {
            return .refused(status: 422, message: "Validation failed: Media attachments over the limit of \(config.maxMediaAttachments)")
        }
        for id in r.mediaIDs {
            guard let m = uploads[id] ?? existingMedia(id) else { return .refused(status: 422, message: "Validation failed: Unknown media") }
            if let u = m.upload, Date() < u.readyAt {
                return .refused(status: 422, message: "Cannot attach files that have not finished processing. Try again in a moment!")
            }
        }
        return nil
    }

    private func existingMedia(_ id: String) -> DemoMedia? { media(id: id) }

    /// Takes an uploaded file; it is "processing" for `mediaProcessingSeconds`.
    func upload(bytes: [UInt8], mimeType: String, description: String) -> Result<DemoMedia, DemoUploadRefusal> {
        guard ["image/jpeg", "image/png", "image/gif", "image/webp"].contains(mimeType) else {
            return .failure(.init(status: 422, message: "Validation failed: File content type is invalid"))
        }
        guard bytes.count <= config.imageSizeLimit else {
            return .failure(.init(status: 422, message: "Validation failed: File file size must be less than \(config.imageSizeLimit / 1_048_576) MB"))
        }
        let id = "9\(uploads.count + 1)"
        let m = DemoMedia(id: id, spec: ImageSpec(seed: 0, width: 1, height: 1, format: .png, pattern: .tiles, photoLike: false),
                          blurhash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj", description: description,
                          upload: DemoUpload(bytes: bytes, mimeType: mimeType, readyAt: Date().addingTimeInterval(config.mediaProcessingSeconds)))
        uploads[id] = m
        writeLog.append("upload \(id)")
        return .success(m)
    }

    func uploaded(_ id: String) -> DemoMedia? { uploads[id] }

    /// The demo user's posts as they are now, for tests: what the server really holds.
    func written() -> [DemoPost] {
        posts.filter { $0.authorIndex == 0 && $0.source != nil && !deleted.contains($0.id) }
    }

    func replace(_ p: DemoPost) {
        if replies[p.id] != nil { replies[p.id] = p }
        else if let i = world.index(of: p.id), i < posts.count { posts[i] = p }
    }

    private func addReply(_ id: UInt64, to parentID: UInt64) {
        childrenOf[parentID, default: []].append(id)
        if var parent = post(id: parentID) {
            parent.repliesCount += 1
            replace(parent)
        }
    }

    /// Accounts the text mentions by `@username`.
    private func mentioned(in text: String) -> [Int] {
        text.split(whereSeparator: \.isWhitespace).compactMap { word -> Int? in
            guard word.hasPrefix("@") else { return nil }
            let parts = word.dropFirst().split(separator: "@", maxSplits: 1).map(String.init)
            return parts.first.flatMap { authorIndex(username: $0, domain: parts.count > 1 ? parts[1] : nil) ?? authorIndex(username: $0, domain: nil) }
        }
    }

    /// The HTML Mastodon makes of plain text: paragraphs, line breaks, everything escaped.
    static func html(_ text: String) -> String {
        func escaped(_ s: Substring) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        return text.components(separatedBy: "\n\n").map { para in
            "<p>" + para.split(separator: "\n", omittingEmptySubsequences: false).map(escaped).joined(separator: "<br />") + "</p>"
        }.joined()
    }

    /// A poll as Mastodon sends it; its id is its post's (one poll a post).
    func wirePoll(_ poll: DemoPoll, id: UInt64) -> WirePoll {
        let votes = poll.options.indices.map { $0 < poll.votes.count ? poll.votes[$0] : 0 }
        return WirePoll(id: wireID(id), expiresAt: Self.iso8601(poll.expiresAt), expired: Date() >= poll.expiresAt,
                        multiple: poll.multiple, votesCount: votes.reduce(0, +), votersCount: poll.voters,
                        options: zip(poll.options, votes).enumerated().map { i, o in .init(title: shown(o.0, salt: Int(id % 97) + i), votesCount: o.1) },
                        voted: poll.ownVotes != nil, ownVotes: poll.ownVotes ?? [])
    }
}

struct DemoUploadRefusal: Error {
    var status: Int
    var message: String
}
