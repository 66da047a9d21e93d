import Foundation
import TernImages
import TernModel
import TernTerminal

/// Where the compose screen's parts go for a screen size: computed the same way for drawing and for
/// asking for the attachments' thumbnails.
struct ComposePlan {
    var contextLines: [String]
    var spoilerRow: Int?
    var ruleRow: Int
    var textTop: Int
    var textHeight: Int
    /// The first of the options' rows: more than one where they don't fit across the screen.
    var optionsRow: Int
    var attachmentTop: Int
    var pollTop: Int

    static let thumbColumns = 12, thumbRows = 4
}

extension ComposeLayer {
    func plan(_ env: LayerEnv) -> ComposePlan {
        var row = 1
        var contextLines: [String] = []
        // An edit's post is the text being edited, not something answered.
        if let post = context, !isEdit {
            // A post behind a content warning is named by its warning: its words stay behind it, as in the list.
            let text = post.spoilerText.isEmpty ? Sanitizer.clean(post.content.plainText).replacingOccurrences(of: "\n", with: " ")
                : "⚠ " + Sanitizer.clean(post.spoilerText).replacingOccurrences(of: "\n", with: " ")
            let line = (draft.quotedStatusID != nil ? "❝ @" : "↩ @") + Sanitizer.clean(post.account.acct) + ": " + text
            contextLines = TextWrap.wrap([(line, .placeholder)], width: max(10, env.columns - 4)).prefix(2)
                .map { segs in segs.reduce(into: "") { s, seg in
                    s += String(repeating: " ", count: max(0, seg.column - DisplayWidth.of(s))) + seg.text.string
                } }
            row += contextLines.count + 1
        }
        let spoilerRow = warningOn ? row : nil
        if warningOn { row += 1 }
        let ruleRow = row
        let optionRows = (optionPlaces(columns: env.columns, limits: env.limits).last?.row ?? 0) + 1
        let below = 1 + optionRows + alts.count * ComposePlan.thumbRows + pollChoices.count + (editsAPoll ? 1 : 0)
        let textHeight = max(3, env.rows - 1 - (row + 1) - below)
        let optionsRow = row + 1 + textHeight + 1
        return ComposePlan(contextLines: contextLines, spoilerRow: spoilerRow, ruleRow: ruleRow, textTop: row + 1, textHeight: textHeight,
                           optionsRow: optionsRow, attachmentTop: optionsRow + optionRows,
                           pollTop: optionsRow + optionRows + alts.count * ComposePlan.thumbRows)
    }

    func thumbnailBoxes(_ env: LayerEnv) -> [MediaBox] {
        let p = plan(env)
        return draft.attachments.enumerated().map { i, a in
            // A picture already on the server (an edit) by its address; one being attached from its file.
            let url = a.path.hasPrefix("http") ? a.path : URL(fileURLWithPath: a.path).absoluteString
            let attachment = MediaAttachment(id: "compose:\(i)", kind: .image, url: url, previewURL: url)
            return MediaBox(line: p.attachmentTop + i * ComposePlan.thumbRows, column: 2, columns: ComposePlan.thumbColumns,
                            rows: ComposePlan.thumbRows, attachment: attachment,
                            request: ThumbnailRequest(url: url, columns: ComposePlan.thumbColumns, rows: ComposePlan.thumbRows))
        }
    }

    func render(_ env: LayerEnv, into screen: Canvas) {
        let theme = env.renderer.theme, cols = env.columns
        let p = plan(env)
        let d = current

        // Title: what is being written, and the two keys that matter most.
        var what = draft.editingID != nil ? "Edit post" : draft.replyingTo.map { "Reply to @\(Sanitizer.clean($0))" }
            ?? draft.quoting.map { "Quote @\(Sanitizer.clean($0))" } ?? "New post"
        if let at = draft.scheduledAt { what += " · at " + ScheduleTime.written(at) }
        // With several accounts, whose post this will be.
        if env.accounts.count > 1 { what += " · as " + Sanitizer.clean(env.activeAccount) }
        screen.fill(row: 0, column: 0, width: cols, style: theme[.title])
        screen.draw(SafeText(" " + what), row: 0, column: 0, style: theme[.title], maxWidth: cols)
        let keys = SafeText("ctrl-s send  esc keep draft ")
        if keys.width + DisplayWidth.of(what) + 3 <= cols { screen.draw(keys, row: 0, column: cols - keys.width, style: theme[.title]) }

        for (i, line) in p.contextLines.enumerated() {
            screen.draw(SafeText(line), row: 1 + i, column: 2, style: theme[.placeholder], maxWidth: cols - 4)
        }
        if let row = p.spoilerRow {
            let label = SafeText("CW: ")
            screen.draw(label, row: row, column: 2, style: theme[.warning])
            drawField(spoiler, focused: focus == .spoiler, row: row, column: 2 + label.width, width: cols - 4 - label.width,
                      placeholder: "content warning", env: env, on: screen)
        }

        // The rule above the text carries the count, red past the server's limit.
        let count = PostLength.count(text: d.text, spoiler: d.spoiler, limits: env.limits)
        let counter = SafeText(" \(count)/\(env.limits.maxCharacters) ")
        screen.draw(SafeText(String(repeating: "─", count: max(0, cols - 2))), row: p.ruleRow, column: 1, style: theme[.gutter])
        screen.draw(counter, row: p.ruleRow, column: max(1, cols - counter.width - 2),
                    style: count > env.limits.maxCharacters ? theme[.statusError] : theme[.counts])
        drawText(p, env, on: screen)
        drawOptions(p, env, on: screen)
        drawAttachments(p, env, on: screen)
        for (i, choice) in pollChoices.enumerated() {
            let label = SafeText("Choice \(i + 1): ")
            screen.draw(label, row: p.pollTop + i, column: 2, style: theme[.acct])
            drawField(choice, focused: focus == .pollOption(i), row: p.pollTop + i, column: 2 + label.width,
                      width: min(60, cols - 4 - label.width), placeholder: i < 2 ? "required" : "optional", env: env, on: screen)
        }
        if editsAPoll {
            screen.draw(SafeText("The poll is kept; changing the choices clears the votes."), row: p.pollTop + pollChoices.count, column: 2,
                        style: theme[.placeholder], maxWidth: cols - 4)
        }
        drawStatus(env, on: screen)
    }

