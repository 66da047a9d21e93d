import Foundation
import TernFeed
import TernImages
import TernModel
import TernTerminal

/// A thumbnail's place in a laid-out post.
struct MediaBox: Equatable {
    var line: Int
    var column: Int
    var columns: Int
    var rows: Int
    var attachment: MediaAttachment
    /// Nil when the attachment has no picture to fetch, or is sensitive and not revealed.
    var request: ThumbnailRequest?
    /// For sensitive media not revealed: the blurhash alone is drawn, under this key.
    var blurKey: ThumbnailRequest?

    /// An author's avatar rather than an attached picture.
    var isAvatar: Bool { attachment.id.hasPrefix("avatar:") }
    /// A custom emoji in a name or the text (`RowLayout.placeEmoji`).
    var isEmoji: Bool { attachment.id.hasPrefix("emoji:") }
}

/// One row laid out for one width: its lines of text and where its thumbnails go. Made once per row,
/// width and reveal state, and reused while the row doesn't change.
struct RowLayout {
    var row: FeedRow
    var width: Int
    var revealed: Bool
    var pictures: PictureLayout
    var lines: [[Segment]] = []
    var media: [MediaBox] = []

    var id: String { row.id }
    /// The post that likes, saves and pictures act on, if the row has one.
    var post: Post? { row.post }
    var height: Int { lines.count }

    /// Roughly the memory this layout holds of its own (its text and boxes; the row is shared with the
    /// snapshot), for the layout cache's byte budget.
    var approximateBytes: Int {
        lines.reduce(MemoryLayout<Self>.stride + media.count * MemoryLayout<MediaBox>.stride) { sum, line in
            line.reduce(sum + 32) { $0 + MemoryLayout<Segment>.stride + $1.text.string.utf8.count + ($1.link?.utf8.count ?? 0) }
        }
    }

    /// Columns left of the content: the selection gutter.
    static let gutter = 2
    /// A "+N" after the pictures that didn't fit takes this many columns.
    static let moreWidth = 5
    /// Thread replies indent two columns a level up to this depth; deeper ones say how deep instead.
    static let maxIndentDepth = 6

    init(row: FeedRow, width: Int, revealed: Bool, now: Date, pictures: PictureLayout = PictureLayout()) {
        self.row = row
        self.width = width
        self.revealed = revealed
        self.pictures = pictures
        let x0 = Self.gutter
        let inner = max(10, width - Self.gutter - 1)
        switch row {
        case .post(let post, let depth, _):
            let indent = min(depth, Self.maxIndentDepth) * 2
            let deeper = depth > Self.maxIndentDepth ? "⋮\(depth) " : ""
            addPost(post, x0: x0 + indent, inner: max(10, inner - indent), depthNote: deeper, now: now)
        case .gap(let gap):
            let text = gap.loading ? "⋯ loading posts…" : "⋯ posts not loaded here — Enter loads them"
            lines = [[Segment(text: SafeText(text), role: .gap, column: x0)], []]
        case .notice(FeedSnapshot.readMarkID, let text):
            // A rule across the list, the words in it: seen below, new above.
            let words = " \(text) "
            let side = max(2, (inner - DisplayWidth.of(words)) / 2)
            let rule = String(repeating: "─", count: side) + words + String(repeating: "─", count: side)
            lines = [[Segment(text: SafeText(DisplayWidth.truncate(rule, to: inner)), role: .readMark, column: x0)], []]
        case .notice(_, let text):
            lines = TextWrap.wrap([(text, .placeholder)], width: inner).map { Self.shift($0, x0) } + [[]]
        case .notification(let group):
            addNotification(group, x0: x0, inner: inner, now: now)
        case .inboxed(let group, let account):
            addNotification(group, to: account, x0: x0, inner: inner, now: now)
        case .profile(let profile, let relationship, let pending):
            addProfile(profile, relationship, pending: pending, x0: x0, inner: inner, now: now)
        case .outgoing(let post, let waiting):
            addOutgoing(post, waiting: waiting, x0: x0, inner: inner)
        case .found(let found):
            addFound(found, x0: x0, inner: inner, now: now)
        }
    }

    static func shift(_ segs: [Segment], _ x0: Int) -> [Segment] { segs.map { var s = $0; s.column += x0; return s } }

