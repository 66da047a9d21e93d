import Foundation
import GRDB
import TernModel

/// Full-text search over cached posts.
extension Store {
    /// Cached posts of an account matching every term of `line` (words, CJK, `#hashtags`), newest first.
    public func search(_ line: String, account: String, limit: Int = 200) throws -> [Post] {
        guard let query = SearchText.query(line) else { return [] }
        return try pool.read { db in
            try Data.fetchAll(db, sql: """
                SELECT p.body FROM post_search JOIN post p ON p.pk = post_search.rowid
                WHERE post_search MATCH ? AND p.account = ? ORDER BY p.created_at DESC LIMIT ?
                """, arguments: [query, account, limit])
                .compactMap { try? PostCoding.decode($0) }
        }
    }
}
