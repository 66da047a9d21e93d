import Foundation
import TernModel

extension OutgoingPost {
    /// The post among `posts` that the server made of this one, when a try went out (in doubt) and the
    /// answer was lost or a gateway's error: the same words and reply, made after it was sent (a few
    /// seconds' leeway for clocks). The outbox row gives way to it, so the list shows the post once; the
    /// outbox keeps its key, so a try still to come makes nothing twice.
    func published(among posts: [Post]) -> Post? {
        guard inDoubt, draft.editingID == nil, draft.scheduledAt == nil, draft.poll == nil else { return nil }
        let words = Self.words(draft.text)
        return posts.first { post in
            post.boostedBy == nil && post.createdAt >= createdAt.addingTimeInterval(-30) && post.inReplyToID == draft.inReplyToID
                && post.spoilerText == draft.spoiler && Self.words(post.content.plainText) == words
        }
    }

    /// The text's words: the server's HTML comes back with its line breaks and spaces its own way.
    private static func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: \.isWhitespace)
    }
}
