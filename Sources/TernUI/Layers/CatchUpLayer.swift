import Foundation
import TernFeed
import TernModel
import TernTerminal

/// `C` on a list of the account: Catch-up, the posts of Home since the read mark (or the last hours, or
/// since the last catch-up), ranked, from the store. The window is read off the loop (`Effect.loadCatchUp`,
/// answered by `LayerMessage.catchUp`); switching order, kinds or grouping only sorts and filters what was
/// read (`CatchUpPool.view`). Its own keys are letters that mean other things on a list (`o`, `w`, `g`, `x`,
/// the digits), so they are taken before the keymap; a list key it has no use for says what the screen's
/// keys are, rather than doing nothing. Esc goes back to the list as `C` left it; while the window is being
/// fetched (`LayerMessage.catchUpFetching`, its progress on the status line) Esc stops the fetch instead.
struct CatchUpLayer: Layer {
    /// One line of the screen: a post, or (grouped by author) an author's row, unfolded or not.
    enum Row: Equatable {
        case post(CatchUpItem)
        case group(AuthorGroup, unfolded: Bool)

        var id: String {
            switch self {
            case .post(let item): return "post:" + item.id
            case .group(let group, _): return "author:" + group.id
            }
        }
    }

    private(set) var window: CatchUpWindow = .sinceReadMark
    /// The window as read; nil while it is on its way (or could not be read: `failure`).
    private(set) var loaded: CatchUpLoad?
    private(set) var failure: String?
    /// How far the fetch of what the store lacked has got, while it runs (Esc stops it: `stopping`).
    private(set) var fetching: CatchUpFetch.Progress?
    private(set) var stopping = false
    /// Stand-outs first: a catch-up is for what drew attention, and `o` goes through the rest.
    private(set) var order: any CatchUpOrdering = StandOutOrder()
    /// The kinds shown (all when empty), toggled with `1`–`6`.
    private(set) var kinds: Set<CatchUpKind> = []
    private(set) var grouped = false
    /// The authors whose group is unfolded.
    private(set) var unfolded: Set<String> = []
    private(set) var rows: [Row] = []
    /// How many posts the view holds (with the kinds chosen).
    private(set) var postCount = 0
    private(set) var selected = 0
    /// The first row in view.
    private(set) var top = 0

    init() {}

    var isOverlay: Bool { false }

    /// Asks for the window.
    var load: Effect { .loadCatchUp(window) }

    /// The kinds in the order of their digits: `1` is originals … `6` followed hashtags.
    static let kindKeys: [CatchUpKind] = CatchUpKind.allCases

    /// What the screen's keys do, said when a key of the lists' is pressed that has no use here.
    static let keysWords = "Catch-up: j/k move · Enter opens a post (or unfolds an author) · o order · 1–6 kinds · w window · "
        + "g by author · x done reading · Esc back"

    var selectedRow: Row? { rows.indices.contains(selected) ? rows[selected] : nil }

    mutating func receive(_ message: LayerMessage, _ env: LayerEnv) -> [Effect]? {
        if case .catchUpFetching(let window, let progress) = message {
            if window == self.window, loaded == nil { fetching = progress }
            return []
        }
        guard case .catchUp(let window, let load, let failure) = message else { return nil }
        // An answer for a window the user has since stepped past (`w` pressed twice): the next one is coming.
        guard window == self.window else { return [] }
        (loaded, self.failure, fetching, stopping) = (load, failure, nil, false)
        rebuild(keeping: nil)
        return []
    }

    mutating func update(_ key: Key, _ env: LayerEnv) -> [Effect] {
        switch key {
        case .character("o"):
            order = CatchUpOrders.after(order)
            rebuild(keeping: nil)
            return []
        case .character(let c) where (1...Self.kindKeys.count).contains(c.wholeNumberValue ?? 0):
            let kind = Self.kindKeys[(c.wholeNumberValue ?? 1) - 1]
            if kinds.contains(kind) { kinds.remove(kind) } else { kinds.insert(kind) }
            rebuild(keeping: nil)
            return []
        case .character("w"):
            window = window.next
            (loaded, failure, rows, postCount, selected, top, fetching, stopping) = (nil, nil, [], 0, 0, 0, nil, false)
            return [load]
        case .character("g"):
            grouped.toggle()
            rebuild(keeping: selectedGroupOrAuthor)
            return []
        case .character("x"):
            guard let newest = loaded?.pool.newestID else { return [.say("Nothing in this window to mark read.", error: false)] }
            return [.finishCatchUp(newestID: newest)]
        case .mouse(let event):
            if event.button == .wheelDown { move(by: 3, env) } else if event.button == .wheelUp { move(by: -3, env) }
            return []
        case .paste, .other, .focus, .resize:
            return []
        default:
            break
        }
        guard let action = env.keymap.action(for: key) else { return [.say(Self.keysWords, error: false)] }
        switch action {
        case .lineDown: move(by: 1, env)
        case .lineUp: move(by: -1, env)
        case .pageDown: move(by: max(1, bodyHeight(env) - 1), env)
        case .pageUp: move(by: -max(1, bodyHeight(env) - 1), env)
        case .top: move(by: -selected, env)
        case .bottom: move(by: rows.count - 1 - selected, env)
        case .open: return open()
        case .back where fetching != nil:
            // The fetch stops and what the store holds is ranked; the next Esc goes back.
            stopping = true
            return [.stopCatchUpFetch]
        case .back: return [.pop]
        case .quit: return fetching == nil ? [.pop] : [.stopCatchUpFetch, .pop]
        case .help: return [.push(.help)]
        case .redraw: return []
        default: return [.say(Self.keysWords, error: false)]
        }
        return []
    }

