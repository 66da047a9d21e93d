import ArgumentParser
import AsyncHTTPClient
import Foundation
import TernHTTP
import TernMastodon
import TernModel
import TernStore
import TernTerminal
import TernUI

/// `tern login DOMAIN`: registers Tern on the server, has the user approve it, stores the token.
struct Login: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Log in to a server (out-of-band OAuth), or store a token you already have.")

    @Argument(help: "The server, e.g. mastodon.social or https://example.social (http:// only for this machine).")
    var server: String

    @Option(help: "A file holding an access token made in the server's settings; skips the browser step.")
    var tokenFile: String?

    func run() throws {
        let url: URL
        do { url = try OAuth.serverURL(server) } catch { throw UserError("\(error)") }
        let store = AccountStore(directory: TernPaths().config.appendingPathComponent("accounts"))
        let given = try tokenFile.map(TokenFile.read)
        let saved = try blocking {
            let http = HTTPFetch.makeClient()
            do {
                let account = try await Self.login(server: url, token: given, http: http)
                try await http.shutdown()
                return account
            } catch {
                await shutDown(http)
                throw Self.explained(error, given: server, url: url)
            }
        }
        try store.save(saved)
        let isDefault: Bool
        do { isDefault = try store.defaultName == saved.name } catch {
            FileHandle.standardError.write(Data("tern: \(error)\n".utf8))
            isDefault = false
        }
        say("Logged in as \(saved.name).\(isDefault ? " It is the default account." : " Use it with: tern --account \(saved.name)")")
    }

    /// A server that could not be reached, given without a scheme, was tried over https: that is said, and
    /// that a server on this machine (a test server, the demo) usually speaks http.
    static func explained(_ error: Error, given: String, url: URL) -> Error {
        guard !given.contains("://"), let m = error as? MastodonError else { return error }
        switch m {
        case .network, .notConnected, .timeout, .answerLost:
            let loopback = ["127.0.0.1", "localhost", "::1"].contains(url.host?.lowercased() ?? "")
            return UserError("\(m) at \(url.absoluteString) (no scheme was given, so https was tried)"
                             + (loopback ? ". A server on this machine usually speaks http: tern login http://\(given)" : ""))
        default: return error
        }
    }

    /// The token endpoint's answer to a wrong code (OAuth's `invalid_grant` is a 400; some servers say 401).
    static func refusesCode(_ error: MastodonError) -> Bool {
        switch error {
        case .unauthorized: return true
        case .http(let status, _): return (400..<500).contains(status)
        default: return false
        }
    }

    static func login(server: URL, token given: String?, http: HTTPClient) async throws -> StoredAccount {
        var app: AppRegistration?
        var token = given
        if token == nil {
            let registered = try await OAuth.registerApp(server: server, http: http)
            app = registered
            let authorize = OAuth.authorizeURL(server: server, app: registered)
            say("Open this page, approve Tern, and paste the code it shows:\n\n  \(authorize.absoluteString)\n")
            if case .opened = BrowserLauncher.open(authorize.absoluteString) { say("(opened in your browser)") }
            // A code mistyped or pasted short is asked for again: the page still shows it.
            for attempt in 1... {
                say("Code: ", terminator: "")
                guard let code = readLine(strippingNewline: true), !code.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw UserError("no code given; nothing was stored")
                }
                do {
                    token = try await OAuth.exchange(code: code, server: server, app: registered, http: http)
                    break
                } catch let error as MastodonError where attempt < 5 && Self.refusesCode(error) {
                    say("The server did not take that code. Copy it from the page again, all of it.")
                }
            }
        }
        let client = MastodonClient(baseURL: server, token: token, http: http)
        let me: Account
        do { me = try await client.verifyCredentials() }
        catch MastodonError.unauthorized(let message) {
            throw UserError("the server refused the token\(message.map { ": \($0)" } ?? ""); nothing was stored")
        }
        let host = server.host ?? "server"
        let port = server.port.map { ":\($0)" } ?? ""
        // The name is a file name and is shown: nothing in it may steer the terminal or the path.
        let user = Sanitizer.clean(String(me.acct.split(separator: "@").first ?? Substring(me.acct)))
            .replacingOccurrences(of: "/", with: "_").trimmingCharacters(in: .whitespaces)
        return StoredAccount(name: "\(user.isEmpty ? "account" : user)@\(host)\(port)",
                             server: server, token: token!, accountID: me.id,
                             clientID: app?.clientID, clientSecret: app?.clientSecret)
    }
}

/// `tern accounts`: the stored accounts, the default marked.
struct Accounts: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "accounts", abstract: "List stored accounts; --default NAME picks the default.")

    @Option(name: .customLong("default"), help: "Make this account the default.")
    var makeDefault: String?

    func run() throws {
        let store = AccountStore(directory: TernPaths().config.appendingPathComponent("accounts"))
        if let name = makeDefault {
            _ = try store.load(name)
            try store.setDefault(name)
        }
        let all = store.list()
        // A damaged file hides its account: said on standard error, so the list itself stays clean for scripts.
        for problem in store.problems() { FileHandle.standardError.write(Data("tern: account file \(problem)\n".utf8)) }
        if all.isEmpty { say("No accounts yet. Add one with: tern login example.social"); return }
        let marked: String?
        do { marked = try store.defaultName } catch { marked = nil }  // said above, among the problems
        for a in all { say("\(a.name == marked ? "*" : " ") \(a.name)  \(a.server.absoluteString)") }
    }
}

/// `tern logout NAME`: revokes the token where the server allows, and forgets the account.
struct Logout: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "logout", abstract: "Forget an account (and revoke its token).")

    @Argument(help: "The account, as `tern accounts` lists it.")
    var name: String

    func run() throws {
        let store = AccountStore(directory: TernPaths().config.appendingPathComponent("accounts"))
        let account = try store.load(name)
        var note = "its token could not be revoked (it was given by hand)"
        if let id = account.clientID, let secret = account.clientSecret {
            let http = HTTPFetch.makeClient()
            defer { waitFor { await shutDown(http) } }
            note = try blocking {
                await Self.revocation(of: account.token, server: account.server, app: AppRegistration(clientID: id, clientSecret: secret),
                                      http: http)
            }
        }
        try store.remove(name)
        say("Forgot \(name); \(note).")
    }
}

extension Logout {
    /// What became of the token, in words for the user: revoked, or why the server did not confirm it.
    static func revocation(of token: String, server: URL, app: AppRegistration, http: HTTPClient) async -> String {
        do {
            try await OAuth.revoke(token: token, server: server, app: app, http: http)
            return "its token was revoked"
        } catch {
            return "the server did not confirm revoking its token (\(error)); the server's settings list the apps that hold a token"
        }
    }
}

/// A token the user made in their server's settings, saved in a file.
enum TokenFile {
    static func read(_ path: String) throws -> String {
        let expanded = HomePath.expand(path)
        let text: String
        do { text = try String(contentsOfFile: expanded, encoding: .utf8) } catch {
            throw UserError("cannot read the token file \(path) (\(error.localizedDescription))")
        }
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else { throw UserError("the token file \(path) is empty") }
        return token
    }
}
