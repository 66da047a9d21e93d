import Foundation
import NIOHTTP1
import TernModel

/// One page of notifications, newest first.
package struct NotificationPage: Sendable {
    package var groups: [NotificationGroup]
    /// Whether the server grouped them (`/api/v2/notifications`); false when Tern did.
    package var serverGrouped: Bool
    package var skipped: Int
}

extension MastodonClient {
    /// The posts above and below a status.
    package func context(of statusID: String) async throws -> (ancestors: [Post], descendants: [Post]) {
        let (data, _) = try await send(url: endpoint("/api/v1/statuses/\(Self.escaped(statusID))/context"), method: .GET,
                                       budget: .page)
        return try MastodonDecoder.context(fromJSON: data, origin: origin)
    }

    package func profile(accountID: String) async throws -> Profile {
        let (data, _) = try await send(url: endpoint("/api/v1/accounts/\(Self.escaped(accountID))"), method: .GET)
        return try MastodonDecoder.profile(fromJSON: data, origin: origin)
    }

    package func relationship(accountID: String) async throws -> Relationship {
        let (data, _) = try await send(url: endpoint("/api/v1/accounts/relationships?id%5B%5D=\(Self.escaped(accountID))"),
                                       method: .GET)
        return try MastodonDecoder.relationship(fromJSON: data, origin: origin)
    }

    /// The accounts the user mutes or blocks (the newest 80), for a list they can be lifted from.
    package func silenced(_ kind: AccountAction) async throws -> [Account] {
        let path = kind == .block ? "/api/v1/blocks" : "/api/v1/mutes"
        let (data, _) = try await send(url: endpoint(path + "?limit=80"), method: .GET)
        return try MastodonDecoder.decode(LossyArray<AccountWire>.self, data, origin).elements.map(PostMapping.account)
    }

    /// Follows, mutes or blocks an account, or stops; returns the relationship as the server now has it.
    /// `muteSeconds`: how long a mute lasts (nil or 0: until undone).
    package func perform(_ action: AccountAction, accountID: String, muteSeconds: Int? = nil) async throws -> Relationship {
        var form: [(String, String)] = []
        if action == .mute, let seconds = muteSeconds, seconds > 0 { form.append(("duration", String(seconds))) }
        let (data, _) = try await send(url: endpoint("/api/v1/accounts/\(Self.escaped(accountID))/\(action.rawValue)"),
                                       method: .POST, form: form)
        return try MastodonDecoder.relationship(fromJSON: data, origin: origin)
    }

    /// A page of notifications below `maxID`, grouped. `grouped` asks the grouped API; a server without
    /// it (404) is asked the plain one and the answer says which was used.
    package func notifications(maxID: String? = nil, limit: Int = 30, types: [String] = [], grouped: Bool) async throws -> NotificationPage {
        var query = "limit=\(limit)"
        if let maxID { query += "&max_id=\(Self.escaped(maxID))" }
        for t in types { query += "&types%5B%5D=\(Self.escaped(t))" }
        if grouped {
            do {
                let (data, _) = try await send(url: endpoint("/api/v2/notifications?" + query + "&grouped_types%5B%5D=favourite"
                                                             + "&grouped_types%5B%5D=reblog&grouped_types%5B%5D=follow"),
                                               method: .GET, budget: .page)
                let (groups, skipped) = try MastodonDecoder.notifications(fromJSON: data, origin: origin)
                return NotificationPage(groups: groups, serverGrouped: true, skipped: skipped)
            } catch MastodonError.http(let status, _) where status == 404 || status == 410 {
                // No grouped API here: fall through to the plain one.
            }
        }
        let (data, _) = try await send(url: endpoint("/api/v1/notifications?" + query), method: .GET, budget: .page)
        let (groups, skipped) = try MastodonDecoder.notifications(fromJSON: data, origin: origin)
        return NotificationPage(groups: groups, serverGrouped: false, skipped: skipped)
    }

    /// A timeline's read marker (`home`, `notifications`); nil when none was saved. Throws `.http(404)`
    /// where markers don't exist.
    package func marker(_ timeline: String) async throws -> String? {
        let (data, _) = try await send(url: endpoint("/api/v1/markers?timeline%5B%5D=\(Self.escaped(timeline))"), method: .GET)
        return try MastodonDecoder.decode(MarkersWire.self, data, origin).lastRead[timeline]
    }

    package func saveMarker(_ timeline: String, lastReadID: String) async throws {
        _ = try await send(url: endpoint("/api/v1/markers"), method: .POST, form: [("\(timeline)[last_read_id]", lastReadID)])
    }

    static func escaped(_ s: String) -> String { s.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? s }
}

extension MastodonClient {
    /// The posts an account pinned to its profile.
    package func pinned(accountID: String) async throws -> [Post] {
        let (data, _) = try await send(url: endpoint("/api/v1/accounts/\(Self.escaped(accountID))/statuses?pinned=true"), method: .GET,
                                       budget: .page)
        return try MastodonDecoder.posts(fromJSON: data, origin: origin).posts
    }
}

extension MastodonClient {
    /// The account a mention links to (`https://host/@name`, `https://host/users/name`, `https://host/name`):
    /// looked up by handle, and where the server has no lookup, found through search.
    package func account(mentionURL: String) async throws -> Account {
        guard let url = URL(string: mentionURL), let host = url.host,
              var name = url.path.split(separator: "/").last.map(String.init), !name.isEmpty else {
            throw MastodonError.refusedURL("a mention without an account (\(mentionURL))")
        }
        if name.hasPrefix("@") { name.removeFirst() }
        let acct = host == baseURL.host ? name : "\(name)@\(host)"
        do {
            let (data, _) = try await send(url: endpoint("/api/v1/accounts/lookup?acct=\(Self.escaped(acct))"), method: .GET)
            return try MastodonDecoder.account(fromJSON: data, origin: origin)
        } catch MastodonError.http(let status, _) where status == 404 {
            let (data, _) = try await send(url: endpoint("/api/v2/search?type=accounts&resolve=true&limit=1&q=\(Self.escaped(mentionURL))"),
                                           method: .GET)
            struct Found: Decodable {
                var accounts: LossyArray<AccountWire>?
            }
            let found = try MastodonDecoder.decode(Found.self, data, origin)
            guard let first = found.accounts?.elements.first else { throw MastodonError.http(status: 404, message: "no such account: @\(acct)") }
            return PostMapping.account(first)
        }
    }
}
