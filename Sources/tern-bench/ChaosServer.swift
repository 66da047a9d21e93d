import AsyncHTTPClient
import Foundation
import NIOCore

/// The server as the chaos harness asks it, straight (not through the fault proxy): the truth that what
/// the user asked for is checked against.
struct ChaosServer: Sendable {
    let base: URL
    let token: String
    let client: HTTPClient

    /// A status's marks as the server holds them for this user.
    struct Marks: Equatable, Sendable {
        var favourited: Bool
        var bookmarked: Bool
        var reblogged: Bool
    }

    /// One of the user's own posts.
    struct OwnPost: Sendable {
        var id: String
        var text: String
        var inReplyToID: String?
    }

    func ownAccountID() async throws -> String { try await ownAccount().id }

    /// The user's id and name (`acct`, as their posts show it).
    func ownAccount() async throws -> (id: String, acct: String) {
        let me = try await object("/api/v1/accounts/verify_credentials")
        guard let id = me["id"] as? String, let acct = me["acct"] as? String else { throw BenchError("verify_credentials gave no id") }
        return (id, acct)
    }

    func marks(of statusID: String) async throws -> Marks {
        let status = try await object("/api/v1/statuses/\(statusID)")
        return Marks(favourited: status["favourited"] as? Bool ?? false, bookmarked: status["bookmarked"] as? Bool ?? false,
                     reblogged: status["reblogged"] as? Bool ?? false)
    }

    /// The user's choices in a status's poll; nil when they have not voted.
    func ownVotes(on statusID: String) async throws -> [Int]? {
        let poll = try await object("/api/v1/statuses/\(statusID)")["poll"] as? [String: Any]
        guard poll?["voted"] as? Bool == true else { return nil }
        return poll?["own_votes"] as? [Int] ?? []
    }

    /// An account's id from its name as a profile shows it.
    func account(named acct: String) async throws -> String {
        let escaped = acct.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? acct
        guard let id = try await object("/api/v1/accounts/lookup?acct=\(escaped)")["id"] as? String else {
            throw BenchError("no account \(acct)")
        }
        return id
    }

    /// Whether the server still has a status (a 404 says it is gone).
    func exists(_ statusID: String) async throws -> Bool {
        do { _ = try await object("/api/v1/statuses/\(statusID)"); return true } catch let e as BenchError where e.description.hasSuffix(": 404") {
            return false
        }
    }

    /// A status's text as the server has it now.
    func content(of statusID: String) async throws -> String {
        try await object("/api/v1/statuses/\(statusID)")["content"] as? String ?? ""
    }

    func following(_ accountID: String) async throws -> Bool {
        let list = try await json("/api/v1/accounts/relationships?id[]=\(accountID)") as? [[String: Any]] ?? []
        let r = list.first { $0["id"] as? String == accountID }
        return (r?["following"] as? Bool ?? false) || (r?["requested"] as? Bool ?? false)
    }

    /// The user's posts that mention `marker` in their text, newest first (boosts are not posts), from the
    /// newest `pages` pages of 40.
    func ownPosts(of accountID: String, containing marker: String, pages: Int = 500) async throws -> [OwnPost] {
        var found: [OwnPost] = [], maxID: String?
        for _ in 0..<pages {
            let page = try await json("/api/v1/accounts/\(accountID)/statuses?limit=40&exclude_reblogs=true"
                                      + (maxID.map { "&max_id=\($0)" } ?? "")) as? [[String: Any]] ?? []
            guard let last = page.last?["id"] as? String else { break }
            for s in page {
                let text = (s["content"] as? String ?? "")
                guard text.contains(marker), let id = s["id"] as? String else { continue }
                found.append(OwnPost(id: id, text: text, inReplyToID: s["in_reply_to_id"] as? String))
            }
            maxID = last
        }
        return found
    }

    private func object(_ path: String) async throws -> [String: Any] {
        guard let o = try await json(path) as? [String: Any] else { throw BenchError("\(path) is not an object") }
        return o
    }

    private func json(_ path: String) async throws -> Any {
        var request = HTTPClientRequest(url: base.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + path)
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "User-Agent", value: "tern-bench chaos")
        let response = try await client.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 16 << 20)
        guard response.status.code == 200 else { throw BenchError("\(path): \(response.status.code)") }
        return try JSONSerialization.jsonObject(with: Data(body.readableBytesView))
    }
}
