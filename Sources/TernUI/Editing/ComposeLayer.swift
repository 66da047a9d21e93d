import Foundation
import TernMastodon
import TernModel
import TernTerminal

/// `w` (a new post), `a` (a reply) or `e` (an edit of one's own post): the compose screen. The text is
/// the shared editor over many lines; Tab moves between the fields (text, content warning, the options
/// row, each picture's alt text, the poll's choices; Enter on the last choice adds another). Every change
/// is kept as a draft at once; Ctrl-S sends, Esc closes and keeps the draft for the next `w` or `a`,
/// Ctrl-E hands the text to `$EDITOR`.
struct ComposeLayer: Layer {
    enum Field: Equatable {
        case text, spoiler, options
        case alt(Int)
        case pollOption(Int)
    }

    /// The options row, left to right.
    enum Option: Equatable {
        case visibility, warning, sensitive, language, poll, attach, duration, multiple, quotePolicy
    }

    private(set) var draft: Draft
    /// The draft as the screen opened with it: unchanged, there is nothing to save yet.
    let opened: Draft
    /// The post answered or edited, shown above the text.
    let context: Post?
    var body: LineEditor
    private(set) var spoiler: LineEditor
    private(set) var alts: [LineEditor]
    private(set) var pollChoices: [LineEditor]
    private(set) var focus: Field = .text
    private(set) var option = 0
    /// A line on the status line: the path of a picture to attach, or the language.
    private(set) var prompt: Prompt?
    /// Path completions shown under the prompt after Tab.
    private(set) var completions: [String] = []
    /// Why the last file was refused, while it may still be on the status line: attaching one makes it untrue.
    private var refusedFile: String?
    /// Completions of the word being typed in the text.
    var suggestions: WordSuggestions?
    private var askedFor: [MediaBox] = []

    enum Prompt: Equatable {
        case attach(LineEditor)
        case language(LineEditor)
        /// When the server is to publish the post (Ctrl-T).
        case schedule(LineEditor)
    }

    var isOverlay: Bool { false }

    init(draft: Draft, context: Post?) {
        self.draft = draft
        opened = draft
        self.context = context
        body = LineEditor(draft.text, limit: 50_000, multiline: true)
        spoiler = LineEditor(draft.spoiler, limit: 1_000)
        alts = draft.attachments.map { LineEditor($0.description, limit: 1_500) }
        pollChoices = (draft.poll?.options ?? []).map { LineEditor($0, limit: 200) }
    }

    /// The draft as it stands, with what the editors hold.
    var current: Draft {
        var d = draft
        d.text = body.text
        d.spoiler = spoiler.text
        for (i, a) in alts.enumerated() where d.attachments.indices.contains(i) { d.attachments[i].description = a.text }
        if d.poll != nil { d.poll?.options = pollChoices.map(\.text) }
        return d
    }

    /// The content warning field is shown (Options → CW turns it on; emptying it and leaving turns it off).
    var warningOn: Bool { showWarning || !spoiler.text.isEmpty }
    private var showWarning = false

    /// The options row on a server with these `limits`.
    func options(_ limits: PostingLimits) -> [Option] {
        var o: [Option] = [.visibility, .warning, .sensitive, .language, .poll, .attach]
        if draft.poll != nil { o += [.duration, .multiple] }
        // Who may quote it is said as a post is made (an edit keeps what it had), where the server has quote
        // policies; not for a direct message, which nobody can quote ("quotes: default" there meant nothing).
        if draft.editingID == nil, limits.takesQuotePolicies, draft.visibility != .direct { o.append(.quotePolicy) }
        return o
    }

    /// Tab order.
    var fields: [Field] {
        var f: [Field] = [.text]
        if warningOn { f.append(.spoiler) }
        f.append(.options)
        f += alts.indices.map(Field.alt)
        f += pollChoices.indices.map(Field.pollOption)
        return f
    }

    // MARK: Keys

