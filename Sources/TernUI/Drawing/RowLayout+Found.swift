import Foundation
import TernFeed
import TernModel
import TernTerminal

/// A search's rows beside its posts: section headings, people, hashtags and the server's progress.
extension RowLayout {
    /// The spinner's frames; it turns as the list is drawn again (each tick of the clock redraws it).
    static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    mutating func addFound(_ found: Found, x0: Int, inner: Int, now: Date) {
        func fit(_ text: String, _ room: Int) -> String { DisplayWidth.truncate(Sanitizer.clean(text), to: max(1, room)) }
        switch found {
        case .heading(let text):
            let words = "── \(text) "
            let rule = words + String(repeating: "─", count: max(2, inner - DisplayWidth.of(words)))
            lines = [[Segment(text: SafeText(fit(rule, inner)), role: .notification, column: x0)]]
        case .account(let account):
            // "Ann Example  @ann@example.social" on one line; the handle kept whole where it fits.
            let handle = fit("@" + account.acct, inner)
            let nameRoom = inner - DisplayWidth.of(handle) - 2
            var line: [Segment] = []
            if nameRoom >= 4 {
                let name = fit(account.shownName, nameRoom)
                line.append(Segment(text: SafeText(name), role: .name, column: x0))
                line.append(Segment(text: SafeText(handle), role: .acct, column: x0 + DisplayWidth.of(name) + 2))
            } else {
                line.append(Segment(text: SafeText(handle), role: .acct, column: x0))
            }
            lines = [line, [Segment(text: SafeText("Enter: profile"), role: .placeholder, column: x0 + 2)]]
        case .hashtag(let tag):
            lines = [hashtagLine(tag, state: tag.following == true ? "followed" : nil, x0: x0, inner: inner)]
        case .hashtagHeader(let header):
            // What `F` does, in the words the profile uses for a person.
            let state: String
            switch (header.tag.following, header.pending) {
            case (true?, true): state = "following…"
            case (false?, true): state = "unfollowing…"
            case (true?, false): state = "✓ following (F unfollows)"
            case (false?, false): state = "not following (F follows)"
            case (nil, _): state = "following: not known yet"
            }
            lines = [hashtagLine(header.tag, state: state, x0: x0, inner: inner)]
        case .progress(let text, let busy):
            let frame = Self.spinner[Int(now.timeIntervalSinceReferenceDate * 10) % Self.spinner.count]
            let shown = busy ? frame + " " + text : text
            lines = TextWrap.wrap([(shown, busy ? .pending : .placeholder)], width: inner).map { Self.shift($0, x0) }
        }
        lines.append([])
    }

    /// "#tag  N posts this week · state".
    private func hashtagLine(_ tag: Hashtag, state: String?, x0: Int, inner: Int) -> [Segment] {
        let name = DisplayWidth.truncate(Sanitizer.clean("#" + tag.name), to: max(1, inner))
        var line = [Segment(text: SafeText(name), role: .hashtag, column: x0)]
        var notes: [String] = []
        if let uses = tag.weeklyUses { notes.append("\(uses) post\(uses == 1 ? "" : "s") this week") }
        if let state { notes.append(state) }
        let room = inner - DisplayWidth.of(name) - 2
        if !notes.isEmpty, room > 4 {
            line.append(Segment(text: SafeText(DisplayWidth.truncate(notes.joined(separator: " · "), to: room)),
                                role: .counts, column: x0 + DisplayWidth.of(name) + 2))
        }
        return line
    }
}
