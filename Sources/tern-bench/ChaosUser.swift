import Foundation

/// A person at the real `tern` in tmux, as the chaos harness plays one: moves to a post, presses a key,
/// reads on the screen what it shows. Knows nothing of Tern's insides; everything comes off the screen,
/// and a post's id off its link, copied with `y` (`copy` runs a script that files each link).
final class ChaosUser {
    let terminal: TmuxTern
    /// Where the copy script appends each copied link, a line each.
    let links: URL

    init(terminal: TmuxTern, links: URL) {
        self.terminal = terminal
        self.links = links
    }

    /// The selected post as the screen shows it: its lines (the gutter marks them) and its marks.
    struct Selected {
        var lines: [String]
        var footer: String
        var liked: Bool { footer.contains("★") }
        var saved: Bool { footer.contains("⚑") }
        /// Whether the post's author line (under a boost's line, if any) names `acct`.
        func isBy(_ acct: String) -> Bool {
            lines.prefix(3).contains { line in line.split(separator: " ").contains { $0 == "@" + acct } }
        }
        var boosted: Bool { footer.contains("boosted") || footer.contains("boosting") && !footer.contains("unboosting") }
    }

    /// Nil when no post is selected, or when its counts line lacks its like or save mark: a screen read
    /// while Tern was drawing that line (tmux caught one half drawn, and a like read as "off" from it was
    /// counted as a discrepancy). The caller reads again.
    static func selected(_ screen: String) -> Selected? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { $0.hasPrefix("▌") }
        guard let footer = lines.last(where: { $0.hasPrefix("▌ ↩ ") }),
              footer.contains("☆") || footer.contains("★"), footer.contains("⚐") || footer.contains("⚑") else { return nil }
        return Selected(lines: lines, footer: footer)
    }

    /// Starts (or starts again) tern and waits for the home timeline's posts.
    func start() throws {
        // A post's counts, or a selected post: restarted at a post taller than the screen, Tern shows no
        // counts line (a long run once stopped so, at 3,000 presses, with Tern up and well).
        try terminal.startUp(until: "post") { $0.contains("↩ ") || $0.contains("\n▌ ") }
    }

    /// Selects the post `down` below the top of the home timeline: its id and how the screen shows it; nil
    /// when no post is selected there (a gap, the outbox's rows).
    func select(_ down: Int) -> (id: String, shown: Selected)? {
        terminal.press("g")
        if down > 0 { terminal.press("j", count: down) }
        return readSelection()
    }

    /// Selects the next post down (`j`), as `select` does.
    func selectNext() -> (id: String, shown: Selected)? {
        terminal.press("j")
        return readSelection()
    }

    /// Why the last selection came to nothing, as the screen showed it.
    private(set) var lastMiss: String?

    private func readSelection() -> (id: String, shown: Selected)? {
        lastMiss = nil
        // Keys are taken in order: once `y`'s link is filed, the screen shows the selection they made. A row
        // with no link (one's post on its way, "read up to here", a deleted post) is passed over, as a user
        // would: the next row down, twice at most.
        var copied = copiedID()
        for _ in 0..<2 where copied == nil {
            terminal.press("j")
            copied = copiedID()
        }
        guard let id = copied else {
            lastMiss = "no link copied; " + Self.glimpse(terminal.screen())
            return nil
        }
        guard let screen = terminal.wait(2, until: { Self.selected($0) != nil }), var shown = Self.selected(screen) else {
            lastMiss = "no counts line of a selected post; " + Self.glimpse(terminal.screen())
            return nil
        }
        // The same counts line twice, 50 ms apart: a frame still being drawn may show an old mark beside new text.
        for _ in 0..<5 {
            usleep(50_000)
            guard let now = Self.selected(terminal.screen()), now.footer != shown.footer else { break }
            shown = now
        }
        return (id, shown)
    }

    /// The selected lines and the status line of a screen, in short.
    static func glimpse(_ screen: String) -> String {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let chosen = lines.filter { $0.hasPrefix("▌") }.prefix(3).map { String($0.prefix(60)) }
        let status = lines.last { !$0.isEmpty }.map { String($0.prefix(80)) } ?? ""
        return "selected [\(chosen.joined(separator: " | "))], status [\(status)]"
    }

    /// One's newest post near the top, read afresh (`r`): the first whose author line names `acct`, within
    /// a dozen of the top; its id, or nil when none is.
    func selectOwnNearTop(acct: String) -> String? {
        terminal.press("r")
        let mine: (String) -> Bool = { s in Self.selected(s)?.lines.prefix(2).contains { $0.contains("@" + acct) } == true }
        // What the refresh brings lands above the selection: `g` again until the top is one's own post.
        for _ in 0..<4 {
            terminal.press("g")
            if terminal.wait(0.5, until: mine) != nil { return copiedID() }
        }
        // Others write too: one's newest post may be a few below theirs.
        for _ in 0..<12 {
            terminal.press("j")
            if terminal.wait(0.3, until: mine) != nil { return copiedID() }
        }
        return nil
    }

    /// `y` on the selected post: its id, from the link the copy script filed.
    func copiedID() -> String? {
        let before = linkCount()
        // Tern says so when the line has no link (a gap, a post still on its way): no need to wait out the
        // deadline then, unless the same words were already on the screen before the press.
        let noLink = ["has no link", "Nothing on this line has a link"]
        let saidBefore = noLink.contains { terminal.screen().contains($0) }
        terminal.press("y")
        let deadline = Date().addingTimeInterval(3)
        while Date() < deadline {
            let lines = linkLines()
            if lines.count > before, let last = lines.last {
                // A status's link ends in its id (…/@user/ID, …/statuses/ID, …/notice/ID).
                return last.split(separator: "/").last.map(String.init)
            }
            if !saidBefore, noLink.contains(where: { terminal.screen().contains($0) }) { return nil }
            usleep(10_000)
        }
        return nil
    }

    /// Writes a post (or a reply to the selected post) holding `text` and sends it with Ctrl-S. False when
    /// the compose screen did not open (a dialog in the way, say): nothing was sent.
    func write(_ text: String, reply: Bool) -> Bool {
        compose(key: reply ? "a" : "w", title: reply ? "Reply to @" : "New post", typing: text)
    }

    /// Edits the selected post (one's own), adding `text` at the end, and sends the edit with Ctrl-S.
    func edit(adding text: String) -> Bool {
        compose(key: "e", title: "Edit post", typing: text)
    }

    /// Opens the compose screen with `key`, waits for its `title`, types, and sends with Ctrl-S.
    private func compose(key: String, title: String, typing text: String) -> Bool {
        terminal.press(key)
        guard terminal.wait(5, until: { $0.contains(title) && $0.contains("ctrl-s send") }) != nil else {
            terminal.press("Escape")
            return false
        }
        terminal.type(text)
        // Compared word by word: a draft kept from a post that never reached the outbox is written on, and
        // the text then wraps. Seen wrapped, it was taken for not typed, and the screen was left open: every
        // key of the run after it went into the post.
        func words(_ s: String) -> String { s.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        guard terminal.wait(3, until: { words($0).contains(words(text)) }) != nil else {
            terminal.press("Escape")
            return false
        }
        terminal.press("C-s")
        // Refused (too long, say), the screen stays: it is left, keeping the draft, so the keys that follow
        // reach the list.
        guard terminal.wait(5, until: { !($0.contains(title) && $0.contains("ctrl-s send")) }) != nil else {
            terminal.press("Escape")
            return false
        }
        return true
    }

    /// Down from the selection, post by post, to one whose poll is open ("V to vote"), then `V` and the
    /// first option's digit (and Enter, in a poll of several answers). Its id, what was chosen and when the
    /// vote was asked; nil when no open poll came within `reach` posts or the box did not open.
    func voteInNextOpenPoll(reach: Int) -> (id: String, choices: [Int], at: Date)? {
        for _ in 0..<reach {
            let screen = terminal.screen()
            if let shown = Self.selected(screen), shown.lines.contains(where: { $0.contains("V to vote") }) {
                guard let id = copiedID() else { return nil }
                let several = shown.lines.contains { $0.contains("V to vote (several)") }
                terminal.press("V")
                guard terminal.wait(3, until: { $0.contains("Vote: ") }) != nil else {
                    terminal.press("Escape")
                    return nil
                }
                let at = Date()
                terminal.press("1")
                if several { terminal.press("Enter") }
                return (id, [0], at)
            }
            terminal.press("j")
            _ = terminal.wait(1) { $0 != screen }
        }
        return nil
    }

    /// Deletes the selected post (one's own): `D`, and `y` to the question. When `y` was pressed, or nil
    /// when the question did not come.
    func delete() -> Date? {
        terminal.press("D")
        guard terminal.wait(3, until: { $0.contains("Delete this post of yours?") }) != nil else {
            terminal.press("Escape")
            return nil
        }
        let at = Date()
        terminal.press("y")
        return at
    }

    /// Opens the selected post's author's profile, presses `F`, confirms an unfollow, and goes back. The
    /// account as the profile names it (`user@host` or `user`) and the state shown before (following or
    /// not), or nil when the profile did not show. The name comes off the profile itself: the selection
    /// may have moved (new posts above it) since the post's link was copied.
    func toggleFollow() -> (acct: String, following: Bool, at: Date)? {
        terminal.press("p")
        let shown: [(String, Bool)] = [("unfollowing…", false), ("✓ following", true), ("following…", true),
                                       ("follow requested", true), ("not following (F follows)", false)]
        guard let profile = terminal.wait(5, until: { s in shown.contains { s.contains($0.0) } }),
              let following = shown.first(where: { profile.contains($0.0) })?.1,
              let acct = profile.split(separator: "\n").dropFirst().prefix(6).lazy
                .compactMap({ line in line.split(separator: " ").first { $0.hasPrefix("@") && $0.count > 1 } }).first else {
            terminal.press("Escape")
            return nil
        }
        // When the press that asks was made: the kill's grace is measured from it.
        var at = Date()
        terminal.press("F")
        if following {
            if terminal.wait(3, until: { $0.contains("Unfollow @") }) != nil {
                at = Date()
                terminal.press("y")
            } else {
                terminal.press("Escape")
                return nil
            }
        }
        // Back on the timeline before the next press (Escape on the profile, once F has been taken).
        terminal.press("Escape")
        _ = terminal.wait(3) { $0.contains("Home") }
        return (String(acct.dropFirst()), following, at)
    }

    private func linkLines() -> [Substring] {
        guard let text = try? String(contentsOf: links, encoding: .utf8) else { return [] }
        return text.split(separator: "\n")
    }

    private func linkCount() -> Int { linkLines().count }
}
