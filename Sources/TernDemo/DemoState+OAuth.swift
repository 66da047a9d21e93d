import Foundation

/// The demo's OAuth: apps registered, codes issued on the approval page, tokens exchanged and revoked.
extension DemoState {
    func registerApp() -> (id: String, secret: String) {
        let id = "demo-client-\(apps.count + 1)", secret = "secret-\(UUID().uuidString)"
        apps[id] = secret
        return (id, secret)
    }

    func issueCode(clientID: String) -> String? {
        guard apps[clientID] != nil else { return nil }
        let code = "code-\(UUID().uuidString.prefix(8))"
        codes[code] = clientID
        return code
    }

    func exchange(code: String, clientID: String, secret: String) -> String? {
        guard codes[code] == clientID, apps[clientID] == secret else { return nil }
        codes[code] = nil
        let token = "token-\(UUID().uuidString)"
        tokens.insert(token)
        return token
    }

    func revoke(token: String, clientID: String, secret: String) -> Bool {
        guard apps[clientID] == secret else { return false }
        tokens.remove(token)
        return true
    }

    func isValid(token: String?) -> Bool { token.map { tokens.contains($0) } ?? false }
}
