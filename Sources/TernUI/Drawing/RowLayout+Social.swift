import Foundation
import TernFeed
import TernImages
import TernModel
import TernTerminal

/// Notification and profile rows.
extension RowLayout {
    /// "★ Ada Lindqvist and 3 others liked your post  2h", then the post it is about, or what stands in for it.
    /// `to`: the account it came to, in the inbox (where several accounts' notifications meet).
    mutating func addNotification(_ group: NotificationGroup, to account: String? = nil, x0: Int, inner: Int, now: Date) {
        let icon: String
        switch group.kind {
        case .mention: icon = "@"
        case .status: icon = "✉"
        case .reblog: icon = "⇄"
        case .follow: icon = "+"
        case .followRequest: icon = "?"
        case .favourite: icon = "★"
        case .poll: icon = "▤"
        case .update, .quotedUpdate: icon = "✎"
        case .quote: icon = "❝"
        case .other: icon = "•"
        }
        let age = RelativeTime.short(from: group.latestAt, now: now)
        // The account's name first in the inbox, kept whole as far as it fits: it says who answers.
        let to = account.map { DisplayWidth.truncate("→ " + Sanitizer.clean($0), to: max(4, (inner - DisplayWidth.of(age) - 2) / 2)) }
        let toWidth = to.map { DisplayWidth.of($0) + 2 } ?? 0
        let summary = DisplayWidth.truncate(icon + " " + Sanitizer.clean(group.summary), to: max(4, inner - DisplayWidth.of(age) - 2 - toWidth))
        var head = [Segment(text: SafeText(summary), role: .notification, column: x0)]
        if let to { head.append(Segment(text: SafeText(to), role: .acct, column: x0 + DisplayWidth.of(summary) + 2)) }
        head.append(Segment(text: SafeText(age), role: .time, column: x0 + inner - DisplayWidth.of(age) + 1))
        lines.append(head)
        placeEmoji(group.accounts.flatMap { $0.emojis ?? [] }, lines: (lines.count - 1)..<lines.count)
        if let post = group.post {
            // The post is the one of a mention or a reply; for likes and boosts it is the user's own, shown shorter.
            addPost(post, x0: x0 + 2, inner: max(10, inner - 2), now: now)
            return
        }
        if group.postMissing {
            lines.append([Segment(text: SafeText("(the post was deleted, or is not visible to you)"), role: .placeholder, column: x0 + 2)])
        } else {
            let handles = group.accounts.prefix(3).map { Sanitizer.clean("@" + $0.acct) }.joined(separator: "  ")
            lines.append([Segment(text: SafeText(DisplayWidth.truncate(handles, to: inner - 2)), role: .acct, column: x0 + 2)])
        }
        lines.append([])
    }