    /// Enter: a post opens its thread; an author's row unfolds (or folds) their posts.
    private mutating func open() -> [Effect] {
        switch selectedRow {
        case .post(let item)?: return [.push(.feed(FeedLayer.thread(of: item.post)))]
        case .group(let group, let isUnfolded)?:
            if isUnfolded { unfolded.remove(group.id) } else { unfolded.insert(group.id) }
            rebuild(keeping: selectedRow?.id)
            return []
        case nil:
            return [.say(loaded == nil ? "Catch-up is still being read." : "Nothing to open: no posts in this window.", error: false)]
        }
    }

    /// The author row to stay on when grouping is turned on or off: the selected post's author, or theirs.
    private var selectedGroupOrAuthor: String? {
        switch selectedRow {
        case .post(let item)?: return grouped ? "author:" + item.author.id : "post:" + item.id
        case .group(let group, _)?: return grouped ? "author:" + group.id : group.items.first.map { "post:" + $0.id }
        case nil: return nil
        }
    }

    /// The rows made again from the pool for the order, kinds and grouping chosen; the selection stays on
    /// the row `keeping` names where it is still there, else goes to the first.
    private mutating func rebuild(keeping id: String?) {
        guard let pool = loaded?.pool else { (rows, postCount, selected, top) = ([], 0, 0, 0); return }
        let view = pool.view(order: order, kinds: kinds)
        postCount = view.items.count
        if grouped {
            rows = view.groups.flatMap { group -> [Row] in
                let open = unfolded.contains(group.id)
                return [.group(group, unfolded: open)] + (open ? group.items.map(Row.post) : [])
            }
        } else {
            rows = view.items.map(Row.post)
        }
        selected = id.flatMap { id in rows.firstIndex { $0.id == id } } ?? 0
        if id == nil { top = 0 }
        top = min(top, selected)
    }

    private mutating func move(by delta: Int, _ env: LayerEnv) {
        guard !rows.isEmpty else { return }
        selected = max(0, min(rows.count - 1, selected + delta))
        let height = bodyHeight(env)
        if selected < top { top = selected } else if selected >= top + height { top = selected - height + 1 }
    }

    // MARK: Drawing

    /// The lines above the rows, under the title: the facets with their keys, then the count and what was
    /// left out, then what could not be known.
    func headerLines(_ env: LayerEnv) -> [[Segment]] {
        guard let loaded else { return [] }
        var lines: [[Segment]] = []
        var facets: [Segment] = []
        var column = 0
        for (i, kind) in Self.kindKeys.enumerated() {
            let chosen = kinds.contains(kind)
            let words = "\(i + 1) \(kind.words) \(loaded.pool.facets[kind])"
            let text = SafeText(chosen ? "[" + words + "]" : words)
            facets.append(Segment(text: text, role: chosen ? .focus : .counts, column: column))
            column += text.width + 3
            if i < Self.kindKeys.count - 1 { facets.append(Segment(text: SafeText(" · "), role: .acct, column: column - 3)) }
        }
        lines.append(facets)
        var summary = "\(Counted.words(postCount, "post"))" + (kinds.isEmpty ? "" : " of the kinds chosen")
        if let left = loaded.pool.leftOut.words { summary += " · " + left }
        lines.append([Segment(text: SafeText(summary), role: .acct, column: 0)])
        for note in loaded.notes.prefix(2) { lines.append([Segment(text: SafeText(note), role: .warning, column: 0)]) }
        return lines
    }

    /// Rows of posts that fit under the header.
    func bodyHeight(_ env: LayerEnv) -> Int { max(1, env.listHeight - headerLines(env).count) }

    /// The title: what the screen is and how to leave it.
    var title: String { "Catch-up · \(window.words) · \(order.name) · Esc back" }

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
                ?? (loaded != nil ? "No posts \(window.words): w shows another window."
                    : fetching != nil ? "Fetching what the cache lacks for \(window.words)…" : "Reading \(window.words) from the cache…")
            screen.draw(SafeText(words), row: first, column: 1, style: theme[failure == nil ? .placeholder : .warning], maxWidth: screen.columns - 1)
        }
        let shownTop = max(0, min(top, max(0, rows.count - height)))
        for (i, row) in rows.dropFirst(shownTop).prefix(height).enumerated() {
            let line = CatchUpRowLine(row: row, width: screen.columns, indent: grouped ? 2 : 0)
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
        let keys = SafeText("o order · 1-6 kinds · w window · g authors · x done · ⏎ open · esc back ")
        let room = screen.columns - keys.width
        if let fetching {
            let words = stopping ? "Stopping: ranking what is held after \(fetching.words)…"
                                 : "Fetching \(window.words): \(fetching.words) · Esc stops and shows what is there"
            screen.draw(SafeText(words), row: status, column: 0, style: theme[.status], maxWidth: screen.columns)
        } else if let message = env.message {
            env.renderer.drawStatusMessage(message, width: screen.columns, on: screen)
        } else if room >= 0 {
            screen.draw(keys, row: status, column: room, style: theme[.status])
        }
    }
}
