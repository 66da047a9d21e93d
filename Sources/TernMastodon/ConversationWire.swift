import Foundation
import TernModel

/// One entry of `/api/v1/conversations`. `last_status` is null on real servers once the last message is
/// deleted: such an entry becomes a placeholder row that says so, never a silent gap.
struct ConversationWire: Decodable {
    var id: String
    var unread: Bool
    var accounts: [AccountWire]
    /// Participants the server sent that could not be read: counted, so the line says them.
    var unreadableAccounts: Int
    var lastStatus: StatusWire?

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let id = c.idString(AnyKey("id")) else {
            throw DecodingError.keyNotFound(AnyKey("id"), .init(codingPath: c.codingPath, debugDescription: "conversation without id"))
        }
        self.id = id
        unread = c.lenient(AnyKey("unread")) ?? false
        // A list that is not a list at all (null, an object) has nobody readable in it: it counts as one.
        if let list: LossyArray<AccountWire> = c.lenient(AnyKey("accounts")) {
            (accounts, unreadableAccounts) = (list.elements, list.skipped)
        } else {
            (accounts, unreadableAccounts) = ([], c.contains(AnyKey("accounts")) ? 1 : 0)
        }
        lastStatus = try c.decodeIfPresent(StatusWire.self, forKey: AnyKey("last_status"))
    }
}

extension MastodonDecoder {
    /// A `/api/v1/conversations` body as list entries: each conversation as its newest message, carrying
    /// the conversation (`Post.conversation`); a conversation that can't be read, or whose newest message
    /// is gone, as an unreadable entry that says why.
    package static func conversations(fromJSON data: Data, origin: WireOrigin? = nil) throws -> (posts: [Post], unreadable: [UnreadablePost]) {
        let list = try decode(LossyArray<ConversationWire>.self, data, origin)
        var posts: [Post] = []
        var unreadable: [UnreadablePost] = []
        var skipped = list.unreadable.makeIterator()
        var next = skipped.next()
        func flush(upTo read: Int) {
            while let u = next, u.after <= read {
                unreadable.append(UnreadablePost(id: u.id.map { "conversation:\($0)" }, reason: u.reason, newerID: posts.last?.id))
                next = skipped.next()
            }
        }
        for (i, c) in list.elements.enumerated() {
            flush(upTo: i)
            var conversation = Conversation(id: c.id, unread: c.unread, participants: c.accounts.map(PostMapping.account))
            conversation.unreadableParticipants = c.unreadableAccounts > 0 ? c.unreadableAccounts : nil
            guard let status = c.lastStatus else {
                unreadable.append(UnreadablePost(id: "conversation:\(c.id)",
                                                 reason: "a conversation with \(conversation.names) whose last message was deleted",
                                                 newerID: posts.last?.id))
                continue
            }
            var post: Post
            do { post = try PostMapping.post(status) } catch {
                unreadable.append(UnreadablePost(id: "conversation:\(c.id)", reason: "\(error)", newerID: posts.last?.id))
                continue
            }
            post.id = Conversation.entryID(conversation: c.id, status: post.statusID)
            post.conversation = conversation
            posts.append(post)
        }
        flush(upTo: Int.max)
        return (posts, unreadable)
    }
}

extension MastodonClient {
    /// Marks a conversation read (`POST /api/v1/conversations/:id/read`); the server answers with it.
    package func markRead(conversationID: String) async throws -> Conversation {
        let (data, _) = try await send(url: endpoint("/api/v1/conversations/\(Self.escaped(conversationID))/read"), method: .POST, form: [])
        let wire = try MastodonDecoder.decode(ConversationWire.self, data, origin)
        return Conversation(id: wire.id, unread: wire.unread, participants: wire.accounts.map(PostMapping.account))
    }
}
