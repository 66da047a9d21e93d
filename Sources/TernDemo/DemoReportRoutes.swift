import Foundation
import Hummingbird

/// The server's rules and reports to its moderators, with the knobs of every write (faults, the fail
/// rate, latency). What was reported is in `/demo/write-log`, as every write is.
extension DemoRoutes {
    static let rules = ["Be kind: no harassment or hate speech.", "Mark sensitive pictures and spoilers.",
                        "No spam or unsolicited advertising.", "Nothing illegal where the server is."]

    func registerReports(on router: Router<BasicRequestContext>) {
        router.get("/api/v1/instance/rules") { req, _ in
            try await authorized(req) {
                try await delay()
                return try json(Self.rules.enumerated().map { WireRule(id: "\($0 + 1)", text: $1) })
            }
        }
        router.post("/api/v1/reports") { req, _ in
            try await authorized(req) {
                if let faulted = try await injectedFault() { return faulted }
                if let kind = await state.failsNow() { try await delay(); return try await failure(kind) }
                try await delay()
                let n = await state.noteReport()
                return try json(WireReport(id: "\(n)", actionTaken: false, createdAt: DemoState.iso8601(Date())))
            }
        }
    }
}

struct WireRule: Encodable {
    var id: String
    var text: String
}

struct WireReport: Encodable {
    var id: String
    var actionTaken: Bool
    var createdAt: String
}

extension DemoState {
    /// Reports received so far, numbered.
    func noteReport() -> Int {
        reports += 1
        return reports
    }
}
