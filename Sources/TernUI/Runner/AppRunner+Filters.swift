import Foundation
import Logging
import TernMastodon
import TernModel

/// The user's keyword filters on the server: listed off the loop; each change goes through the change
/// queue, and once it is made the list is offered again with the change in it. Each listing is handed to
/// the action queue, which every list applies to the posts it shows (`KeywordFilters`): a filter made or
/// changed applies at once to every open list, not when each is read again.
extension AppRunner {
    /// The stream says the filters changed (in another client, or this one): every list takes them as they
    /// are now, without a menu.
    func useServerFilters() {
        let (client, actions, log) = (sources.client, sources.actions, log)
        Task.detached {
            do { actions.useFilters(try await client.filters()) }
            catch { log.notice("the filters changed, but couldn't be listed", metadata: ["error": "\(error)"]) }
        }
    }

    func fetchFilters() {
        askServer("Asking the server for your filters…", failed: "Couldn't list your filters",
                  absent: "This server has no keyword filters to change here (Mastodon 4.0 and later have them).",
                  { try await $0.filters() }, answer: { [.layer(.filters($0))] })
    }

    func changeFilter(_ filter: FilterInfo, _ change: FilterChange) {
        submit(.changeFilter(filter.named, change))
    }

    func deleteFilter(_ filter: FilterInfo) {
        submit(.deleteFilter(filter.named))
    }

    func createFilter(_ word: String) {
        submit(.createFilter(word: word))
    }

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
    static func filtersChoice(_ filters: [FilterInfo]) -> [Effect] {
        let items = filters.map { f in
            let words = f.words.count == 1 ? "1 word" : "\(f.words.count) words"
            return Choice(label: "\(f.title): \(words), \(Self.places(f.contexts))…", effects: filterSettings(f))
        } + [Choice(label: "New filter…", effects: [.push(.prompt(.newFilter))])]
        return [.push(.choice(title: filters.isEmpty ? "No filters yet" : "Your filters: Enter changes one", items: items))]
    }

    /// A filter's settings: its name, words, what it does, where, until when; deleting it.
    static func filterSettings(_ f: FilterInfo) -> [Effect] {
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

