import Foundation
import Hummingbird

/// Keyword filters on the demo instance (Mastodon's v2): made, changed, deleted, their words added and
/// removed. The posts' `filtered` results follow at once.
extension DemoRoutes {
    func registerFilters(on router: Router<BasicRequestContext>) {
        router.post("/api/v2/filters") { req, _ in
            try await authorized(req) {
                if let faulted = try await injectedFault() { return faulted }
                let pairs = try await formPairs(req, upTo: 1 << 16)
                try await delay()
                let form = Dictionary(pairs, uniquingKeysWith: { $1 })
                guard let title = form["title"], !title.isEmpty else { return error(.init(code: 422), "Validation failed: Title can't be blank") }
                var f = DemoFilter(title: title, keyword: "", action: form["filter_action"] ?? "warn")
                f.keywords = pairs.filter { $0.0 == "keywords_attributes[][keyword]" }.map { (0, $0.1) }
                let contexts = pairs.filter { $0.0 == "context[]" }.map(\.1)
                if !contexts.isEmpty { f.contexts = contexts }
                f.expiresAt = form["expires_in"].flatMap(Double.init).map { Date().addingTimeInterval($0) }
                let made = await state.addFilter(f)
                await state.noteWrite("filter made \(made.id)")
                return try json(await state.wireFilter(made))
            }
        }
        router.put("/api/v2/filters/:id") { req, ctx in
            try await authorized(req) {
                if let faulted = try await injectedFault() { return faulted }
                let pairs = try await formPairs(req, upTo: 1 << 16)
                try await delay()
                guard let id = ctx.parameters.get("id").flatMap({ Int($0) }),
                      let changed = await state.changeFilter(id, pairs) else { return error(.notFound, "Record not found") }
                return try json(await state.wireFilter(changed))
            }
        }
        router.delete("/api/v2/filters/:id") { req, ctx in
            try await authorized(req) {
                if let faulted = try await injectedFault() { return faulted }
                try await delay()
                guard let id = ctx.parameters.get("id").flatMap({ Int($0) }), await state.deleteFilter(id) else {
                    return error(.notFound, "Record not found")
                }
                return try json([String: String]())
            }
        }
        router.post("/api/v2/filters/:id/keywords") { req, ctx in
            try await authorized(req) {
                if let faulted = try await injectedFault() { return faulted }
                let form = Dictionary(try await formPairs(req, upTo: 1 << 14), uniquingKeysWith: { $1 })
                try await delay()
                guard let id = ctx.parameters.get("id").flatMap({ Int($0) }), let word = form["keyword"], !word.isEmpty,
                      let added = await state.addFilterWord(id, word) else { return error(.notFound, "Record not found") }
                return try json(WireFilter.Keyword(id: "\(added)", keyword: word, wholeWord: false))
            }
        }
        router.delete("/api/v2/filters/keywords/:id") { req, ctx in
            try await authorized(req) {
                if let faulted = try await injectedFault() { return faulted }
                try await delay()
                guard let id = ctx.parameters.get("id").flatMap({ Int($0) }), await state.removeFilterWord(id) else {
                    return error(.notFound, "Record not found")
                }
                return try json([String: String]())
            }
        }
    }
}

extension DemoState {
    func noteWrite(_ line: String) { writeLog.append(line) }

    /// Title, action, contexts and expiry, as given; nil when there is no such filter.
    func changeFilter(_ id: Int, _ pairs: [(String, String)]) -> DemoFilter? {
        guard let i = filters.firstIndex(where: { $0.id == id }) else { return nil }
        let form = Dictionary(pairs, uniquingKeysWith: { $1 })
        if let title = form["title"], !title.isEmpty { filters[i].title = title }
        if let action = form["filter_action"], ["warn", "hide", "blur"].contains(action) { filters[i].action = action }
        let contexts = pairs.filter { $0.0 == "context[]" }.map(\.1)
        if !contexts.isEmpty { filters[i].contexts = contexts }
        if let expires = form["expires_in"] {
            filters[i].expiresAt = Double(expires).map { Date().addingTimeInterval($0) }
        }
        writeLog.append("filter changed \(id)")
        return filters[i]
    }

    func deleteFilter(_ id: Int) -> Bool {
        guard filters.contains(where: { $0.id == id }) else { return false }
        filters.removeAll { $0.id == id }
        writeLog.append("filter deleted \(id)")
        return true
    }

    func addFilterWord(_ id: Int, _ word: String) -> Int? {
        guard let i = filters.firstIndex(where: { $0.id == id }) else { return nil }
        nextFilterID += 1
        filters[i].keywords.append((nextFilterID, word))
        writeLog.append("filter \(id) + \(word)")
        return nextFilterID
    }

    func removeFilterWord(_ wordID: Int) -> Bool {
        guard let i = filters.firstIndex(where: { $0.keywords.contains { $0.id == wordID } }) else { return false }
        filters[i].keywords.removeAll { $0.id == wordID }
        writeLog.append("filter word deleted \(wordID)")
        return true
    }
}