    /// A post: who boosted it, the header, warning, text, poll, card, pictures, and the counts.
    mutating func addPost(_ post: Post, x0: Int, inner: Int, depthNote: String = "", now: Date) {
        func shifted(_ segs: [Segment]) -> [Segment] { Self.shift(segs, x0) }

        if let booster = post.boostedBy {
            let top = lines.count
            lines += TextWrap.wrap([("⇄ \(booster.shownName) boosted", .boost)], width: inner).map(shifted)
            placeEmoji(booster.emojis, lines: top..<lines.count)
        }
        // A direct conversation, in its list: who else is in it (its newest message follows).
        if let c = post.conversation {
            let who = c.participants.isEmpty ? "✉ only you" : "✉ with " + Sanitizer.clean(c.names)
            lines += TextWrap.wrap([(who, .boost)], width: inner).map(shifted)
        }
        // Header: name, handle, and the age flush right.
        let age = RelativeTime.short(from: post.createdAt, now: now)
        let reply = (post.inReplyToID != nil ? " ↩" : "") + (post.editedAt != nil ? " ✎" : "")
        let ageWidth = DisplayWidth.of(age) + DisplayWidth.of(reply) + 1
        // The author's avatar, two cells wide, before the name.
        var nameX = x0
        if pictures.avatars, !pictures.off, !pictures.lowData, inner >= 30, let url = post.account.avatarURL {
            let attachment = MediaAttachment(id: "avatar:" + post.account.id, kind: .image, url: url, previewURL: url, blurhash: nil)
            media.append(MediaBox(line: lines.count, column: x0, columns: 2, rows: 1, attachment: attachment,
                                  request: ThumbnailRequest(url: url, columns: 2, rows: 1)))
            nameX += 3
        }
        let nameRoom = inner - (nameX - x0)
        // A web feed's item not read yet is marked before its feed's name.
        let unreadMark = post.unread == true ? "● " : ""
        let name = DisplayWidth.truncate(unreadMark + depthNote + Sanitizer.clean(post.account.shownName), to: max(4, nameRoom - ageWidth - 2))
        let acct = DisplayWidth.truncate(Sanitizer.clean("@" + post.account.acct),
                                         to: max(0, nameRoom - ageWidth - DisplayWidth.of(name) - 1))
        var header = [Segment(text: SafeText(name), role: .name, column: nameX)]
        if !acct.isEmpty { header.append(Segment(text: SafeText(acct), role: .acct, column: nameX + DisplayWidth.of(name) + 1)) }
        header.append(Segment(text: SafeText(reply + " " + age), role: .time, column: x0 + inner - ageWidth + 1))
        lines.append(header)
        placeEmoji(post.account.emojis, lines: (lines.count - 1)..<lines.count)

        // A filter of the user's with "warn" folds the whole post behind its title until revealed.
        let filtered = post.filterWarnings
        if !filtered.isEmpty, !revealed {
            lines += TextWrap.wrap([("⊘ Filtered: " + filtered.joined(separator: ", "), .warning), ("  (c to show)", .placeholder)],
                                   width: inner).map(shifted)
            lines.append([])
            return
        }
        let hidden = !post.spoilerText.isEmpty && !revealed
        if !post.spoilerText.isEmpty {
            let hint = revealed ? "" : "  (c to show)"
            let top = lines.count
            lines += TextWrap.wrap([("⚠ " + post.spoilerText, .warning), (hint, .placeholder)], width: inner).map(shifted)
            placeEmoji(post.emojis, lines: top..<lines.count)
        }
        if !hidden {
            let text = lines.count
            for (p, paragraph) in post.content.paragraphs.enumerated() {
                if p > 0 { lines.append([]) }
                for line in paragraph {
                    lines += TextWrap.wrap(linked: line.map { ($0.text, Self.role(of: $0.style), Self.target(of: $0.style)) },
                                           width: inner).map(shifted)
                }
            }
            placeEmoji(post.emojis, lines: text..<lines.count)
            if let quote = post.quote { addQuote(quote, x0: x0, inner: inner, now: now) }
            if let poll = post.poll {
                let top = lines.count
                lines += Self.pollLines(poll, voting: post.pending.contains(.vote), now: now, inner: inner).map(shifted)
                placeEmoji(poll.emojis, lines: top..<lines.count)
            }
            if let card = post.card { addCard(card, of: post, x0: x0, inner: inner, blurOnly: post.blursMedia && !revealed) }
            layoutMedia(post, x0: x0, inner: inner, blurOnly: post.blursMedia && !revealed)
        } else if !post.media.isEmpty {
            lines.append([Segment(text: SafeText("▣ \(post.media.count) attachment\(post.media.count == 1 ? "" : "s") hidden"),
                                  role: .placeholder, column: x0)])
        }
        if post.isWebFeedItem {
            // A feed's item has no counts or marks: where it links to instead.
            if let url = post.url {
                let shown = DisplayWidth.truncate(url.replacingOccurrences(of: "https://", with: "").replacingOccurrences(of: "http://", with: ""), to: inner - 2)
                lines.append([Segment(text: SafeText("↗ " + shown), role: .link, column: x0, link: url)])
            }
        } else {
            if let reactions = post.reactions, !reactions.isEmpty {
                let top = lines.count
                lines += TextWrap.wrap(Self.reactionRuns(reactions), width: inner).map(shifted)
                // A custom emoji's reaction carries its own picture.
                placeEmoji(reactions.compactMap { r in r.url.map { CustomEmoji(shortcode: r.name, url: $0) } }, lines: top..<lines.count)
            }
            lines.append(Self.footer(post, x0: x0))
        }
        lines.append([])
    }

