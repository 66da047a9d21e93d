import Foundation
import TernMastodon
import TernModel

/// Posts the server holds to publish later: listed off the loop; each move or cancellation goes through
/// the change queue, and once made the rest are listed again.
extension AppRunner {
    func fetchScheduled() {
        askServer("Asking the server for your scheduled posts…", failed: "Couldn't list your scheduled posts",
                  { try await $0.scheduledPosts() }, answer: { [.layer(.scheduledPosts($0))] })
    }

    func reschedule(_ post: ScheduledPost, to at: Date) {
        submit(.reschedule(id: post.id, to: at))
    }

    func cancelScheduled(_ post: ScheduledPost) {
        submit(.cancelScheduled(id: post.id))
    }

    static func when(_ date: Date) -> String { ScheduleTime.written(date) }

    /// Each post, soonest first, to move to another time or cancel.
    static func scheduledChoice(_ posts: [ScheduledPost]) -> [Effect] {
        guard !posts.isEmpty else { return [.say("Nothing is scheduled: Ctrl-T in a new post sets when it goes.", error: false)] }
        let items = posts.sorted { $0.scheduledAt < $1.scheduledAt }.map { p in
            let text = p.text.replacingOccurrences(of: "\n", with: " ")
            return Choice(label: "\(when(p.scheduledAt)): \(text.prefix(50))\(text.count > 50 ? "…" : "")…", effects: [.push(.choice(
                title: "Scheduled for \(when(p.scheduledAt))",
                items: [Choice(label: "Move to another time…", effects: [.push(.prompt(.reschedule(p)))]),
                        Choice(label: "Cancel it…", effects: [.push(.confirm(question: "Cancel this scheduled post? It won't be published.",
                                                                              yes: [.cancelScheduled(p)]))])]))])
        }
        return [.push(.choice(title: "Scheduled posts: Enter moves or cancels one", items: items))]
    }
}

