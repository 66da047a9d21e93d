import Foundation
import TernModel

/// Posts the server holds to publish later: each to move or cancel.
enum ScheduledMenu {
    /// Each post, soonest first, to move to another time or cancel.
    static func menu(_ posts: [ScheduledPost]) -> [Effect] {
        guard !posts.isEmpty else { return [.say("Nothing is scheduled: Ctrl-T in a new post sets when it goes.", error: false)] }
        let items = posts.sorted { $0.scheduledAt < $1.scheduledAt }.map { p in
            let text = p.text.replacingOccurrences(of: "\n", with: " ")
            return Choice(label: "\(ScheduleTime.written(p.scheduledAt)): \(text.prefix(50))\(text.count > 50 ? "…" : "")…", effects: [.push(.choice(
                title: "Scheduled for \(ScheduleTime.written(p.scheduledAt))",
                items: [Choice(label: "Move to another time…", effects: [.push(.prompt(.reschedule(p)))]),
                        Choice(label: "Cancel it…", effects: [.push(.confirm(question: "Cancel this scheduled post? It won't be published.",
                                                                              yes: [.cancelScheduled(p)]))])]))])
        }
        return [.push(.choice(title: "Scheduled posts: Enter moves or cancels one", items: items))]
    }
}
