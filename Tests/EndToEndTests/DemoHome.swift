import Foundation
import TernDemo
import XCTest

/// What a command's end-to-end test starts from: the real binary, a demo server (no new posts arriving
/// unless `quiet` is false) and a home of its own with one account on that server, stored as `tern login`
/// stores it. The caller removes the home and stops the server.
struct DemoHome {
    let tern: URL
    let server: DemoServer
    let home: TernHome

    static func start(_ name: String = "ada@one.example", accountID: String = "1", quiet: Bool = true) async throws -> DemoHome {
        let tern = try TmuxSession.ternBinary()
        var config = DemoConfig()
        if quiet { config.newPostInterval = nil }
        let server = try await DemoServer.start(config)
        let home = TernHome()
        try home.addAccount(name, server: server.baseURL, accountID: accountID)
        return DemoHome(tern: tern, server: server, home: home)
    }
}
