import Foundation

/// A direct conversation as the server lists it (`/api/v1/conversations`): who is in it besides the user,
/// and whether its newest message is unread. Carried by the conversation's newest message (`Post.conversation`),
/// which stands for the conversation in the "Direct messages" list.
public struct Conversation: Sendable, Hashable, Codable {
    public var id: String
    public var unread: Bool
    /// Everyone in it but the user.
    public var participants: [Account]

    public init(id: String, unread: Bool, participants: [Account]) {
        self.id = id
        self.unread = unread
        self.participants = participants
    }

    /// A list entry's id: one per conversation and newest message, never a status's own id, so that the same
    /// message in the home timeline stays a post of its own.
    public static func entryID(conversation: String, status: String) -> String { "conversation:\(conversation):\(status)" }

    /// The participants as a line says them: "@a, @b and 3 more".
    public var names: String {
        let handles = participants.map { "@" + $0.acct }
        guard handles.count > 3 else { return handles.joined(separator: ", ") }
        return handles.prefix(2).joined(separator: ", ") + " and \(handles.count - 2) more"
    }
}
