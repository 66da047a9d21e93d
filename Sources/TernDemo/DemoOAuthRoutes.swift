import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Mastodon's app registration and out-of-band OAuth flow, so `tern login` can be tried and tested for
/// real. The demo has no users to sign in: its authorize page approves at once and shows the code.
extension DemoRoutes {
    func registerOAuth(on router: Router<BasicRequestContext>) {
        router.post("/api/v1/apps") { _, _ in
            let app = await state.registerApp()
            return try json(["id": app.id, "name": "Tern", "redirect_uri": "urn:ietf:wg:oauth:2.0:oob",
                             "client_id": app.id, "client_secret": app.secret])
        }
        router.get("/oauth/authorize") { req, _ in
            let clientID = req.uri.queryParameters["client_id"].map(String.init) ?? ""
            guard let code = await state.issueCode(clientID: clientID) else {
                return error(.badRequest, "Client authentication failed due to unknown client")
            }
            let html = """
                <!DOCTYPE html><html><head><title>Authorization code</title></head><body>
                <h2>Authorization code</h2><p>Copy this authorization code and paste it into the application.</p>
                <input class="oauth-code" readonly type="text" value="\(code)"></body></html>
                """
            return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(string: html)))
        }
        router.post("/oauth/token") { req, ctx in
            let form = try await formBody(req, ctx)
            guard form["grant_type"] == "authorization_code",
                  let token = await state.exchange(code: form["code"] ?? "", clientID: form["client_id"] ?? "",
                                                   secret: form["client_secret"] ?? "") else {
                return try json(["error": "invalid_grant",
                                 "error_description": "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client."],
                                status: .badRequest)
            }
            return try json(["access_token": token, "token_type": "Bearer", "scope": "read write"])
        }
        router.post("/oauth/revoke") { req, ctx in
            let form = try await formBody(req, ctx)
            guard await state.revoke(token: form["token"] ?? "", clientID: form["client_id"] ?? "",
                                     secret: form["client_secret"] ?? "") else {
                return try json(["error": "unauthorized_client"], status: .forbidden)
            }
            return try json([String: String]())
        }
    }

    /// A form-encoded or JSON body as a flat dictionary of strings.
    func formBody(_ req: Request, _ ctx: BasicRequestContext) async throws -> [String: String] {
        Dictionary(try await formPairs(req, upTo: 64 << 10), uniquingKeysWith: { _, last in last })
    }

    /// A form-encoded or JSON body as its pairs in order; repeated keys (`media_ids[]`) stay repeated, and
    /// a JSON list becomes one `key[]` pair per element.
    func formPairs(_ req: Request, upTo limit: Int) async throws -> [(String, String)] {
        var request = req
        let text = String(buffer: try await request.collectBody(upTo: limit))
        return Self.pairs(of: text, contentType: req.headers[.contentType] ?? "") ?? []
    }

    /// The pairs of a form-encoded or JSON body (JSON keys in order); nil for JSON that is not an object.
    static func pairs(of text: String, contentType: String) -> [(String, String)]? {
        if contentType.contains("json") {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else { return nil }
            return object.keys.sorted().flatMap { k -> [(String, String)] in
                if let list = object[k] as? [Any] { return list.map { ("\(k)[]", "\($0)") } }
                return [(k, "\(object[k]!)")]
            }
        }
        return text.split(separator: "&").compactMap { pair in
            let kv = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            return kv.first.map { ($0, kv.count > 1 ? kv[1] : "") }
        }
    }

    func json(_ value: [String: String], status: HTTPResponse.Status) throws -> Response {
        var r = try json(value)
        r.status = status
        return r
    }
}
