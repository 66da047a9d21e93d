import Foundation
import Hummingbird

/// Polls on the demo instance: looking at one, and voting (`choices[]` as a form or JSON), with the
/// injected faults of every write (`madeThenFailed` too).
extension DemoRoutes {
    func registerPolls(on router: Router<BasicRequestContext>) {
        router.get("/api/v1/polls/:id") { req, ctx in
            try await authorized(req) {
                try await delay()
                guard let poll = await state.poll(id: ctx.parameters.get("id") ?? "") else { return error(.notFound, "Record not found") }
                return try json(poll)
            }
        }
        router.post("/api/v1/polls/:id/votes") { req, ctx in
            try await authorized(req) {
                // Made, then answered with a 5xx, as a like can be: the vote is in though the answer says not.
                let fault = await state.nextFault()
                let madeThenFailed = if case .madeThenFailed? = fault { true } else { false }
                if let fault, !madeThenFailed { try await delay(); return respond(to: fault) }
                let choices = try await formPairs(req, upTo: 1 << 16).filter { $0.0 == "choices[]" }.compactMap { Int($0.1) }
                try await delay()
                let outcome = await state.vote(pollID: ctx.parameters.get("id") ?? "", choices: choices)
                if let fault { return respond(to: fault) }
                switch outcome {
                case .ok(let poll): return try json(poll)
                case .notFound: return error(.notFound, "Record not found")
                case .refused(let why): return error(.init(code: 422), why)
                case .fail(let kind): return try await failure(kind)
                }
            }
        }
    }
}
