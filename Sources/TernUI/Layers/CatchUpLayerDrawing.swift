import Foundation
import TernFeed
import TernModel
import TernTerminal

/// How Catch-up draws: its title, the facets and counts under it, its rows, and its keys on the status line.
extension CatchUpLayer {
    /// The lines above the rows, under the title: the facets with their keys (on as many lines as the width
    /// takes: at 80 columns the last was cut), then the count and what was left out, then what could not be
    /// known.
    func headerLines(_ env: LayerEnv) -> [[Segment]] {
        guard let loaded else { return [] }
        var lines: [[Segment]] = []
        var facets: [Segment] = []
        var column = 0
        let width = max(20, env.columns - 2)
        for (i, kind) in Self.kindKeys.enumerated() {
            let chosen = kinds.contains(kind)
            // Offline the followed hashtags are not known: "?" rather than a count of 0 that is not true.
            let count = kind == .hashtags && !loaded.tagsKnown ? "?" : "\(loaded.pool.facets[kind])"
            let words = "\(i + 1) \(kind.words) \(count)"
            let text = SafeText(chosen ? "[" + words + "]" : words)
            if column > 0, column + text.width > width {
                if facets.last?.text.string == " · " { facets.removeLast() }
                lines.append(facets)
                (facets, column) = ([], 0)
            }
            facets.append(Segment(text: text, role: chosen ? .focus : .counts, column: column))
            column += text.width + 3
            if i < Self.kindKeys.count - 1 { facets.append(Segment(text: SafeText(" · "), role: .acct, column: column - 3)) }
        }
        lines.append(facets)
        var summary = "\(Counted.words(postCount, "post"))" + (kinds.isEmpty ? "" : " of the kinds chosen")
        switch listing {
        case .links: summary = Counted.words(rows.count, "link") + " shared by two or more, in " + summary
        case .linkPosts(let link): summary = Counted.words(rows.count, "post") + " sharing " + Sanitizer.clean(CatchUpRowLine.linkWords(link))
        case .authors:
            // Where nobody posted twice, "most active" would rank nothing: it says so, and what the order is.
            let once = rows.allSatisfy { if case .author(let group) = $0 { group.items.count == 1 } else { true } }
            summary = once ? "No author posted more than once in " + summary + ": the first authors in the order shown"
                           : "The most active authors, of " + summary
        case .posts: break
        }
        if let left = loaded.pool.leftOut.words { summary += " · " + left }
        lines.append([Segment(text: SafeText(summary), role: .acct, column: 0)])
        // What stood in and what could not be known, wrapped: cut at the edge, they lost their end (where to go
        // on), at 120 columns too.
        for note in (stoodIn.map { [$0] } ?? []) + loaded.notes.prefix(2) {
            lines += TextWrap.wrap([(Sanitizer.clean(note), .warning)], width: width).prefix(3)
        }
        return lines
    }

    /// Rows of posts that fit under the header.
    func bodyHeight(_ env: LayerEnv) -> Int { max(1, env.listHeight - headerLines(env).count) }

    /// The title: what the screen is and how to leave it.
    var title: String {
        var named = across ? ["Catch-up across accounts", window.words, order.name] : ["Catch-up", window.words, order.name]
        switch listing {
        // Grouped, the title says so (a new user read "liked" over author rows and looked for the posts).
        case .posts: if grouped { named.append("by author") }
        case .links: named.append("links shared by several")
        case .linkPosts: named.append("a link's posts")
        case .authors: named.append("most active authors")
        }
        if let author { named.append(Sanitizer.clean(author.author.shownName) + "'s posts") }
        return named.joined(separator: " · ") + " · Esc back"
    }