    /// Emoji reactions on one line (wrapped when many): each with its count, the user's own marked in words
    /// as well as in colour, so it reads the same in every terminal.
    static func reactionRuns(_ reactions: [Reaction]) -> [(String, Theme.Role)] {
        var runs: [(String, Theme.Role)] = []
        for (i, r) in reactions.enumerated() {
            if i > 0 { runs.append((" · ", .counts)) }
            if r.pending {
                runs.append((Sanitizer.clean(r.label) + " \(r.count)" + (r.me ? " (yours, on its way)" : " (taking yours back)"), .pending))
            } else {
                runs.append((Sanitizer.clean(r.label) + " \(r.count)" + (r.me ? " (yours)" : ""), r.me ? .liked : .counts))
            }
        }
        return runs
    }

    /// A poll as text: totals and state, then one bar per option (✓ marks the user's own votes). `voting`:
    /// the user's vote is on its way (its choices are marked already).
    static func pollLines(_ poll: Poll, voting: Bool = false, now: Date, inner: Int) -> [[Segment]] {
        var state: String
        if poll.expired { state = "closed" }
        else if let end = poll.expiresAt {
            let left = RelativeTime.short(from: now, now: end)
            state = left == "now" ? "closing" : "ends in \(left)"
        } else { state = "open" }
        if voting { state += " · your vote is on its way" }
        else if poll.open(now: now) { state += poll.multiple == true ? " · V to vote (several)" : " · V to vote" }
        var lines = [[Segment(text: SafeText("▤ Poll · \(Counted.words(poll.votes, "vote")) · \(state)"),
                             role: voting ? .pending : .counts, column: 0)]]
        for (i, option) in poll.options.enumerated() {
            // Clamped: a server's option counts can exceed its total (a hostile one's, or a multiple-choice poll
            // counted by voters), and a bar longer than ten cells would be a negative repeat count, a crash.
            let share = option.votes.map { poll.votes > 0 ? min(1, max(0, Double($0) / Double(poll.votes))) : 0 }
            let filled = Int(((share ?? 0) * 10).rounded())
            let bar = String(repeating: "▰", count: filled) + String(repeating: "▱", count: 10 - filled)
            let pct = share.map { String(format: "%3d%%", Int(($0 * 100).rounded())) } ?? "  ? "
            let mine = poll.ownVotes.contains(i) ? " ✓" : ""
            let text = DisplayWidth.truncate(Sanitizer.clean(option.title), to: max(4, inner - 20)) + mine
            lines.append([Segment(text: SafeText("  " + bar + " " + pct + " "), role: .counts, column: 0),
                          Segment(text: SafeText(text), role: .text, column: 18)])
        }
        return lines
    }

    /// The blurhash-only stand-in for a picture, keyed apart from the picture itself.
    static func blurKey(_ m: MediaAttachment, columns: Int, rows: Int) -> ThumbnailRequest? {
        m.blurhash.map { ThumbnailRequest(url: "blurhash:" + $0, columns: columns, rows: rows) }
    }

    /// Pictures side by side at the thumbnail size, as many as fit, then "+N" for the rest.
    private mutating func layoutMedia(_ post: Post, x0: Int, inner: Int, blurOnly: Bool) {
        guard !post.media.isEmpty else { return }
        if pictures.off {
            let n = post.media.count
            lines.append([Segment(text: SafeText("▣ \(n) attachment\(n == 1 ? "" : "s")  (v to view)"), role: .placeholder, column: x0)])
            addMediaNotes(post, x0: x0, inner: inner, blurOnly: blurOnly)
            return
        }
        let rows = pictures.thumbnailRows(width: width), widest = min(pictures.maxColumns(rows: rows), inner)
        // Width from the picture's shape (cells are about twice as tall as wide), between portrait 4:5 and 16:9.
        let widths = post.media.map { m -> Int in
            let aspect = min(16.0 / 9, max(0.8, m.thumbnailAspectRatio ?? 1))
            return max(4, min(widest, Int((Double(rows) * 2 * aspect).rounded())))
        }
        var shown = 0, used = 0
        for (i, w) in widths.enumerated() {
            let next = used + (i > 0 ? 1 : 0) + w
            let more = i + 1 < widths.count ? Self.moreWidth + 1 : 0
            guard next + more <= inner else { break }
            used = next
            shown += 1
        }
        let top = lines.count
        var x = x0
        for (i, m) in post.media.prefix(max(1, shown)).enumerated() {
            let w = shown == 0 ? max(4, min(widths[0], inner - Self.moreWidth - 1)) : widths[i]
            // Sensitive media show only their blurhash until revealed; nothing is downloaded before that.
            let request = blurOnly ? nil : m.thumbnailURL.map { ThumbnailRequest(url: $0, columns: w, rows: rows, focus: m.focus) }
            let blurKey = blurOnly ? Self.blurKey(m, columns: w, rows: rows) : nil
            media.append(MediaBox(line: top, column: x, columns: w, rows: rows, attachment: m, request: request, blurKey: blurKey))
            x += w + 1
        }
        lines += Array(repeating: [], count: rows)
        let hidden = post.media.count - max(1, shown)
        if hidden > 0 {
            lines[top + rows / 2] = [Segment(text: SafeText("+\(hidden)"), role: .counts, column: x)]
        }
        addMediaNotes(post, x0: x0, inner: inner, blurOnly: blurOnly)
    }

