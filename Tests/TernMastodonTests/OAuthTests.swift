import AsyncHTTPClient
import Foundation
import TernDemo
import TernHTTP
import TernMastodon
import TernTestSupport
import XCTest

/// The out-of-band login flow against the demo server, which rejects tokens it did not issue.
final class OAuthTests: XCTestCase {
    func testServerAddressesNeedHTTPSExceptOnThisMachine() throws {
        XCTAssertEqual(try OAuth.serverURL("mastodon.social").absoluteString, "https://mastodon.social")
        XCTAssertEqual(try OAuth.serverURL("https://example.social/@ann?x=1").absoluteString, "https://example.social")
        XCTAssertEqual(try OAuth.serverURL("http://127.0.0.1:8080").absoluteString, "http://127.0.0.1:8080")
        XCTAssertThrowsError(try OAuth.serverURL("http://example.social"))
        XCTAssertThrowsError(try OAuth.serverURL("ftp://example.social"))
        XCTAssertThrowsError(try OAuth.serverURL(""))
    }

    func testLoginVerifyRevoke() async throws {
        var config = DemoConfig()
        config.acceptAnyToken = false
        let server = try await DemoServer.start(config)
        let http = httpClient()
        let base = URL(string: server.baseURL)!
        do {
            // Without a token: 401 with the server's message.
            do {
                _ = try await MastodonClient(baseURL: base, token: "made-up", http: http).verifyCredentials()
                XCTFail("a made-up token was accepted")
            } catch let error as MastodonError {
                XCTAssertEqual(error, .unauthorized(message: "The access token is invalid"))
                XCTAssertTrue(error.description.contains("tern login"))
            }
            let app = try await OAuth.registerApp(server: base, http: http)
            let page = try await http.execute(HTTPClientRequest(url: OAuth.authorizeURL(server: base, app: app).absoluteString),
                                              timeout: .seconds(10))
            let html = String(buffer: try await page.body.collect(upTo: 1 << 16))
            let code = try XCTUnwrap(html.range(of: "value=\"").map { String(html[$0.upperBound...].prefix { $0 != "\"" }) })
            // A wrong code is refused with the server's words.
            do {
                _ = try await OAuth.exchange(code: "wrong", server: base, app: app, http: http)
                XCTFail("a wrong code was accepted")
            } catch let error as MastodonError {
                guard case .http(400, let message?) = error else { return XCTFail("\(error)") }
                XCTAssertTrue(message.contains("invalid_grant"))
            }
            let token = try await OAuth.exchange(code: code, server: base, app: app, http: http)
            let me = try await MastodonClient(baseURL: base, token: token, http: http).verifyCredentials()
            XCTAssertEqual(me.acct, "you")
            try await OAuth.revoke(token: token, server: base, app: app, http: http)
            do {
                _ = try await MastodonClient(baseURL: base, token: token, http: http).verifyCredentials()
                XCTFail("a revoked token still worked")
            } catch MastodonError.unauthorized {}
        } catch {
            try await http.shutdown(); await server.stop(); throw error
        }
        try await http.shutdown()
        await server.stop()
    }
}