    /// The profile header: avatar beside name, handle and how you relate; then counts, bio and fields.
    mutating func addProfile(_ p: Profile, _ relationship: Relationship?, pending: Bool, x0: Int, inner: Int, now: Date) {
        let avatarColumns = 8, avatarRows = 4
        let hasAvatar = p.account.avatarURL != nil && inner > 40
        let tx = hasAvatar ? x0 + avatarColumns + 2 : x0
        let tw = hasAvatar ? inner - avatarColumns - 2 : inner
        if let url = p.account.avatarURL, hasAvatar {
            let attachment = MediaAttachment(id: "avatar:" + p.account.id, kind: .image, url: url, previewURL: url, blurhash: nil,
                                             description: nil, previewWidth: 1, previewHeight: 1)
            media.append(MediaBox(line: 0, column: x0, columns: avatarColumns, rows: avatarRows, attachment: attachment,
                                  request: ThumbnailRequest(url: url, columns: avatarColumns, rows: avatarRows)))
        }
        var top: [[Segment]] = []
        top.append([Segment(text: SafeText(DisplayWidth.truncate(Sanitizer.clean(p.account.shownName), to: tw)), role: .name, column: tx)])
        var handle = "@" + p.account.acct
        if p.locked { handle += " 🔒" }
        if p.bot { handle += " [bot]" }
        top.append([Segment(text: SafeText(DisplayWidth.truncate(Sanitizer.clean(handle), to: tw)), role: .acct, column: tx)])
        var relation: [String] = []
        if let r = relationship {
            if pending { relation.append(r.following || r.requested ? "following…" : "unfollowing…") }
            else if r.following { relation.append("✓ following") }
            else if r.requested { relation.append("follow requested") }
            else { relation.append("not following (F follows)") }
            if r.followedBy { relation.append("follows you") }
            else if r.requestedBy { relation.append("asked to follow you") }
        }
        top.append([Segment(text: SafeText(relation.joined(separator: " · ")), role: pending ? .pending : .mention, column: tx)])
        var counts = p.countsKnown ? "\(Counted.words(p.posts, "post")) · \(p.following) following · \(Counted.words(p.followers, "follower"))"
            : "posts and followers not fetched yet"
        if let joined = p.createdAt {
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_GB")
            f.dateFormat = "d MMM yyyy"
            counts += " · joined \(f.string(from: joined))"
        }
        top.append([Segment(text: SafeText(DisplayWidth.truncate(counts, to: tw)), role: .counts, column: tx)])
        lines += top
        // The account's emoji in its name and its bio (one list for both, as the server sends it).
        let emojis = p.account.emojis
        placeEmoji(emojis, lines: 0..<1)
        if hasAvatar, lines.count < avatarRows { lines += Array(repeating: [], count: avatarRows - lines.count) }
        lines.append([])
        let bio = lines.count
        for (i, paragraph) in p.note.paragraphs.enumerated() {
            if i > 0 { lines.append([]) }
            for line in paragraph {
                lines += TextWrap.wrap(line.map { ($0.text, Self.role(of: $0.style)) }, width: inner).map { Self.shift($0, x0) }
            }
        }
        placeEmoji(emojis, lines: bio..<lines.count)
        if !p.fields.isEmpty { lines.append([]) }
        for field in p.fields {
            let name = DisplayWidth.truncate(Sanitizer.clean(field.name), to: 16)
            var line = [Segment(text: SafeText(name + ":"), role: .acct, column: x0)]
            let value = DisplayWidth.truncate(Sanitizer.clean(field.value.plainText.replacingOccurrences(of: "\n", with: " ")),
                                              to: max(4, inner - 20))
            line.append(Segment(text: SafeText(value), role: field.verified ? .verified : .text, column: x0 + 18))
            if field.verified { line.append(Segment(text: SafeText(" ✓ verified"), role: .verified, column: x0 + 18 + DisplayWidth.of(value))) }
            lines.append(line)
        }
        lines.append([])
    }

    /// A post of the user's in the outbox: what it says, and that it is not on the server yet.
    mutating func addOutgoing(_ post: OutgoingPost, waiting: Bool, x0: Int, inner: Int) {
        let d = post.draft
        let state = waiting ? "⏳ waiting for the server: it goes out when the server answers" : "⏳ sending…"
        let what = d.editingID != nil ? "your edit" : d.inReplyToID != nil ? "your reply" + (d.replyingTo.map { " to @\($0)" } ?? "") : "your post"
        lines += TextWrap.wrap([(what + " · " + state, .pending)], width: inner).map { Self.shift($0, x0) }
        if !d.spoiler.isEmpty { lines += TextWrap.wrap([("CW: " + d.spoiler, .warning)], width: inner).map { Self.shift($0, x0) } }
        for paragraph in d.text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += TextWrap.wrap([(String(paragraph), .text)], width: inner).map { Self.shift($0, x0) }
        }
        if !d.attachments.isEmpty {
            let n = d.attachments.count
            lines += [[Segment(text: SafeText("📎 \(n) picture\(n == 1 ? "" : "s")"), role: .counts, column: x0)]]
        }
        lines.append([])
    }
}
