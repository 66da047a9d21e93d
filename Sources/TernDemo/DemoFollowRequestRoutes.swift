import Foundation
import Hummingbird

/// The demo user's follow requests (their account is locked): listed, accepted or rejected, with the
/// injected faults of every write.
extension DemoRoutes {
    func registerFollowRequests(on router: Router<BasicRequestContext>) {
        router.get("/api/v1/follow_requests") { req, _ in
            try await authorized(req) {
                try await delay()
                let b = await base.value
                var out: [WireAccount] = []
                // A demo with fewer accounts has fewer requests.
                for index in await state.followRequests where index < state.world.accounts.count {
                    out.append(await state.wireAccount(index, base: b))
                }
                return try json(out)
            }
        }
        router.post("/api/v1/follow_requests/:id/:answer") { req, ctx in
            try await authorized(req) {
                if let faulted = try await injectedFault() { return faulted }
                try await delay()
                let answer = ctx.parameters.get("answer") ?? ""
                guard answer == "authorize" || answer == "reject", let index = await state.authorIndex(id: ctx.parameters.get("id") ?? ""),
                      let relationship = await state.answerFollowRequest(index, accept: answer == "authorize") else {
                    return error(.notFound, "Record not found")
                }
                return try json(relationship)
            }
        }
    }
}

extension DemoState {
    /// Accepts or rejects a request; nil when the account asked nothing. Either, repeated, is the same.
    func answerFollowRequest(_ index: Int, accept: Bool) -> WireRelationship? {
        guard followRequests.contains(index) || acceptedFollowers.contains(index) else { return nil }
        followRequests.removeAll { $0 == index }
        if accept { acceptedFollowers.insert(index) }
        writeLog.append("\(accept ? "authorize" : "reject") \(world.accounts[index].id)")
        return relationship(index)
    }
}