    mutating func update(_ key: Key, _ env: LayerEnv) -> [Effect] {
        if prompt != nil { return promptKey(key, env) }
        if let taken = suggestionKey(key) { return taken }
        let before = current
        var said: [Effect] = []
        switch key {
        case .character("\u{13}"): return send(env)                              // Ctrl-S
        case .escape:
            let kept = current
            // Opened and left untouched (a reply's mentions alone): nothing of the user's to keep.
            if kept == opened { return [.pop] }
            return [.pop, .keepDraft(kept)] + (kept.isEmpty ? [] : [.say("Draft kept: \(reopenKey(env.keymap)) opens it again.", error: false)])
        case .character("\u{05}") where focus == .text:                         // Ctrl-E
            return [.keepDraft(current), .editExternally(current.text)]
        case .character("\u{14}"):                                               // Ctrl-T
            guard !isEdit else { return [.say("An edit is saved at once; only a new post can be scheduled.", error: true)] }
            prompt = .schedule(LineEditor(limit: 40))
            return []
        case .tab: move(1)
        case .other(353): move(-1)                                               // Shift-Tab (KEY_BTAB)
        case .resize, .mouse: return []
        default: said = edit(key, env)
        }
        let after = current
        guard after != before else { return said }
        return said + [.keepDraft(after)] + suggest()
    }

    var isEdit: Bool { draft.editingID != nil }

    /// Mastodon has no edit that keeps an ended poll closed: one with the poll sets its end anew, one without
    /// takes it off.
    static let endedPollEdit = "Its poll has ended: an edit would open it again (Mastodon sets a poll's end anew with every edit)."

    /// An edit of a post whose poll has votes to lose: Mastodon clears them when the choices change.
    var editsAPoll: Bool { isEdit && draft.poll != nil && context?.poll != nil }

    /// The key that opens this draft again.
    func reopenKey(_ keymap: Keymap) -> String {
        let action: UIAction = draft.inReplyToID != nil ? .reply : draft.editingID != nil ? .edit : .compose
        return keymap.keys(for: action).first.map(KeyName.name(of:)) ?? action.rawValue
    }

    private mutating func move(_ step: Int) {
        let f = fields
        let i = f.firstIndex(of: focus) ?? 0
        focus = f[(i + step + f.count) % f.count]
        suggestions = nil
        if focus != .spoiler, spoiler.text.isEmpty { showWarning = false }
    }

    /// A key for the field in focus; what it says when it refuses.
    private mutating func edit(_ key: Key, _ env: LayerEnv) -> [Effect] {
        let width = textWidth(env)
        switch focus {
        case .text: _ = body.handle(key, width: width)
        case .spoiler:
            if key == .enter { move(1) } else { _ = spoiler.handle(key) }
        case .alt(let i):
            if key == .enter { move(1) }
            else if key == .character("\u{04}"), alts[i].text.isEmpty { removeAttachment(i) }
            else { _ = alts[i].handle(key) }
        case .pollOption(let i):
            // Enter on the last choice written asks for another, as a list is written.
            if key == .enter, i == pollChoices.count - 1, !pollChoices[i].text.isEmpty { return addChoice(env) }
            if key == .enter { move(1) } else { _ = pollChoices[i].handle(key) }
        case .options: return optionKey(key, env)
        }
        return []
    }

