import Foundation
import TernModel
import TernTerminal

/// Reporting an account (and the post it came from) to the user's server: why (spam, illegal content, the
/// server's rules, which are read from it, or something else), then a comment, with a copy to the account's
/// own server when it is another one (Tab). Enter on the comment sends; Escape leaves at any step.
struct ReportLayer: Layer {
    enum Step: Equatable {
        case category
        case rules
        case comment
    }

    private(set) var report: Report
    private(set) var step = Step.category
    private(set) var selected = 0
    /// The server's rules: nil while they are read.
    private(set) var rules: [ServerRule]?
    private(set) var rulesFailure: String?
    private(set) var ticked: Set<Int> = []
    private(set) var editor = LineEditor(limit: 1_000)

    init(_ report: Report) {
        self.report = report
    }

    /// Pushed with this: the rules, read off the loop.
    var load: Effect { .loadRules }

    /// The categories offered: the rules' only where the server lists rules.
    var categories: [(Report.Category, String)] {
        var list: [(Report.Category, String)] = [(.spam, "Spam"), (.legal, "Illegal content")]
        if rules?.isEmpty != true { list.append((.violation, rules == nil ? "Breaks the server's rules (reading them…)" : "Breaks the server's rules")) }
        list.append((.other, "Something else"))
        return list
    }

    mutating func update(_ key: Key, _ env: LayerEnv) -> [Effect] {
        if key == .escape { return [.pop] }
        switch step {
        case .category:
            let list = categories
            switch key {
            case .character("j"), .down: selected = min(list.count - 1, selected + 1)
            case .character("k"), .up: selected = max(0, selected - 1)
            case .character(let c) where c.isNumber:
                guard let n = c.wholeNumberValue, n >= 1, n <= list.count else { return [] }
                selected = n - 1
                return choose(list[selected].0)
            case .enter: return choose(list[selected].0)
            case .character("q"): return [.pop]
            default: break
            }
        case .rules:
            let count = rules?.count ?? 0
            switch key {
            case .character("j"), .down: selected = min(max(0, count - 1), selected + 1)
            case .character("k"), .up: selected = max(0, selected - 1)
            case .character(" "): if ticked.remove(selected) == nil { ticked.insert(selected) }
            case .character(let c) where c.isNumber:
                guard let n = c.wholeNumberValue, n >= 1, n <= count else { return [] }
                selected = n - 1
                if ticked.remove(selected) == nil { ticked.insert(selected) }
            case .enter:
                let chosen = ticked.isEmpty ? [selected] : ticked.sorted()
                report.ruleIDs = chosen.compactMap { rules?.indices.contains($0) == true ? rules?[$0].id : nil }
                step = .comment
            default: break
            }
        case .comment:
            if key == .tab, report.remoteDomain != nil {
                report.forward.toggle()
                return []
            }
            switch editor.handle(key) {
            case .editing: return []
            case .cancel: return [.pop]
            case .submit(let text):
                report.comment = text.trimmingCharacters(in: .whitespaces)
                return [.pop, .report(report)]
            }
        }
        return []
    }

    private mutating func choose(_ category: Report.Category) -> [Effect] {
        if category == .violation, rules == nil { return [.say("Still reading the server's rules…", error: false)] }
        report.category = category
        selected = 0
        step = category == .violation ? .rules : .comment
        return []
    }

    mutating func receive(_ message: LayerMessage, _ env: LayerEnv) -> [Effect]? {
        guard case .rules(let found, let failure) = message else { return nil }
        rules = found ?? []
        rulesFailure = failure
        selected = min(selected, categories.count - 1)
        return []
    }

    func render(_ env: LayerEnv, into screen: Canvas) {
        let who = "Report @" + Sanitizer.clean(report.acct) + (report.statusIDs.isEmpty ? "" : " and this post")
        switch step {
        case .category:
            var lines = categories.enumerated().map { i, c in ("\(i + 1) \(c.1)", i == selected) }
            if let rulesFailure { lines.append(("(the rules could not be read: \(Sanitizer.clean(rulesFailure)))", false)) }
            env.renderer.drawBox(title: who + ": why? (Esc cancels)", lines: lines, on: screen)
        case .rules:
            let lines = (rules ?? []).enumerated().map { i, rule in
                ((i < 9 ? "\(i + 1) " : "  ") + (ticked.contains(i) ? "[x] " : "[ ] ") + Sanitizer.clean(rule.text), i == selected)
            }
            env.renderer.drawBox(title: "Which rules? Space ticks, Enter goes on", lines: lines, on: screen)
        case .comment:
            var lines = [("Why: " + (categories.first { $0.0 == report.category }?.1 ?? report.category.rawValue), false)]
            if let domain = report.remoteDomain {
                lines.append(("Tab: also send a copy to \(Sanitizer.clean(domain)) — \(report.forward ? "yes" : "no")", false))
            }
            env.renderer.drawBox(title: who, lines: lines, on: screen)
            env.renderer.drawPrompt("Comment for the moderators (Enter sends): ", editor: editor, on: screen)
        }
    }
}
