import Foundation
import Hummingbird

/// One of the demo user's lists.
struct DemoList: Sendable {
    var id: String
    var title: String
    var repliesPolicy: String
    var exclusive: Bool
    var members: Set<Int>
}

/// A list as Mastodon writes it.
struct WireList: Encodable {
    var id: String
    var title: String
    var repliesPolicy: String
    var exclusive: Bool
}

/// Lists on the demo instance, as Mastodon has them: made, renamed, their replies policy and exclusive flag
/// set, deleted; accounts put in and taken out; the lists an account is in. Writes take the injected faults.
extension DemoRoutes {
    func registerLists(on router: Router<BasicRequestContext>) {
        router.get("/api/v1/lists") { req, _ in
            try await authorized(req) {
                try await delay()
                return try json(await state.lists.map(Self.wire))
            }
        }
        router.post("/api/v1/lists") { req, _ in
            try await authorized(req) {
                // Made, then its answer lost (`madeThenStalled`): a client that makes it again has two lists.
                let fault = await state.nextFault()
                if let fault, fault != .madeThenStalled { try await delay(); return respond(to: fault) }
                let form = Dictionary(try await formPairs(req, upTo: 1 << 14), uniquingKeysWith: { $1 })
                try await delay()
                guard let title = form["title"]?.trimmingCharacters(in: .whitespaces), !title.isEmpty else {
                    return error(.init(code: 422), "Validation failed: Title can't be blank")
                }
                let list = await state.makeList(title: title, form: form)
                if fault == .madeThenStalled { return respond(to: .stalledBody) }
                return try json(Self.wire(list))
            }
        }
        router.put("/api/v1/lists/:id") { req, ctx in
            try await authorized(req) {
                if let faulted = try await injectedFault() { return faulted }
                let form = Dictionary(try await formPairs(req, upTo: 1 << 14), uniquingKeysWith: { $1 })
                try await delay()
                guard let list = await state.changeList(ctx.parameters.get("id") ?? "", form: form) else { return error(.notFound, "Record not found") }
                return try json(Self.wire(list))
            }
        }
        router.delete("/api/v1/lists/:id") { req, ctx in
            try await authorized(req) {
                if let faulted = try await injectedFault() { return faulted }
                try await delay()
                guard await state.deleteList(ctx.parameters.get("id") ?? "") else { return error(.notFound, "Record not found") }
                return try json([String: String]())
            }
        }
        router.get("/api/v1/lists/:id/accounts") { req, ctx in
            try await authorized(req) {
                try await delay()
                guard let list = await state.lists.first(where: { $0.id == ctx.parameters.get("id") }) else { return error(.notFound, "Record not found") }
                let b = await base.value
                var out: [WireAccount] = []
                for m in list.members.sorted() { out.append(await state.wireAccount(m, base: b)) }
                return try json(out)
            }
        }
        for method in [HTTPRequest.Method.post, .delete] {
            router.on("/api/v1/lists/:id/accounts", method: method) { req, ctx in
                try await authorized(req) {
                    if let faulted = try await injectedFault() { return faulted }
                    // As Mastodon: `account_ids[]` in the body, or (a DELETE's) in the query.
                    let query = req.uri.queryParameters.map { (String($0.key).removingPercentEncoding ?? String($0.key), String($0.value)) }
                    let pairs = try await formPairs(req, upTo: 1 << 14) + query
                    var members: [Int] = []
                    for (key, value) in pairs where key == "account_ids[]" {
                        if let index = await state.authorIndex(id: value) { members.append(index) }
                    }
                    try await delay()
                    guard await state.changeMembers(ctx.parameters.get("id") ?? "", members, add: method == .post) else {
                        return error(.notFound, "Record not found")
                    }
                    return try json([String: String]())
                }
            }
        }
        router.get("/api/v1/accounts/:id/lists") { req, ctx in
            try await authorized(req) {
                try await delay()
                guard let index = await state.authorIndex(id: ctx.parameters.get("id") ?? "") else { return error(.notFound, "Record not found") }
                return try json(await state.lists.filter { $0.members.contains(index) }.map(Self.wire))
            }
        }
    }

    static func wire(_ l: DemoList) -> WireList {
        WireList(id: l.id, title: l.title, repliesPolicy: l.repliesPolicy, exclusive: l.exclusive)
    }
}

extension DemoState {
    func makeList(title: String, form: [String: String]) -> DemoList {
        let list = DemoList(id: String(nextListID), title: title, repliesPolicy: form["replies_policy"] ?? "list",
                            exclusive: form["exclusive"] == "true", members: [])
        nextListID += 1
        lists.append(list)
        writeLog.append("list made \(list.id) \(title)")
        return list
    }

    func changeList(_ id: String, form: [String: String]) -> DemoList? {
        guard let i = lists.firstIndex(where: { $0.id == id }) else { return nil }
        if let title = form["title"], !title.isEmpty { lists[i].title = title }
        if let policy = form["replies_policy"], ["followed", "list", "none"].contains(policy) { lists[i].repliesPolicy = policy }
        if let exclusive = form["exclusive"] { lists[i].exclusive = exclusive == "true" }
        writeLog.append("list changed \(id)")
        return lists[i]
    }

    func deleteList(_ id: String) -> Bool {
        guard lists.contains(where: { $0.id == id }) else { return false }
        lists.removeAll { $0.id == id }
        writeLog.append("list deleted \(id)")
        return true
    }

    func changeMembers(_ id: String, _ members: [Int], add: Bool) -> Bool {
        guard let i = lists.firstIndex(where: { $0.id == id }) else { return false }
        if add { lists[i].members.formUnion(members) } else { lists[i].members.subtract(members) }
        writeLog.append("list \(id) \(add ? "+" : "-") \(members.map { world.accounts[$0].id })")
        return true
    }
}
