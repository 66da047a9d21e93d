import Foundation
import TernModel

/// The menus of the user's keyword filters: every filter, and one filter's settings; and the words that
/// say what a filter does, where and until when (the change queue's "done" says them too).
enum FilterMenus {
    static func doing(_ action: PostFilter.Action) -> String {
        switch action {
        case .warn: return "puts posts behind a warning"
        case .hide: return "hides posts"
        case .blur: return "blurs the posts' pictures"
        }
    }

    static func places(_ contexts: Set<FilterInfo.Context>) -> String {
        if contexts == Set(FilterInfo.Context.allCases) { return "everywhere" }
        if contexts.isEmpty { return "nowhere" }
        return "in " + FilterInfo.Context.allCases.filter(contexts.contains).map(\.words).joined(separator: ", ")
    }

    static func ending(_ seconds: Int) -> String {
        switch seconds {
        case ..<3_601: return "in an hour"
        case ..<86_401: return "in a day"
        default: return "in a week"
        }
    }

    static func end(of f: FilterInfo, now: Date) -> String {
        guard let end = f.expiresAt else { return "Never ends" }
        return end <= now ? "Ended" : "Ends in " + RelativeTime.short(from: now, now: end)
    }

    /// Each filter, opening its settings, and a new one.
    static func all(_ filters: [FilterInfo]) -> [Effect] {
        let items = filters.map { f in
            let words = f.words.count == 1 ? "1 word" : "\(f.words.count) words"
            return Choice(label: "\(f.title): \(words), \(Self.places(f.contexts))…", effects: settings(f))
        } + [Choice(label: "New filter…", effects: [.push(.prompt(.newFilter))])]
        return [.push(.choice(title: filters.isEmpty ? "No filters yet" : "Your filters: Enter changes one", items: items))]
    }

    /// A filter's settings: its name, words, what it does, where, until when; deleting it.
    static func settings(_ f: FilterInfo) -> [Effect] {
        let words = f.words.map { w in Choice(label: "Remove “\(w.word)”", effects: [.changeFilter(f, .removeWord(w))]) }
            + [Choice(label: "Add a word…", effects: [.push(.prompt(.addFilterWord(f)))])]
        let places = FilterInfo.Context.allCases.map { c in
            let on = f.contexts.contains(c)
            var next = f.contexts
            if on { next.remove(c) } else { next.insert(c) }
            return Choice(label: (on ? "● " : "○ ") + c.words, effects: [.changeFilter(f, .contexts(next))])
        }
        let ends = [("Never", 0), ("In an hour", 3_600), ("In a day", 86_400), ("In a week", 604_800)].map { words, seconds in
            Choice(label: words, effects: [.changeFilter(f, .expiresIn(seconds))])
        }
        let other: PostFilter.Action = f.action == .hide ? .warn : .hide
        let items = [
            Choice(label: "Rename…", effects: [.push(.prompt(.renameFilter(f)))]),
            Choice(label: "Words: " + f.words.map(\.word).joined(separator: ", ") + "…",
                   effects: [.push(.choice(title: "The words of “\(f.title)”", items: words))]),
            Choice(label: "It \(Self.doing(f.action)) (Enter: it \(Self.doing(other)))", effects: [.changeFilter(f, .action(other))]),
            Choice(label: "Applies \(Self.places(f.contexts))…",
                   effects: [.push(.choice(title: "Where “\(f.title)” applies: Enter turns one on or off", items: places))]),
            Choice(label: Self.end(of: f, now: Date()) + "…",
                   effects: [.push(.choice(title: "When “\(f.title)” ends", items: ends))]),
            Choice(label: "Delete this filter…", effects: [.push(.confirm(question: "Delete the filter “\(f.title)”?", yes: [.deleteFilter(f)]))]),
        ]
        return [.push(.choice(title: "The filter “\(f.title)”", items: items))]
    }
}
