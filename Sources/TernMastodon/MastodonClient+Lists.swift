import Foundation
import NIOHTTP1
import TernModel

/// The user's lists: made, changed, deleted, and their members.
extension MastodonClient {
    package func listInfos() async throws -> [ListInfo] {
        let (data, _) = try await send(url: endpoint("/api/v1/lists"), method: .GET)
        return try MastodonDecoder.lists(fromJSON: data, origin: origin)
    }

    /// The lists an account is in.
    package func lists(containing accountID: String) async throws -> [ListInfo] {
        let (data, _) = try await send(url: endpoint("/api/v1/accounts/\(Self.escaped(accountID))/lists"), method: .GET)
        return try MastodonDecoder.lists(fromJSON: data, origin: origin)
    }

    package func createList(title: String) async throws -> ListInfo {
        let (data, _) = try await send(url: endpoint("/api/v1/lists"), method: .POST, form: [("title", title)])
        return try MastodonDecoder.decode(ListWire.self, data, origin).list
    }

    /// Changes what is given (a title, the replies policy, the exclusive flag); the list as it now is.
    package func changeList(_ id: String, title: String? = nil, repliesPolicy: ListInfo.RepliesPolicy? = nil,
                           exclusive: Bool? = nil) async throws -> ListInfo {
        var form: [(String, String)] = []
        if let title { form.append(("title", title)) }
        if let repliesPolicy { form.append(("replies_policy", repliesPolicy.rawValue)) }
        if let exclusive { form.append(("exclusive", exclusive ? "true" : "false")) }
        let (data, _) = try await send(url: endpoint("/api/v1/lists/\(Self.escaped(id))"), method: .PUT, form: form)
        return try MastodonDecoder.decode(ListWire.self, data, origin).list
    }

    package func deleteList(_ id: String) async throws {
        _ = try await send(url: endpoint("/api/v1/lists/\(Self.escaped(id))"), method: .DELETE)
    }

    /// Puts an account in a list, or takes it out. Either, repeated, is the same.
    package func setMember(_ accountID: String, of listID: String, _ member: Bool) async throws {
        let path = "/api/v1/lists/\(Self.escaped(listID))/accounts"
        if member {
            _ = try await send(url: endpoint(path), method: .POST, form: [("account_ids[]", accountID)])
        } else {
            // A DELETE's parameters go in the query: not every server reads a DELETE's body.
            let query = "?account_ids%5B%5D=" + Self.escaped(accountID)
            _ = try await send(url: endpoint(path + query), method: .DELETE)
        }
    }
}

struct ListWire: Decodable {
    var list: ListInfo

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let id = c.idString(AnyKey("id")) else {
            throw DecodingError.keyNotFound(AnyKey("id"), .init(codingPath: c.codingPath, debugDescription: "list without id"))
        }
        let title: String? = c.lenient(AnyKey("title"))
        let policy: String? = c.lenient(AnyKey("replies_policy"))
        list = ListInfo(id: id, title: title ?? id, repliesPolicy: policy.flatMap(ListInfo.RepliesPolicy.init(rawValue:)),
                        exclusive: c.lenient(AnyKey("exclusive")))
    }
}

extension MastodonDecoder {
    package static func lists(fromJSON data: Data, origin: WireOrigin? = nil) throws -> [ListInfo] {
        try decode(LossyArray<ListWire>.self, data, origin).elements.map(\.list)
    }
}
