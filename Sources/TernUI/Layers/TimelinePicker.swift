import Foundation
import TernModel
import TernTerminal

/// A web feeds' list for the picker: all, a tag's or a feed's, and its unread items.
package struct WebFeedList: Sendable, Equatable {
    package var timeline: TimelineID
    package var unread: Int

    package init(timeline: TimelineID, unread: Int) {
        self.timeline = timeline
        self.unread = unread
    }
}

/// The `t` overlay: a list of timelines to switch to, with a line to type a hashtag into.
struct TimelinePicker: Equatable {
    enum Item: Equatable {
        case timeline(TimelineID)
        /// Asks for a hashtag.
        case hashtag
        /// The notifications screen.
        case notifications
        /// A hashtag trending on the server, with its uses this week; opens its timeline.
        case trend(Hashtag)
        /// The links shared most on the server, to open one.
        case trendingLinks
    }

    enum Outcome: Equatable {
        case stay
        case close
        case choose(TimelineID)
        case notifications
        case trendingLinks
    }

    private(set) var items: [Item]
    /// Unread items of the web feeds' lists, shown beside their names.
    private(set) var unread: [TimelineID: Int] = [:]
    private(set) var selected = 0
    /// No account: the web feeds' lists alone.
    private let accountless: Bool
    /// The hashtag being typed, when the hashtag line is being edited.
    private(set) var typing: LineEditor?

    /// The usual timelines, the selected post's author, and the user's lists once they are known. With no
    /// account (`accountless`), the web feeds' lists alone: the rest would only say there is nothing.
    init(current: TimelineID, author: Account?, lists: [TimelineID], accountless: Bool = false) {
        self.accountless = accountless
        guard !accountless else {
            items = [.timeline(.allWebFeeds)]
            return
        }
        var items: [Item] = [.timeline(.home), .timeline(.local), .timeline(.federated), .timeline(.bookmarks),
                             .timeline(.favourites), .hashtag, .notifications, .timeline(.conversations),
                             .timeline(.allWebFeeds)]
        // A web feed's item has a feed for its author, no account to list the posts of.
        if let author, !author.id.isEmpty, !author.id.hasPrefix("feed:") { items.append(.timeline(.account(id: author.id, acct: author.acct))) }
        items += lists.map { .timeline($0) }
        if case .hashtag = current, !items.contains(.timeline(current)) { items.append(.timeline(current)) }
        self.items = items
        selected = items.firstIndex(of: .timeline(current)) ?? 0
    }

    mutating func add(lists: [TimelineID]) {
        guard !accountless else { return }
        for l in lists where !items.contains(.timeline(l)) { items.append(.timeline(l)) }
    }

    /// The server's trends, when it has them: its trending posts, then its trending hashtags, at the end.
    mutating func add(trends: [Hashtag]) {
        guard !accountless else { return }
        if !items.contains(.timeline(.trending)) { items += [.timeline(.trending), .trendingLinks] }
        for tag in trends where !items.contains(where: { if case .trend(let t) = $0 { t.name == tag.name } else { false } }) {
            items.append(.trend(tag))
        }
    }

    /// The web feeds' lists, each tag's and each feed's, under Feeds, with their unread items.
    mutating func add(webFeeds: [WebFeedList]) {
        for f in webFeeds { unread[f.timeline] = f.unread }
        guard var at = items.firstIndex(of: .timeline(.allWebFeeds)) else { return }
        for f in webFeeds where f.timeline != .allWebFeeds && !items.contains(.timeline(f.timeline)) {
            at += 1
            items.insert(.timeline(f.timeline), at: at)
            if selected >= at { selected += 1 }
        }
    }

    mutating func handle(_ key: Key) -> Outcome {
        if var editor = typing {
            switch editor.handle(key) {
            case .editing:
                // A hashtag is one word: spaces and further #s don't go in.
                let word = String(editor.text.filter { !$0.isWhitespace && $0 != "#" })
                typing = word == editor.text ? editor : LineEditor(word, limit: 100)
            case .cancel: typing = nil
            case .submit(let text):
                let tag = text.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "#"))
                typing = nil
                return tag.isEmpty ? .stay : .choose(.hashtag(tag))
            }
            return .stay
        }
        switch key {
        case .character("j"), .down: selected = min(items.count - 1, selected + 1)
        case .character("k"), .up: selected = max(0, selected - 1)
        case .escape, .character("q"), .character("t"): return .close
        case .enter:
            switch items[selected] {
            case .timeline(let t): return .choose(t)
            case .hashtag: typing = LineEditor(limit: 100)
            case .notifications: return .notifications
            case .trend(let tag): return .choose(.hashtag(tag.name))
            case .trendingLinks: return .trendingLinks
            }
        case .character(let c) where c.isNumber:
            if let n = c.wholeNumberValue, n >= 1, n <= items.count {
                selected = n - 1
                return handle(.enter)
            }
        default: break
        }
        return .stay
    }

    /// The overlay's lines, the selected one marked.
    var lines: [(text: String, selected: Bool)] {
        items.enumerated().map { i, item in
            let label: String
            switch item {
            case .timeline(let t):
                label = t.isWebFeeds && t != .allWebFeeds ? "  " + t.description : t.description
                if let n = unread[t], n > 0 { return ("\(i < 9 ? "\(i + 1)" : " ") \(label) (\(n) unread)", i == selected) }
            case .notifications: label = "Notifications"
            case .trendingLinks: label = "Trending links…"
            case .trend(let tag):
                label = "  Trending: #" + Sanitizer.clean(tag.name) + (tag.weeklyUses.map { " (\(Counted.words($0, "post")) this week)" } ?? "")
            case .hashtag: label = typing.map { "#\($0.text)▏ (Enter to open, Esc to cancel)" } ?? "#hashtag…"
            }
            return ("\(i < 9 ? "\(i + 1)" : " ") \(label)", i == selected)
        }
    }
}