    private mutating func optionKey(_ key: Key, _ env: LayerEnv) -> [Effect] {
        let options = self.options(env.limits)
        switch key {
        case .left, .character("h"): option = max(0, option - 1)
        case .right, .character("l"): option = min(options.count - 1, option + 1)
        case .enter, .character(" "):
            switch options[min(option, options.count - 1)] {
            case .visibility: draft.visibility = draft.visibility.next
            case .warning:
                // On (shown, or holding a warning, as a reply inherits one): off and emptied. Off: on, to type it.
                if warningOn { showWarning = false; spoiler = LineEditor(limit: 1_000) } else { showWarning = true; focus = .spoiler }
            case .sensitive: draft.sensitive.toggle()
            case .language: prompt = .language(LineEditor(draft.language ?? "", limit: 8))
            case .poll:
                if draft.poll == nil {
                    guard env.limits.pollMaxOptions >= 2 else { return [] }
                    // Mastodon refuses the two together: said now, while both are still as the user made them.
                    if !draft.attachments.isEmpty {
                        let which = draft.attachments.count == 1 ? "the picture" : "the pictures"
                        return [.say("A post can have pictures or a poll, not both: remove \(which) first (ctrl-d on its empty alt text).",
                                     error: true)]
                    }
                    draft.poll = DraftPoll()
                    pollChoices = [LineEditor(limit: 200), LineEditor(limit: 200)]
                    focus = .pollOption(0)
                } else {
                    draft.poll = nil
                    pollChoices = []
                    option = min(option, self.options(env.limits).count - 1)
                }
            case .attach:
                prompt = .attach(LineEditor(limit: 4_096))
                completions = []
            case .duration:
                let all = DraftPoll.durations, now = draft.poll?.expiresIn ?? 86_400
                draft.poll?.expiresIn = all[((all.firstIndex(of: now) ?? 4) + 1) % all.count]
            case .multiple: draft.poll?.multiple.toggle()
            case .quotePolicy: draft.quotePolicy = QuotePolicy.next(after: draft.quotePolicy)
            }
        case .character("+") where draft.poll != nil: return addChoice(env)
        case .character(let c) where c.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }):
            // Typed as if into a field: said, never swallowed.
            return [.say("The options row takes ←/→, space (and + for a poll's choice): tab goes to the next field.", error: false)]
        default: break
        }
        return []
    }

    /// A poll's next choice, which takes the keys that follow; at the server's most, why there is none.
    private mutating func addChoice(_ env: LayerEnv) -> [Effect] {
        guard pollChoices.count < env.limits.pollMaxOptions else {
            return [.say("The server takes at most \(env.limits.pollMaxOptions) choices in a poll.", error: false)]
        }
        pollChoices.append(LineEditor(limit: 200))
        focus = .pollOption(pollChoices.count - 1)
        return []
    }

    private mutating func promptKey(_ key: Key, _ env: LayerEnv) -> [Effect] {
        let before = current
        switch prompt {
        case .attach(var editor)?:
            // The folder is read off the loop; the answer comes back in `receive`.
            if key == .tab { return [.completePath(editor.text)] }
            switch editor.handle(key) {
            case .editing: prompt = .attach(editor)
            case .cancel: prompt = nil
            case .submit(let path):
                prompt = nil
                completions = []
                let typed = path.trimmingCharacters(in: .whitespaces)
                guard !typed.isEmpty else { break }
                if let refusal = cannotAttach(env) { return [.say(refusal, error: true)] }
                // Attached at once, its alt text next, so what is typed on goes there; the file is read off
                // the loop and the picture taken off again, with the reason, if the server would refuse it.
                let path = HomePath.expand(typed)
                draft.attachments.append(DraftAttachment(path: path))
                alts.append(LineEditor(limit: env.limits.descriptionLimit))
                focus = .alt(alts.count - 1)
                return [.inspectFile(typed: typed, path: path)]
            }
        case .language(var editor)?:
            switch editor.handle(key) {
            case .editing: prompt = .language(editor)
            case .cancel: prompt = nil
            case .submit(let code):
                prompt = nil
                let trimmed = code.trimmingCharacters(in: .whitespaces).lowercased()
                draft.language = trimmed.isEmpty ? nil : trimmed
            }
        case .schedule(var editor)?:
            switch editor.handle(key) {
            case .editing: prompt = .schedule(editor)
            case .cancel: prompt = nil
            case .submit(let typed):
                prompt = nil
                if let refusal = schedule(typed, now: env.now) { return [.say(refusal, error: true)] }
            }
        case nil: break
        }
        let after = current
        return after == before ? [] : [.keepDraft(after)]
    }

    /// Sets (or, empty, clears) when the post goes; why not, when the time can't be.
    private mutating func schedule(_ typed: String, now: Date) -> String? {
        let trimmed = typed.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { draft.scheduledAt = nil; return nil }
        guard let at = ScheduleTime.parse(trimmed, now: now) else {
            return "“\(trimmed)” is not a time Tern reads: try +30m, +2h, 18:00 or 2026-12-01 09:00."
        }
        // Mastodon's rule: a scheduled post goes at least five minutes from now.
        guard at.timeIntervalSince(now) >= 300 else { return "A post can be scheduled five minutes from now at the soonest." }
        draft.scheduledAt = at
        return nil
    }

    /// Why nothing more can be attached, whatever the file.
    private func cannotAttach(_ env: LayerEnv) -> String? {
        if draft.attachments.count >= env.limits.maxMediaAttachments { return "The server takes at most \(env.limits.maxMediaAttachments) attachments." }
        if draft.poll != nil { return "A post can have pictures or a poll, not both: remove the poll first (− poll)." }
        return nil
    }

    /// A file read off the loop, or a folder's completions: the picture is attached after the checks the
    /// server would make; completions fill the prompt they were asked from, if it is still as it was.
    mutating func receive(_ message: LayerMessage, _ env: LayerEnv) -> [Effect]? {
        switch message {
        case .fileInspected(let file):
            guard let i = draft.attachments.lastIndex(where: { $0.path == file.path && $0.mediaID == nil }) else { return [] }
            let why: String
            if let unreadable = file.unreadable { why = unreadable }
            else if let type = file.mimeType {
                guard let refusal = env.limits.refusal(mimeType: type, bytes: file.bytes) else {
                    defer { refusedFile = nil }
                    return refusedFile.map { [.unsay($0)] } ?? []
                }
                why = "Can't attach \(file.typed): \(refusal)."
            } else { why = "\(file.typed) is not a picture, video or sound file." }
            removeAttachment(i)
            refusedFile = why
            return [.keepDraft(current), .say(why, error: true)]
        case .pathCompleted(let typed, let completed, let candidates):
            guard case .attach(var editor)? = prompt, editor.text == typed else { return [] }
            editor.replace(with: completed)
            completions = candidates
            prompt = .attach(editor)
            return []
        case .wordCompletions(let word, let candidates):
            receiveSuggestions(for: word, candidates)
            return []
        case .open, .compose, .silenced, .followRequests, .notificationRequests, .listMembership, .listSettings, .filters, .scheduledPosts,
             .trendingLinks, .customEmoji, .snapshot, .article, .translated, .rules, .catchUp, .catchUpOf, .postMarks, .catchUpFetching,
             .catchUpChoices:
            return nil
        }
    }

    private mutating func removeAttachment(_ i: Int) {
        draft.attachments.remove(at: i)
        alts.remove(at: i)
        focus = .options
    }

    /// Ctrl-S: what the server would refuse is said here, before anything is sent.
    private func send(_ env: LayerEnv) -> [Effect] {
        var d = current
        let count = PostLength.count(text: d.text, spoiler: d.spoiler, limits: env.limits)
        if d.text.allSatisfy(\.isWhitespace), d.attachments.isEmpty, d.poll == nil {
            return [.say("Nothing to send yet.", error: true)]
        }
        if count > env.limits.maxCharacters {
            return [.say("Too long: \(count) of \(env.limits.maxCharacters) characters.", error: true)]
        }
        // Never sent with one of them left out (a draft kept by an older Tern can hold both).
        if d.poll != nil, !d.attachments.isEmpty {
            return [.say("A post can have pictures or a poll, not both: remove one of them before sending.", error: true)]
        }
        if let poll = d.poll, poll.options.filter({ !$0.isEmpty }).count < 2 {
            return [.say("A poll needs at least two choices.", error: true)]
        }
        if isEdit, d.poll != nil, let poll = context?.poll, let end = poll.expiresAt {
            // The server sets the poll's end anew from the edit: the end it has, never a later one.
            if poll.isClosed(at: env.now) { return [.say(Self.endedPollEdit, error: true)] }
            d.poll?.expiresIn = max(300, Int(end.timeIntervalSince(env.now).rounded()))
        }
        if !env.limits.takesQuotePolicies || d.visibility == .direct { d.quotePolicy = nil }
        return [.pop, .sendPost(d)]
    }

    /// The text's wrapping width, as drawn.
    func textWidth(_ env: LayerEnv) -> Int { max(10, env.columns - 4) }

    /// Ctrl-E brought the text back from the editor.
    mutating func replaceText(_ text: String) -> [Effect] {
        body.replace(with: text)
        return [.keepDraft(current)]
    }

    /// Asks for the attachments' thumbnails when they (or the screen) changed.
    mutating func settle(_ env: LayerEnv) -> [Effect] {
        let boxes = thumbnailBoxes(env)
        guard boxes != askedFor else { return [] }
        askedFor = boxes
        return [.thumbnails(ThumbnailDemand(visible: boxes.isEmpty ? [] : [RowMedia(id: "compose:" + draft.id, boxes: boxes)]))]
    }
}
