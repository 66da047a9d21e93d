import Foundation
import TernFeed
import TernImages
import TernModel
import TernTerminal

/// `?`: the keys, generated from the live keymap and laid out for the screen's width. Esc or `q` closes it
/// (`q` quits only from a list with nothing over it: it quit from here, where the picker's closed); any
/// other key closes it and does its work on the screen beneath (`G` jumps), as the translation box's do.
/// Where it is taller than the screen, j/k, the arrows and space scroll it first.
/// Its box is as wide on every page (as wide as its widest line and title): it moved between pages.
struct HelpLayer: Layer {
    private(set) var top = 0
    /// The keys of the screen it was asked from, where they are its own (Catch-up's), before the lists'.
    var screenKeys: [String] = []

    /// The lines for this screen, and how many of them fit in the box.
    static func layout(_ env: LayerEnv, screenKeys: [String] = []) -> (lines: [String], room: Int) {
        let own = screenKeys.map { DisplayWidth.truncate($0, to: max(1, env.columns - 6)) }
        return (own + (own.isEmpty ? [] : [""]) + env.keymap.helpLines(width: max(1, env.columns - 6)), max(1, env.rows - 6))
    }

    func layout(_ env: LayerEnv) -> (lines: [String], room: Int) { Self.layout(env, screenKeys: screenKeys) }

    mutating func update(_ key: Key, _ env: LayerEnv) -> [Effect] {
        let (lines, room) = layout(env)
        let last = max(0, lines.count - room)
        if last > 0 {
            switch key {
            case .character("j"), .down: top = min(last, top + 1); return []
            case .character("k"), .up: top = max(0, top - 1); return []
            case .character(" "), .pageDown: top = min(last, top + room); return []
            case .pageUp: top = max(0, top - room); return []
            default: break
            }
        }
        return [.pop]
    }

    /// A key of the screen beneath goes on to it; its own keys, Esc, `q`, `?` and what is no key stay here.
    func passesOn(_ key: Key) -> Bool {
        switch key {
        case .character("j"), .character("k"), .character(" "), .character("q"), .character("?"), .escape, .up, .down,
             .pageUp, .pageDown, .paste, .other, .focus, .resize, .mouse:
            return false
        default: return true
        }
    }

    func render(_ env: LayerEnv, into screen: Canvas) {
        let (lines, room) = layout(env)
        let start = min(top, max(0, lines.count - room))
        // Taller than the screen, it still passes the list's keys on: the title says so on every page, in a
        // form that fits 80 columns beside the page's numbers.
        let closing = "Esc or q closes · other keys close it and act"
        func title(_ start: Int) -> String {
            lines.count > room ? "Keys (\(start + 1)–\(min(lines.count, start + room))/\(lines.count)) j/k scroll · \(closing)"
                : "Keys (\(closing))"
        }
        // The widest title any page has, so the box does not move as the numbers in it change.
        let widest = ([title(max(0, lines.count - room))] + lines).map(DisplayWidth.of).max() ?? 0
        env.renderer.drawBox(title: title(start), lines: lines[start..<min(lines.count, start + room)].map { ($0, false) },
                             contentWidth: widest, on: screen)
    }
}

/// `t`: choose a timeline, or type a hashtag.
struct PickerLayer: Layer {
    var picker: TimelinePicker

    mutating func update(_ key: Key, _ env: LayerEnv) -> [Effect] {
        // The lists may have arrived since the picker opened.
        if let lists = env.lists { picker.add(lists: lists) }
        if let feeds = env.webFeedLists { picker.add(webFeeds: feeds) }
        if let trends = env.trends { picker.add(trends: trends) }
        switch picker.handle(key) {
        case .stay: return []
        case .close: return [.pop]
        case .choose(let t): return [.pop, .switchTimeline(t)]
        case .notifications: return [.pop, .push(.feed(.notifications))]
        case .trendingLinks: return [.pop, .trendingLinks]
        }
    }

    func render(_ env: LayerEnv, into screen: Canvas) {
        var p = picker
        if let lists = env.lists { p.add(lists: lists) }
        if let feeds = env.webFeedLists { p.add(webFeeds: feeds) }
        if let trends = env.trends { p.add(trends: trends) }
        env.renderer.drawBox(title: "Timelines (Enter opens, Esc closes)", lines: MenuLines.shown(p.lines, rows: env.rows), on: screen)
    }
}

/// `/`: a line to search the cached posts and the server; a pasted link to a post or a profile opens it.
struct SearchLayer: Layer {
    var editor = LineEditor(limit: 500)

    mutating func update(_ key: Key, _ env: LayerEnv) -> [Effect] {
        switch editor.handle(key) {
        case .editing: return []
        case .cancel: return [.pop]
        case .submit(let text):
            let query = text.trimmingCharacters(in: .whitespaces)
            guard !query.isEmpty else { return [.pop] }
            if Self.isLink(query) { return [.pop, .resolveLink(query)] }
            // Searching again for the same words looks again: the cache may have grown.
            return [.pop, .switchTimeline(.search(query)), .feed(.timeline(.search(query)), .refresh)]
        }
    }

    /// One web address and nothing else.
    static func isLink(_ text: String) -> Bool {
        guard !text.contains(" "), let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "https" || scheme == "http", url.host?.isEmpty == false else { return false }
        return true
    }

