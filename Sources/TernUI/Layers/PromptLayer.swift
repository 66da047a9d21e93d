import Foundation
import TernModel
import TernTerminal

/// What a line of text is asked for, and what is done with it.
enum Prompt: Equatable, Sendable {
    /// A new list's title; the account, if any, goes in it.
    case newList(member: Account?)
    case renameList(ListInfo)
    /// A new filter's first word (its title too, until renamed).
    case newFilter
    case renameFilter(FilterInfo)
    case addFilterWord(FilterInfo)
    /// Another time for a scheduled post.
    case reschedule(ScheduledPost)
    /// An emoji of the user's own choosing to react to a post with.
    case reaction(Post)

    var question: String {
        switch self {
        case .newFilter: return "New filter, a word it catches:"
        case .renameFilter(let f): return "Rename the filter “\(f.title)” to:"
        case .addFilterWord(let f): return "Another word for “\(f.title)”:"
        case .reschedule: return "Publish at (+30m, +2h, 18:00, 2026-12-01 09:00):"
        case .reaction: return "React with (an emoji, or a custom one's :shortcode:):"
        case .newList(let member): return member.map { "New list with @\($0.acct), its name:" } ?? "New list, its name:"
        case .renameList(let list): return "Rename “\(list.title)” to:"
        }
    }

    /// What the line starts with: a rename starts from the name as it is, to be edited rather than typed again.
    var startingText: String {
        switch self {
        case .renameList(let list): return list.title
        case .renameFilter(let f): return f.title
        case .newList, .newFilter, .addFilterWord, .reschedule, .reaction: return ""
        }
    }

    func effects(_ text: String, now: Date) -> [Effect] {
        switch self {
        case .reschedule(let post):
            guard let at = ScheduleTime.parse(text, now: now) else {
                return [.say("“\(text)” is not a time Tern reads: try +30m, +2h, 18:00 or 2026-12-01 09:00.", error: true)]
            }
            return [.reschedule(post, to: at)]
        case .reaction(let post):
            guard let emoji = Reaction.name(of: text) else {
                return [.say("“\(text)” is not an emoji or a :shortcode: the server could take.", error: true)]
            }
            let mine = post.reactions?.first { $0.name == emoji }
            return [.react(post, emoji: emoji, url: mine?.url, wanted: !(mine?.me ?? false))]
        case .newList(let member): return [.createList(title: text, member: member)]
        case .renameList(let list): return [.changeList(list, .title(text))]
        case .newFilter: return [.createFilter(word: text)]
        case .renameFilter(let f): return [.changeFilter(f, .title(text))]
        case .addFilterWord(let f): return [.changeFilter(f, .addWord(text))]
        }
    }
}

/// Asks for a line of text, starting from `Prompt.startingText` with the cursor at its end; Enter hands it
/// on (an empty line does nothing), Esc drops it.
struct PromptLayer: Layer {
    var prompt: Prompt
    var editor: LineEditor

    init(prompt: Prompt) {
        self.prompt = prompt
        editor = LineEditor(prompt.startingText, limit: 200)
    }

    mutating func update(_ key: Key, _ env: LayerEnv) -> [Effect] {
        switch editor.handle(key) {
        case .editing: return []
        case .cancel: return [.pop]
        case .submit(let text):
            let line = text.trimmingCharacters(in: .whitespaces)
            return line.isEmpty ? [.pop] : [.pop] + prompt.effects(line, now: env.now)
        }
    }

    func render(_ env: LayerEnv, into screen: Canvas) {
        env.renderer.drawQuestion(Sanitizer.clean(prompt.question), answer: editor, hint: "(Enter, Esc)", on: screen)
    }
}
