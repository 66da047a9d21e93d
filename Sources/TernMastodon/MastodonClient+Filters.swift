import Foundation
import TernModel

/// The user's keyword filters (`/api/v2/filters`): listed, made, changed, deleted, their words added and
/// removed. Servers without v2 filters answer 404.
extension MastodonClient {
    package func filters() async throws -> [FilterInfo] {
        let (data, _) = try await send(url: endpoint("/api/v2/filters"), method: .GET)
        return try MastodonDecoder.decode(LossyArray<FilterWire>.self, data, origin).elements.map(\.filter)
    }

    /// A filter hiding posts behind a warning wherever posts are shown, with one word.
    package func createFilter(title: String, word: String) async throws -> FilterInfo {
        var form: [(String, String)] = [("title", title), ("filter_action", "warn"), ("keywords_attributes[][keyword]", word),
                                        ("keywords_attributes[][whole_word]", "false")]
        form += FilterInfo.Context.allCases.map { ("context[]", $0.rawValue) }
        let (data, _) = try await send(url: endpoint("/api/v2/filters"), method: .POST, form: form)
        return try MastodonDecoder.decode(FilterWire.self, data, origin).filter
    }

    /// Changes what is given; `expiresIn` nil leaves the end as it is, 0 makes it never end.
    package func changeFilter(_ id: String, title: String? = nil, contexts: Set<FilterInfo.Context>? = nil,
                             action: PostFilter.Action? = nil, expiresIn: Int? = nil) async throws -> FilterInfo {
        var form: [(String, String)] = []
        if let title { form.append(("title", title)) }
        if let action { form.append(("filter_action", action.rawValue)) }
        if let contexts { form += FilterInfo.Context.allCases.filter(contexts.contains).map { ("context[]", $0.rawValue) } }
        if let expiresIn { form.append(("expires_in", expiresIn > 0 ? String(expiresIn) : "")) }
        let (data, _) = try await send(url: endpoint("/api/v2/filters/\(Self.escaped(id))"), method: .PUT, form: form)
        return try MastodonDecoder.decode(FilterWire.self, data, origin).filter
    }

    package func deleteFilter(_ id: String) async throws {
        _ = try await send(url: endpoint("/api/v2/filters/\(Self.escaped(id))"), method: .DELETE)
    }

    package func addFilterWord(_ word: String, to filterID: String) async throws {
        _ = try await send(url: endpoint("/api/v2/filters/\(Self.escaped(filterID))/keywords"), method: .POST,
                           form: [("keyword", word), ("whole_word", "false")])
    }

    package func removeFilterWord(_ wordID: String) async throws {
        _ = try await send(url: endpoint("/api/v2/filters/keywords/\(Self.escaped(wordID))"), method: .DELETE)
    }
}

struct FilterWire: Decodable {
    var filter: FilterInfo

    private struct WordWire: Decodable {
        var word: FilterInfo.Word?
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            let text: String? = c.lenient(AnyKey("keyword"))
            word = c.idString(AnyKey("id")).flatMap { id in text.map { FilterInfo.Word(id: id, word: $0) } }
        }
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let id = c.idString(AnyKey("id")) else {
            throw DecodingError.keyNotFound(AnyKey("id"), .init(codingPath: c.codingPath, debugDescription: "filter without id"))
        }
        let contexts: [String] = c.lenient(AnyKey("context")) ?? []
        let action: String? = c.lenient(AnyKey("filter_action"))
        let words: [WordWire] = c.lenient(AnyKey("keywords")) ?? []
        filter = FilterInfo(id: id, title: c.lenient(AnyKey("title")) ?? "", words: words.compactMap(\.word),
                            contexts: Set(contexts.compactMap(FilterInfo.Context.init(rawValue:))),
                            action: action.flatMap(PostFilter.Action.init(rawValue:)) ?? .warn,
                            expiresAt: c.date(AnyKey("expires_at")))
    }
}
