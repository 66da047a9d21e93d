import Foundation

/// A direct conversation as the server lists it (`/api/v1/conversations`): who is in it besides the user,
/// and whether its newest message is unread. Carried by the conversation's newest message (`Post.conversation`),
/// which stands for the conversation in the "Direct messages" list.
package struct Conversation: Sendable, Hashable, Codable {
    package var id: String
    package var unread: Bool
    /// Everyone in it but the user.
    package var participants: [Account]
    /// Participants the server sent that could not be read (nil: none).
    package var unreadableParticipants: Int?

    package init(id: String, unread: Bool, participants: [Account]) {
        self.id = id
        self.unread = unread
        self.participants = participants
    }

    /// A list entry's id: one per conversation and newest message, never a status's own id, so that the same
    /// message in the home timeline stays a post of its own.
    package static func entryID(conversation: String, status: String) -> String { "conversation:\(conversation):\(status)" }

    /// The participants as a line says them: "@a, @b and 3 more", and those that could not be read.
    package var names: String {
        let handles = participants.map { "@" + $0.acct }
        let named = handles.count > 3 ? handles.prefix(2).joined(separator: ", ") + " and \(handles.count - 2) more"
                                      : handles.joined(separator: ", ")
        guard let n = unreadableParticipants, n > 0 else { return named }
        let unread = n == 1 ? "1 whose account could not be read" : "\(n) whose accounts could not be read"
        return named.isEmpty ? unread : named + " and " + unread
    }
}