    func render(_ env: LayerEnv, into screen: Canvas) {
        env.renderer.drawPrompt("Search (a link opens it; Esc cancels): ", editor: editor, on: screen)
    }
}

/// `v` or a click on a picture: the post's pictures as large as the screen (or, in two panes, the right
/// pane) allows, one at a time; ←/→ (or `h`/`l`) flip through them, any other key closes (`q` too). A
/// moving picture moves while it is shown, where the terminal draws pixels (`moving`: the runner plays
/// what the shown screen asks for and stops what it no longer does); `p` hands it to the player.
struct LargeImageLayer: Layer {
    let images: [LargeImage]
    private(set) var index: Int
    /// The cells the picture is made for: the screen's it was opened on, then the one it is drawn in.
    private(set) var size: (columns: Int, rows: Int)

    init(images: [LargeImage], index: Int) {
        self.images = images
        self.index = min(max(0, index), images.count - 1)
        size = (images[self.index].request.columns, images[self.index].request.rows)
    }

    /// The picture shown now, made for the cells it is drawn in.
    var image: LargeImage {
        var image = images[index]
        image.request.columns = size.columns
        image.request.rows = size.rows
        return image
    }

    /// Loads the picture shown now.
    var load: Effect { .loadLarge(image.request, blurhash: image.blurhash, aspect: image.aspect) }

    /// The cells a picture fills on a screen of this size (the title bar, the caption and a margin left).
    static func size(for env: LayerEnv) -> (columns: Int, rows: Int) { (max(10, env.columns - 4), max(4, env.rows - 5)) }

    /// The moving picture to play now, in the cells it is drawn in; nil for a still.
    var moving: MovingRequest? {
        guard let m = images[index].moving else { return nil }
        return MovingRequest(url: m.url, kind: m.kind, columns: size.columns, rows: size.rows)
    }

    /// Drawn in a pane or a screen of another size (two panes; a resize): the picture is made again for it.
    mutating func settle(_ env: LayerEnv) -> [Effect] {
        let wanted = Self.size(for: env)
        guard wanted != size else { return [] }
        size = wanted
        return [load]
    }

    mutating func update(_ key: Key, _ env: LayerEnv) -> [Effect] {
        switch key {
        case .mouse(let e) where e.button == .wheelUp || e.button == .wheelDown: return []
        case .left, .character("h"):
            guard index > 0 else { return [] }
            index -= 1
            return [load]
        case .right, .character("l"):
            guard index < images.count - 1 else { return [] }
            index += 1
            return [load]
        case .character("p") where moving != nil:
            return [.play(moving!.url)]
        default: return [.pop]
        }
    }

    func render(_ env: LayerEnv, into screen: Canvas) {
        let frame = moving.flatMap { m in env.movingFrame.flatMap { $0.request == m ? $0 : nil } }
        env.renderer.drawLarge(image, env.images[image.request], frame: frame, note: moving == nil ? nil : env.movingNote, progress: env.progress[image.request],
                               counter: images.count > 1 ? "\(index + 1)/\(images.count)" : nil, on: screen)
    }
}

/// A short menu (`p` on a post that mentions people: the author or one of them). j/k or digits choose; a
/// letter of the screen beneath closes it and does its work there (`n` opens the notifications).
struct ChoiceLayer: Layer {
    var title: String
    var items: [Choice]
    private(set) var selected = 0

    init(title: String, items: [Choice]) {
        self.title = title
        self.items = items
    }

    mutating func update(_ key: Key, _ env: LayerEnv) -> [Effect] {
        switch key {
        case .character("j"), .down: selected = min(items.count - 1, selected + 1)
        case .character("k"), .up: selected = max(0, selected - 1)
        case .enter: return [.pop] + items[selected].effects
        case .character(let c) where c.isNumber:
            if let n = c.wholeNumberValue, n >= 1, n <= items.count { return [.pop] + items[n - 1].effects }
        default: return [.pop]
        }
        return []
    }

    /// Letters go on to the screen beneath, but its own (j, k) and `q`, which would quit from under a menu.
    func passesOn(_ key: Key) -> Bool {
        guard case .character(let c) = key, c.isLetter, !"jkq".contains(c) else { return false }
        return true
    }

    func render(_ env: LayerEnv, into screen: Canvas) {
        let lines = MenuLines.shown(items.indices.map { i in ((i < 9 ? "\(i + 1) " : "  ") + Sanitizer.clean(items[i].label), i == selected) },
                                    rows: env.rows)
        // A menu says how to leave it without choosing (any key that is not a choice does).
        env.renderer.drawBox(title: title + " (Esc closes)", lines: lines, on: screen)
    }

    /// The items a screen of `rows` shows (a long menu, many follow requests, lists or filters, ran off the screen).
    func window(rows: Int) -> Range<Int> { MenuLines.window(count: items.count, selected: selected, rows: rows) }
}

/// A yes/no question on the status line: `y` does it, any other key doesn't.
struct ConfirmLayer: Layer {
    var question: String
    var yes: [Effect]

    mutating func update(_ key: Key, _ env: LayerEnv) -> [Effect] {
        key == .character("y") || key == .character("Y") ? [.pop] + yes : [.pop]
    }

    func render(_ env: LayerEnv, into screen: Canvas) {
        env.renderer.drawQuestion(Sanitizer.clean(question) + " (y/n)", on: screen)
    }
}
