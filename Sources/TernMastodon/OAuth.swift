import AsyncHTTPClient
import Foundation
import NIOCore

/// Tern's registration as an app on one server.
package struct AppRegistration: Sendable, Equatable {
    package var clientID: String
    package var clientSecret: String

    package init(clientID: String, clientSecret: String) {
        self.clientID = clientID
        self.clientSecret = clientSecret
    }
}

/// The out-of-band OAuth flow Mastodon-API servers share: register an app, send the user to the authorize
/// page, take the code they paste, exchange it for a token; and revoke it at logout.
package enum OAuth {
    package static let redirectURI = "urn:ietf:wg:oauth:2.0:oob"
    package static let scopes = "read write"

    /// `https://` for any server, `http://` only for this machine: a token never crosses a network in clear.
    package static func serverURL(_ input: String) throws -> URL {
        let text = input.trimmingCharacters(in: .whitespaces)
        let withScheme = text.contains("://") ? text : "https://\(text)"
        guard var components = URLComponents(string: withScheme), let host = components.host, !host.isEmpty else {
            throw MastodonError.refusedURL("'\(input)', which is not a server address")
        }
        let loopback = ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased())
        guard components.scheme == "https" || (components.scheme == "http" && loopback) else {
            throw MastodonError.refusedURL("\(withScheme): only https:// is allowed (http:// only on this machine)")
        }
        components.path = ""
        components.query = nil
        components.fragment = nil
        return components.url!
    }

    package static func registerApp(server: URL, http: HTTPClient) async throws -> AppRegistration {
        let (data, _) = try await MastodonClient.send(
            url: server.appendingPathComponent("api/v1/apps"), method: .POST, token: nil,
            form: [("client_name", "Tern"), ("redirect_uris", redirectURI), ("scopes", scopes),
                   ("website", "https://tern.invalid")],
            http: http, timeout: .seconds(20))
        struct Wire: Decodable {
            var client_id: String?
            var client_secret: String?
        }
        let wire = try MastodonDecoder.decode(Wire.self, data)
        guard let id = wire.client_id, let secret = wire.client_secret else {
            throw MastodonError.invalidResponse("the app registration had no client id")
        }
        return AppRegistration(clientID: id, clientSecret: secret)
    }

    /// The page where the user approves Tern and is shown a code.
    package static func authorizeURL(server: URL, app: AppRegistration) -> URL {
        var c = URLComponents(url: server.appendingPathComponent("oauth/authorize"), resolvingAgainstBaseURL: false)!
        c.queryItems = [.init(name: "client_id", value: app.clientID), .init(name: "redirect_uri", value: redirectURI),
                        .init(name: "response_type", value: "code"), .init(name: "scope", value: scopes)]
        return c.url!
    }

    package static func exchange(code: String, server: URL, app: AppRegistration, http: HTTPClient) async throws -> String {
        let (data, _) = try await MastodonClient.send(
            url: server.appendingPathComponent("oauth/token"), method: .POST, token: nil,
            form: [("grant_type", "authorization_code"), ("code", code.trimmingCharacters(in: .whitespacesAndNewlines)),
                   ("client_id", app.clientID), ("client_secret", app.clientSecret), ("redirect_uri", redirectURI),
                   ("scope", scopes)],
            http: http, timeout: .seconds(20))
        struct Wire: Decodable { var access_token: String? }
        guard let token = try MastodonDecoder.decode(Wire.self, data).access_token, !token.isEmpty else {
            throw MastodonError.invalidResponse("the token response had no access token")
        }
        return token
    }

    /// Asks the server to forget a token (where it supports it).
    package static func revoke(token: String, server: URL, app: AppRegistration, http: HTTPClient) async throws {
        _ = try await MastodonClient.send(
            url: server.appendingPathComponent("oauth/revoke"), method: .POST, token: nil,
            form: [("client_id", app.clientID), ("client_secret", app.clientSecret), ("token", token)],
            http: http, timeout: .seconds(20))
    }
}

/// application/x-www-form-urlencoded bodies.
package enum FormEncoding {
    private static let unreserved = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    package static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { k, v in
            (k.addingPercentEncoding(withAllowedCharacters: unreserved) ?? k) + "="
                + (v.addingPercentEncoding(withAllowedCharacters: unreserved) ?? v)
        }.joined(separator: "&")
    }
}
