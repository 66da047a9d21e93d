import Foundation
import TernModel
import TernTerminal

/// Enter on a web feed's item: its whole text, wrapped to the screen, with its links and pictures' words,
/// read from the store off the loop (`Effect.loadArticle`); scrolled with the list's keys, `o` opens it.
struct ArticleLayer: Layer {
    let post: Post
    /// The text once read; nil while it is on its way.
    private(set) var text: StyledText?
    private(set) var failure: String?
    private(set) var top = 0
    /// The lines as last laid out, for the width and minute they were made for: a long text is wrapped once,
    /// not again at every key and frame.
    private var laidOut: (width: Int, minute: Int, lines: [[Segment]])?

    init(_ post: Post) { self.post = post }

    /// The lines for this screen: the ones laid out if they still fit it, else made now.
    func lines(_ env: LayerEnv) -> [[Segment]] {
        if let l = laidOut, l.width == env.columns, l.minute == Self.minute(env.now) { return l.lines }
        return lines(width: env.columns, now: env.now)
    }

    private static func minute(_ date: Date) -> Int { Int(date.timeIntervalSince1970 / 60) }

    private mutating func layOut(_ env: LayerEnv) {
        if let l = laidOut, l.width == env.columns, l.minute == Self.minute(env.now) { return }
        laidOut = (env.columns, Self.minute(env.now), lines(width: env.columns, now: env.now))
    }

    var isOverlay: Bool { false }

    /// Asks for the text.
    var load: Effect { .loadArticle(post.id) }

    mutating func receive(_ message: LayerMessage, _ env: LayerEnv) -> [Effect]? {
        guard case .article(let id, let text, let failure) = message, id == post.id else { return nil }
        (self.text, self.failure) = (text, failure)
        laidOut = nil
        layOut(env)
        return []
    }

    /// The lines at `width`: title, feed and date, where it links, then the text.
    func lines(width: Int, now: Date) -> [[Segment]] {
        let inner = max(10, width - 4), x0 = 2
        func shifted(_ line: [Segment]) -> [Segment] { RowLayout.shift(line, x0) }
        let title = post.content.paragraphs.first?.first?.map(\.text).joined() ?? ""
        var out = TextWrap.wrap([(title, .name)], width: inner).map(shifted)
        let meta = [post.account.shownName, RelativeTime.short(from: post.createdAt, now: now) + " ago"].joined(separator: " · ")
        out += TextWrap.wrap([(meta, .acct)], width: inner).map(shifted)
        if let url = post.url { out += TextWrap.wrap(linked: [("↗ " + url, .link, url)], width: inner).map(shifted) }
        // Its pictures are a key away, shown as large as the screen allows.
        if !post.media.isEmpty {
            let n = post.media.count
            out.append(shifted([Segment(text: SafeText("▣ \(n) picture\(n == 1 ? "" : "s") (v shows \(n == 1 ? "it" : "them"))"), role: .placeholder, column: 0)]))
        }
        out.append([])
        guard let text else {
            out.append(shifted([Segment(text: SafeText(failure.map { "The text could not be read: \($0)" } ?? "Loading…"),
                                        role: failure == nil ? .placeholder : .warning, column: 0)]))
            return out
        }
        for (p, paragraph) in text.paragraphs.enumerated() {
            if p > 0 { out.append([]) }
            for line in paragraph {
                out += TextWrap.wrap(linked: line.map { ($0.text, RowLayout.role(of: $0.style), RowLayout.target(of: $0.style)) },
                                     width: inner).map(shifted)
            }
        }
        if text.paragraphs.isEmpty { out.append(shifted([Segment(text: SafeText("(this item has no text: o opens it)"), role: .placeholder, column: 0)])) }
        return out
    }

    mutating func update(_ key: Key, _ env: LayerEnv) -> [Effect] {
        guard let action = env.keymap.action(for: key) else { return [] }
        layOut(env)
        let count = lines(env).count
        let page = env.listHeight, last = max(0, count - page)
        switch action {
        case .lineDown: top = min(last, top + 1)
        case .lineUp: top = max(0, top - 1)
        case .pageDown: top = min(last, top + max(1, page - 2))
        case .pageUp: top = max(0, top - max(1, page - 2))
        case .top: top = 0
        case .bottom: top = last
        case .back: return [.pop]
        case .quit: return [.quit]
        case .openLink, .open:
            guard let url = post.url else { return [.say("This item has no link", error: false)] }
            return [.openURL(url)]
        case .copyLink:
            guard let url = post.url else { return [.say("This item has no link to copy", error: false)] }
            return [.copy(url, what: "the item's link")]
        case .copyText:
            return [.copy(text?.plainText ?? post.content.plainText, what: "the item's text")]
        case .viewImage: return FeedLayer.viewLarge(post, attachment: nil, env)
        case .help: return [.push(.help)]
        default: break
        }
        return []
    }

    mutating func settle(_ env: LayerEnv) -> [Effect] {
        layOut(env)
        return []
    }

    mutating func uncovered() {}

    func render(_ env: LayerEnv, into screen: Canvas) {
        let theme = env.renderer.theme
        env.renderer.drawTitle(" tern · " + post.account.shownName, on: screen, keymap: env.keymap, likes: false, keysElsewhere: !env.focused)
        let all = lines(env)
        let shown = all.dropFirst(min(top, max(0, all.count - 1))).prefix(env.listHeight)
        for (i, line) in shown.enumerated() {
            for seg in line { screen.draw(seg.text, row: 1 + i, column: seg.column, style: theme[seg.role], link: seg.link) }
        }
        let row = screen.rows - 1
        screen.fill(row: row, column: 0, width: screen.columns, style: theme[.status])
        // How far down, where there is further to go: "· all" at the end of a text that fits read as cut off.
        let position = all.count <= env.listHeight ? "" : " · \(min(100, (top + env.listHeight) * 100 / max(1, all.count)))%"
        let right = SafeText("o open · v pictures · y link · esc back\(position) ")
        screen.draw(right, row: row, column: max(0, screen.columns - right.width), style: theme[.status])
        if let message = env.message { env.renderer.drawStatusMessage(message, width: max(0, screen.columns - right.width - 1), on: screen) }
    }
}