    /// Under the pictures: the sensitive warning or the first alt text, and what plays.
    private mutating func addMediaNotes(_ post: Post, x0: Int, inner: Int, blurOnly: Bool) {
        if blurOnly {
            lines.append([Segment(text: SafeText("⚠ sensitive media  (c to show)"), role: .warning, column: x0)])
        } else if let described = post.media.first(where: { !($0.description ?? "").isEmpty }), let alt = described.description {
            let more = post.media.filter { !($0.description ?? "").isEmpty }.count - 1
            let text = "alt: " + Sanitizer.clean(alt) + (more > 0 ? "  (+\(more) more, v to view)" : "")
            lines.append([Segment(text: SafeText(DisplayWidth.truncate(text, to: inner)), role: .placeholder, column: x0)])
        }
        let kinds = post.media.compactMap { m -> String? in
            let length = m.durationText.map { " " + $0 } ?? ""
            switch m.kind {
            case .video: return "▶ video" + length
            case .gifv: return "▶ gif" + length
            case .audio: return "♪ audio" + length
            // A GIF kept as a picture (Akkoma's): a still in the list, moving in the large view.
            case .image where MovingRequest.kind(of: m) == .gif: return "▶ gif"
            default: return nil
            }
        }
        if !kinds.isEmpty {
            // Without pixels (symbols, as inside tmux) the large view shows a moving picture as a still: said
            // here, before `v`, where "v plays" promised what the view then didn't do.
            let still = !pictures.pixels && post.media.contains { MovingRequest.kind(of: $0) != nil }
            let how = still ? "  (v shows a still here, p in it plays)" : "  (v plays)"
            lines.append([Segment(text: SafeText(kinds.joined(separator: "  ") + how), role: .placeholder, column: x0)])
        }
    }

    private static func footer(_ post: Post, x0: Int) -> [Segment] {
        var segs: [Segment] = []
        var x = x0
        func add(_ s: String, _ role: Theme.Role) {
            let t = SafeText(s)
            segs.append(Segment(text: t, role: role, column: x))
            x += t.width
        }
        add("↩ \(post.repliesCount)   ", .counts)
        if post.pending.contains(.boost) {
            add(post.boosted ? "⇄… \(post.boostsCount) boosting" : "⇄… \(post.boostsCount) unboosting", .pending)
        } else if post.boosted { add("⇄ \(post.boostsCount) boosted", .boost) } else { add("⇄ \(post.boostsCount)", .counts) }
        add("   ", .counts)
        // Three looks per mark: confirmed, pending (dimmed, with "…", until the server says so), and plain.
        if post.pending.contains(.favourite) {
            add(post.favourited ? "★… \(post.favouritesCount) liking" : "☆… \(post.favouritesCount) unliking", .pending)
        } else if post.favourited { add("★ \(post.favouritesCount) liked", .liked) } else { add("☆ \(post.favouritesCount)", .counts) }
        add("   ", .counts)
        if post.pending.contains(.bookmark) { add(post.bookmarked ? "⚑… saving" : "⚐… unsaving", .pending) }
        else if post.bookmarked { add("⚑ saved", .saved) } else { add("⚐", .counts) }
        return segs
    }

    /// Where a run links to: its URL, the mentioned account's profile, the hashtag's page.
    static func target(of style: StyledText.Style) -> String? {
        switch style {
        case .link(let url), .mention(let url), .hashtag(let url): return url
        case .plain, .strong, .emphasis, .code: return nil
        }
    }

    static func role(of style: StyledText.Style) -> Theme.Role {
        switch style {
        case .plain, .strong: return .text
        case .emphasis: return .emphasis
        case .code: return .code
        case .link: return .link
        case .mention: return .mention
        case .hashtag: return .hashtag
        }
    }
}
