import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TernDemo
import XCTest

/// `tern login` against the demo server, the way a person does it, then browsing with the stored account.
final class LoginEndToEndTests: XCTestCase {
    func testLoginThenBrowse() async throws {
        let ternBinary = try TmuxSession.ternBinary()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-login-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let env = "XDG_CONFIG_HOME=\(home.path)/config XDG_CACHE_HOME=\(home.path)/cache XDG_DATA_HOME=\(home.path)/data"

        let (server, address) = try TmuxSession.demoServer(ternBinary.path, flags: "--require-login")
        defer { server.close() }

        let login = try TmuxSession(command: "env \(env) \(ternBinary.path) login \(address); echo EXIT=$?; sleep 30", columns: 250, rows: 20)

        defer { login.close() }
        let prompt = login.wait { $0.contains("Code:") }
        XCTAssertTrue(prompt.ok, prompt.screen)
        let authorize = try XCTUnwrap(prompt.screen.range(of: #"http://\S+/oauth/authorize\S+"#, options: .regularExpression)
            .map { String(prompt.screen[$0]) })
        // The user opens the page and copies the code it shows.
        let (page, _) = try await URLSession.shared.data(from: try XCTUnwrap(URL(string: authorize)))
        let html = String(decoding: page, as: UTF8.self)
        let code = try XCTUnwrap(html.range(of: "value=\"").map { String(html[$0.upperBound...].prefix { $0 != "\"" }) })
        // Pasted short first: asked again, not ended with the server's invalid_grant.
        try login.send(String(code.dropLast(3)), "Enter")
        let again = login.wait { $0.contains("did not take that code") }
        XCTAssertTrue(again.ok && !again.screen.contains("EXIT=") && !again.screen.contains("invalid_grant"), again.screen)
        try login.send(code, "Enter")
        let done = login.wait { $0.contains("EXIT=") }
        XCTAssertTrue(done.screen.contains("Logged in as you@127.0.0.1"), done.screen)
        XCTAssertTrue(done.screen.contains("EXIT=0"), done.screen)

        // Plain `tern` now browses the stored default account.
        let browse = try TmuxSession(command: "env \(env) \(ternBinary.path); echo EXIT=$?; sleep 30")
        defer { browse.close() }
        let shown = browse.wait { $0.contains("Sol Novak @user32") }
        XCTAssertTrue(shown.ok, shown.screen)
        XCTAssertTrue(shown.screen.contains("you@127.0.0.1"), "the title names the account")
        try browse.send("q")
        let quit = browse.wait { $0.contains("EXIT=") }
        XCTAssertTrue(quit.screen.contains("EXIT=0"), quit.screen)
    }

    /// A server on this machine given without `http://`: https is tried, and the message says so and what
    /// to type instead, not only "network error".
    func testALoopbackServerWithoutASchemeIsToldToUseHTTP() throws {
        let ternBinary = try TmuxSession.ternBinary()
        let home = TernHome()
        defer { home.remove() }
        let (server, address) = try TmuxSession.demoServer(ternBinary.path)
        defer { server.close() }
        let bare = address.replacingOccurrences(of: "http://", with: "")
        let login = try TmuxSession(command: "env \(home.env) \(ternBinary.path) login \(bare); echo EXIT=$?; sleep 30", columns: 250, rows: 20)
        defer { login.close() }
        let done = login.wait(timeout: 40) { $0.contains("EXIT=") }
        XCTAssertTrue(done.ok && !done.screen.contains("EXIT=0"), done.screen)
        XCTAssertTrue(done.screen.contains("no scheme was given, so https was tried"), done.screen)
        XCTAssertTrue(done.screen.contains("tern login http://\(bare)"), done.screen)
    }

    /// A token the server would not revoke at logout: the account is forgotten, and the user is told why the
    /// token may still work, in the server's words.
    func testLogoutSaysWhyTheServerDidNotRevokeTheToken() async throws {
        let ternBinary = try TmuxSession.ternBinary()
        let server = try await DemoServer.start(DemoConfig())
        let home = TernHome()
        defer { home.remove() }
        // An app registration the server does not know: it refuses the revocation (403 unauthorized_client).
        try home.addAccount("ada@one.example", server: server.baseURL, app: (id: "unknown-app", secret: "wrong"))
        let (status, out) = try home.run(ternBinary, ["logout", "ada@one.example"], errors: true)
        await server.stop()
        XCTAssertEqual(status, 0, out)
        XCTAssertTrue(out.contains("Forgot ada@one.example; the server did not confirm revoking its token ("), out)
        XCTAssertTrue(out.contains("unauthorized_client"), "the server's reason: \(out)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.accounts.appendingPathComponent("ada@one.example.json").path))
    }
}
