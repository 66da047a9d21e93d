import Foundation
import TernModel
import TernStore

/// Posts made up for filling a store: newest has the highest number, text says which one it is, and
/// every third has a picture attachment (no URL is fetched: the store is read offline).
enum CachedPosts {
    static func post(_ n: Int) -> Post {
        let words = ["harbour", "kettle", "lantern", "meadow", "orbit", "pebble", "quill", "river", "saddle", "timber"]
        let text = (0..<12).map { words[($0 * 7 + n) % words.count] }.joined(separator: " ")
        let media = n % 3 == 0 ? [MediaAttachment(id: "m\(n)", kind: .image, url: "http://127.0.0.1:9/m/\(n).jpg",
                                                  previewURL: "http://127.0.0.1:9/m/\(n)-small.jpg",
                                                  blurhash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj", description: "picture \(n)",
                                                  width: 1080, height: 1080)] : []
        return Post(id: String(n), statusID: String(n),
                    account: Account(id: "a\(n % 40)", acct: "user\(n % 40)@bench.example", displayName: "User \(n % 40)"),
                    createdAt: Date().addingTimeInterval(-Double(200_000 - n) * 10),
                    content: StyledText(paragraphs: [[[StyledText.Run("post #\(n): \(text)", style: .plain)]]]),
                    media: media, favouritesCount: n % 17, favourited: n % 11 == 0)
    }

    /// Writes posts 1...count into a timeline, 1,000 per transaction, newest first.
    static func fill(_ store: Store, _ key: TimelineKey, count: Int) throws {
        let timeline = store.account(key.account).timeline(key.timeline)
        for top in stride(from: count, to: 0, by: -1_000) {
            try timeline.insert((max(1, top - 999)...top).reversed().map(post), at: .bottom)
        }
    }
}
