import Foundation
import TernModel
import TernTerminal

/// The `t` overlay: a list of timelines to switch to, with a line to type a hashtag into.
struct TimelinePicker: Equatable {
    enum Item: Equatable {
        case timeline(TimelineID)
        /// Asks for a hashtag.
        case hashtag
        /// The notifications screen.
        case notifications
    }

    enum Outcome: Equatable {
        case stay
        case close
        case choose(TimelineID)
        case notifications
    }

    private(set) var items: [Item]
    private(set) var selected = 0
    /// The hashtag being typed, when the hashtag line is being edited.
    private(set) var typing: LineEditor?

    /// The usual timelines, the selected post's author, and the user's lists once they are known.
    init(current: TimelineID, author: Account?, lists: [TimelineID]) {
        var items: [Item] = [.timeline(.home), .timeline(.local), .timeline(.federated), .timeline(.bookmarks),
                             .timeline(.favourites), .hashtag, .notifications, .timeline(.allWebFeeds)]
        if let author, !author.id.isEmpty { items.append(.timeline(.account(id: author.id, acct: author.acct))) }
        items += lists.map { .timeline($0) }
        if case .hashtag = current, !items.contains(.timeline(current)) { items.append(.timeline(current)) }
        self.items = items
        selected = items.firstIndex(of: .timeline(current)) ?? 0
    }

    mutating func add(lists: [TimelineID]) {
        for l in lists where !items.contains(.timeline(l)) { items.append(.timeline(l)) }
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
            case .timeline(let t): label = t.description
            case .notifications: label = "Notifications"
            case .hashtag: label = typing.map { "#\($0.text)▏ (Enter to open, Esc to cancel)" } ?? "#hashtag…"
            }
            return ("\(i < 9 ? "\(i + 1)" : " ") \(label)", i == selected)
        }
    }
}
