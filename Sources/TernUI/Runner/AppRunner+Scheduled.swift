import Foundation
import TernMastodon
import TernModel

/// Posts the server holds to publish later: listed off the loop, each moved or cancelled at once and said
/// done or not, then listed again.
extension AppRunner {
    func fetchScheduled() {
        let client = sources.client, mailbox = session.mail
        show("Asking the server for your scheduled posts…", error: false)
        Task.detached {
            do {
                mailbox.post(.scheduledPosts(try await client.scheduledPosts()))
            } catch {
                mailbox.post(.say("Couldn't list your scheduled posts: \(scheduledFailureWords(error))", isError: true))
            }
        }
    }

    func reschedule(_ post: ScheduledPost, to at: Date) {
        scheduledChange(done: "Moved to \(Self.when(at)).", failed: "Couldn't move it") { client in
            _ = try await client.reschedule(post.id, to: at)
        }
    }

    func cancelScheduled(_ post: ScheduledPost) {
        scheduledChange(done: "Cancelled: it won't be published.", failed: "Couldn't cancel it") { client in
            try await client.cancelScheduled(post.id)
        }
    }

    private func scheduledChange(done: String, failed: String, _ change: @escaping @Sendable (MastodonClient) async throws -> Void) {
        let client = sources.client, mailbox = session.mail
        Task.detached {
            do {
                try await change(client)
                mailbox.post(.say(done, isError: false))
                // The rest, to go on with; none left, the words of what was done stay.
                let left = try await client.scheduledPosts()
                if !left.isEmpty { mailbox.post(.scheduledPosts(left)) }
            } catch {
                mailbox.post(.say("\(failed): \(scheduledFailureWords(error))", isError: true))
            }
        }
    }

    static func when(_ date: Date) -> String { date.formatted(date: .abbreviated, time: .shortened) }

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

/// A failure in the server's words where it gave some.
private func scheduledFailureWords(_ error: Error) -> String { (error as? MastodonError)?.description ?? "\(error)" }
