import TernMastodon
import TernModel

/// The "Direct messages" list: opening a conversation tells the server it was read, and its unread mark
/// goes once the server says so (never before: the list shows what the server holds).
extension TimelineEngine {
    func readConversation(_ postID: String) {
        guard !forcedOffline, let conversation = window.posts.first(where: { $0.id == postID })?.conversation,
              conversation.unread else { return }
        let client = self.client, logger = self.logger
        Task {
            do {
                self.send(.conversationRead(try await client.markRead(conversationID: conversation.id)))
            } catch {
                // Left unread on the server, and so in the list: the next refresh says it again.
                logger.notice("couldn't mark a conversation read", metadata: ["on": "\(conversation.id)", "error": "\(error)"])
                self.send(.conversationNotRead(self.describe(error)))
            }
        }
    }

    func conversationRead(_ conversation: Conversation) {
        let changed = window.patchConversation(conversation.id) { $0.unread = conversation.unread }
        for post in changed {
            logged("store a conversation's read mark") { try data.updateStored(post) }
        }
        emit()
    }
}

extension TimelineWindow {
    /// Changes the conversation on every entry standing for it; returns the entries changed.
    mutating func patchConversation(_ id: String, _ change: (inout Conversation) -> Void) -> [Post] {
        var changed: [Post] = []
        for i in entries.indices {
            guard case .post(var p, let seq) = entries[i], var c = p.conversation, c.id == id else { continue }
            change(&c)
            p.conversation = c
            entries[i] = .post(p, seq: seq)
            changed.append(p)
        }
        return changed
    }
}