    private func drawText(_ p: ComposePlan, _ env: LayerEnv, on screen: Canvas) {
        let theme = env.renderer.theme, width = textWidth(env)
        let lines = body.wrapped(width: width)
        let (cursorLine, cursorColumn) = body.cursorPosition(width: width)
        let top = max(0, cursorLine - p.textHeight + 1)
        if body.characters.isEmpty, focus != .text {
            screen.draw(SafeText("(what's on your mind?)"), row: p.textTop, column: 2, style: theme[.placeholder])
        }
        for (i, range) in lines.enumerated().dropFirst(top).prefix(p.textHeight) {
            let text = String(body.characters[range])
            screen.draw(SafeText(text), row: p.textTop + i - top, column: 2, style: theme[.text], maxWidth: width + 1)
        }
        if focus == .text, prompt == nil {
            let under = body.cursor < body.characters.count && !body.characters[body.cursor].isNewline ? String(body.characters[body.cursor]) : " "
            var caret = theme[.text]
            caret.reverse = true
            screen.draw(SafeText(under), row: p.textTop + cursorLine - top, column: 2 + min(cursorColumn, width), style: caret)
        }
    }

    private func drawOptions(_ p: ComposePlan, _ env: LayerEnv, on screen: Canvas) {
        let theme = env.renderer.theme
        for (i, place) in optionPlaces(columns: env.columns, limits: env.limits).enumerated() {
            var style = theme[.counts]
            if focus == .options, i == min(option, options(env.limits).count - 1) { style.reverse = true }
            screen.draw(place.text, row: p.optionsRow + place.row, column: place.column, style: style, maxWidth: env.columns - place.column)
        }
    }

    /// Where each option is drawn (row counted from the first options row): across the screen, and on
    /// the next row where one would run past its edge, so every option, and the highlight, stays in sight.
    func optionPlaces(columns: Int, limits: PostingLimits) -> [(row: Int, column: Int, text: SafeText)] {
        var row = 0, x = 2
        return options(limits).map { o in
            let word: String
            switch o {
            case .visibility: word = "◉ " + draft.visibility.label
            case .warning: word = warningOn ? "CW on" : "CW off"
            case .sensitive: word = draft.sensitive ? "sensitive" : "not sensitive"
            case .language: word = "lang " + (draft.language ?? "auto")
            case .poll: word = draft.poll == nil ? "+ poll" : "− poll"
            case .attach: word = "+ picture"
            case .duration: word = "lasts " + Self.duration(draft.poll?.expiresIn ?? 86_400)
            case .multiple: word = draft.poll?.multiple == true ? "many choices" : "one choice"
            case .quotePolicy: word = QuotePolicy.label(draft.quotePolicy)
            }
            let t = SafeText(" \(word) ")
            if x > 2, x + t.width >= columns { (row, x) = (row + 1, 2) }
            defer { x += t.width + 1 }
            return (row, x, t)
        }
    }