    func render(_ env: LayerEnv, into screen: Canvas) {
        let theme = env.renderer.theme
        screen.fill(row: 0, column: 0, width: screen.columns, style: theme[.title])
        screen.draw(SafeText(" " + title), row: 0, column: 0, style: theme[.title], maxWidth: screen.columns)
        let header = headerLines(env)
        for (i, line) in header.enumerated() {
            for seg in line { screen.draw(seg.text, row: 1 + i, column: seg.column + 1, style: theme[seg.role], maxWidth: max(0, screen.columns - seg.column - 1)) }
        }
        let first = 1 + header.count, height = bodyHeight(env)
        if rows.isEmpty {
            let words = failure.map { "Catch-up could not be read: \($0)" }
                ?? (fetching != nil ? "Fetching the posts \(window.after) that the cache lacks…"
                    : loaded != nil ? emptyWords : "Reading the posts \(window.after) from the cache…")
            screen.draw(SafeText(words), row: first, column: 1, style: theme[failure == nil ? .placeholder : .warning], maxWidth: screen.columns - 1)
        }
        // The selection stays in view when the screen shrinks under it (a resize to 80×24 hid it).
        let shownTop = max(0, min(min(top, max(0, rows.count - height)), selected), selected - height + 1)
        for (i, row) in rows.dropFirst(shownTop).prefix(height).enumerated() {
            var row = row
            if case .post(let item) = row { row = .post(shown(item)) }
            let revealed: Bool = if case .post(let item) = row { env.openedWarnings.isOpen(.post(item.post)) } else { false }
            let line = CatchUpRowLine(row: row, width: screen.columns, now: env.now, indent: grouped && listing == .posts ? 2 : 0, revealed: revealed,
                                      namingAccounts: (loaded?.accounts.count ?? 0) > 1)
            let isSelected = shownTop + i == selected && env.focused
            var style = theme[.gutter]
            style.reverse = true
            style.bold = true
            // Marked as well as highlighted: the selection shows without colours too.
            if isSelected {
                screen.fill(row: first + i, column: 0, width: screen.columns, style: style)
                screen.draw(SafeText("▸"), row: first + i, column: 0, style: style)
            }
            for seg in line.segments {
                screen.draw(seg.text, row: first + i, column: seg.column, style: isSelected ? style : theme[seg.role],
                            maxWidth: max(0, screen.columns - seg.column))
            }
        }
        let status = screen.rows - 1
        screen.fill(row: status, column: 0, width: screen.columns, style: theme[.status])
        // The screen's own keys, in fewer words where the line is narrow (80 columns), `?` saying the rest.
        let keys = Self.statusKeys.map { SafeText($0) }.first { $0.width <= screen.columns }
        if let fetching {
            let words = stopping ? "Stopping: ranking what is held after \(fetching.words)…"
                : loaded != nil ? "Fetching \(window.words): \(fetching.words) · the cache's posts meanwhile"
                : "Fetching \(window.words): \(fetching.words) · Esc stops and shows what is there"
            screen.draw(SafeText(words), row: status, column: 0, style: theme[.status], maxWidth: screen.columns)
        } else if let message = env.message {
            env.renderer.drawStatusMessage(message, width: screen.columns, on: screen)
        } else if let keys {
            screen.draw(keys, row: status, column: screen.columns - keys.width, style: theme[.status])
            // The session's one word on its server, as the lists' status line says it.
            if env.offline, keys.width + 9 <= screen.columns { screen.draw(SafeText(" offline"), row: status, column: 0, style: theme[.status]) }
        }
    }
}

extension CatchUpLayer {
    /// The status line's keys, the fullest first.
    static let statusKeys = ["s order · 1-6 kinds · W window · z by author · S links · P authors · x done · ⏎ open · esc back ",
                             "s order · 1-6 kinds · W window · z by author · S links · P authors · ? keys ",
                             "s W z S P x · ? keys "]

    /// What the screen says where its listing has no rows.
    var emptyWords: String {
        switch listing {
        case .links: return "No link was shared by two or more people here: S or Esc goes back."
        case .authors: return "No authors here: P or Esc goes back."
        case .linkPosts: return "None of this link's posts are of the kinds chosen: Esc goes back."
        case .posts: return "No posts \(window.after): W shows another window, r fetches it again."
        }
    }
}
