import Foundation
import TernModel

/// Posts are stored as JSON of the model type: the engine reads whole posts back, never columns of them.
enum PostCoding {
    static func encode(_ post: Post) throws -> Data {
        try JSONEncoder().encode(post)
    }

    static func decode(_ data: Data) throws -> Post {
        try JSONDecoder().decode(Post.self, from: data)
    }
}

/// Drafts are stored as JSON too, in the draft table and in the journal's posts.
enum DraftCoding {
    static func encode(_ draft: Draft) throws -> Data {
        try JSONEncoder().encode(draft)
    }

    /// Nil for a draft this Tern can't read (a newer Tern's, or damaged): its row is left in place, never
    /// deleted, so the text is not lost (`unreadableWriting` counts them for the user), and logged as `what`.
    static func decode(_ data: Data, _ what: @autoclosure () -> String, logging unreadable: UnreadableRows) -> Draft? {
        unreadable.value(Draft.self, data, what(), "it is kept untouched, neither shown nor sent")
    }
}