    private func drawAttachments(_ p: ComposePlan, _ env: LayerEnv, on screen: Canvas) {
        let theme = env.renderer.theme
        for (i, box) in thumbnailBoxes(env).enumerated() {
            let top = box.line
            switch box.request.map({ ($0, env.images[$0]) }) {
            case let (key, .ready(t)?)?:
                env.renderer.drawPicture(t, key: key, row: top, column: box.column, visibleRows: top..<(top + box.rows), on: screen)
            case (_, .placeholder(let grid)?)?:
                screen.draw(grid, row: top, column: box.column, visibleRows: top..<(top + box.rows))
            case (_, .failed(let why)?)?:
                screen.draw(SafeText(DisplayWidth.truncate(why, to: box.columns)), row: top + 1, column: box.column, style: theme[.placeholder])
            case (_, nil)?, nil:
                screen.draw(SafeText("loading…"), row: top + 1, column: box.column, style: theme[.placeholder])
            }
            let x = box.column + box.columns + 2
            // One already on the server (an edit) is known by no file name of the user's: its address ends in the
            // server's own ("small.png").
            let path = draft.attachments[i].path
            let name = path.hasPrefix("http") ? "picture \(i + 1), on the server" : (path as NSString).lastPathComponent
            screen.draw(SafeText(Sanitizer.clean(name)), row: top, column: x, style: theme[.name], maxWidth: env.columns - x - 1)
            let label = SafeText("alt: ")
            screen.draw(label, row: top + 1, column: x, style: theme[.acct])
            drawField(alts[i], focused: focus == .alt(i), row: top + 1, column: x + label.width,
                      width: max(5, env.columns - x - label.width - 2), placeholder: "describe the picture for people who can't see it",
                      env: env, on: screen)
            if focus == .alt(i) {
                screen.draw(SafeText("ctrl-d on an empty alt text removes the picture"), row: top + 2, column: x, style: theme[.placeholder])
            }
        }
    }

    private func drawField(_ editor: LineEditor, focused: Bool, row: Int, column: Int, width: Int, placeholder: String,
                           env: LayerEnv, on screen: Canvas) {
        let theme = env.renderer.theme
        guard width > 1 else { return }
        if editor.characters.isEmpty, !focused {
            screen.draw(SafeText(placeholder), row: row, column: column, style: theme[.placeholder], maxWidth: width)
            return
        }
        env.renderer.drawEditor(editor, row: row, column: column, width: width, style: theme[.text], cursor: focused && prompt == nil,
                                on: screen)
    }

    /// The status line: a prompt, a message, or the keys of the field in focus and whether the draft is saved.
    private func drawStatus(_ env: LayerEnv, on screen: Canvas) {
        let theme = env.renderer.theme, row = env.rows - 1
        switch prompt {
        case .attach(let editor)?:
            if !completions.isEmpty {
                let shown = completions.prefix(8).map { ($0 as NSString).lastPathComponent }.joined(separator: "  ")
                screen.draw(SafeText(Sanitizer.clean(shown)), row: row - 1, column: 2, style: theme[.placeholder], maxWidth: env.columns - 4)
            }
            env.renderer.drawPrompt("Attach (Tab completes): ", editor: editor, on: screen)
            return
        case .language(let editor)?:
            env.renderer.drawPrompt("Language (ISO code, empty for automatic): ", editor: editor, on: screen)
            return
        case .schedule(let editor)?:
            env.renderer.drawPrompt("Publish at (+30m, +2h, 18:00, 2026-12-01 09:00; empty: at once): ", editor: editor, on: screen)
            return
        case nil: break
        }
        screen.fill(row: row, column: 0, width: env.columns, style: theme[.status])
        if let message = env.message {
            screen.draw(SafeText(" " + message.text), row: row, column: 0, style: message.isError ? theme[.statusError] : theme[.status],
                        maxWidth: env.columns)
            return
        }
        let hint: String
        switch focus {
        case .text where !(suggestions?.candidates.isEmpty ?? true):
            // The word's candidates, the chosen one bracketed: Tab takes it.
            let s = suggestions!
            let shown = s.candidates.enumerated().map { $0.offset == s.selected ? "[\($0.element)]" : $0.element }
            hint = "tab " + Sanitizer.clean(shown.joined(separator: " ")) + " · ctrl-n/p choose"
        case .text: hint = "tab next field" + (isEdit ? "" : " · ctrl-t schedule") + " · ctrl-e $EDITOR"
        case .options: hint = "←/→ choose · space change · tab next field" + (draft.poll != nil ? " · + another choice" : "")
        case .pollOption(let i) where i == pollChoices.count - 1 && pollChoices.count < env.limits.pollMaxOptions:
            hint = "enter another choice · tab next field · shift-tab back"
        default: hint = "tab next field · shift-tab back"
        }
        let now = current
        let saved = env.savedDraft == now ? "✓ draft saved" : now == opened ? "" : "saving…"
        let right = SafeText(saved + " ")
        screen.draw(SafeText(" " + hint), row: row, column: 0, style: theme[.status], maxWidth: env.columns - right.width - 1)
        screen.draw(right, row: row, column: max(0, env.columns - right.width), style: theme[.status])
    }

    static func duration(_ seconds: Int) -> String {
        seconds >= 86_400 ? "\(seconds / 86_400) d" : seconds >= 3_600 ? "\(seconds / 3_600) h" : "\(seconds / 60) min"
    }
}
