import ArgumentParser
import Foundation
import TernMastodon
import TernStore

/// Which server and token to use, and the name the store files its posts under.
struct Target: Sendable {
    var baseURL: URL
    var token: String?
    /// The store's account key: stable across runs, distinct per server and user.
    var storeKey: String
    var title: String
    /// The user's account id and handle, when known without asking (a stored login); else the session asks.
    var accountID: String? = nil
    var acct: String? = nil

    /// No fediverse account, only web feeds: a stand-in the session never asks (it runs offline), so the
    /// screens, keys and store work as they do with an account.
    static let feedsOnly = Target(baseURL: URL(string: "http://127.0.0.1:9")!, token: nil, storeKey: "feeds-only",
                                  title: "web feeds, no fediverse account")
}

/// How a command names an account: `--account`, `--server` with `--token-file`, or the default account.
struct AccountOptions: ParsableArguments {
    @Option(help: "A stored account (see `tern accounts`); default: the default account.")
    var account: String?

    @Option(help: "A server to use with --token-file instead of a stored account.")
    var server: String?

    @Option(help: "A file holding an access token (e.g. made in the server's web settings).")
    var tokenFile: String?

    var choice: AccountChoice { AccountChoice(account: account, server: server, tokenFile: tokenFile) }

    func target() throws -> Target { try choice.target() }
}

/// What `AccountOptions` named, as plain values; all nil for the default account.
struct AccountChoice: Equatable {
    var account: String?
    var server: String?
    var tokenFile: String?

    func target() throws -> Target {
        guard let server else {
            let store = AccountStore(directory: TernPaths().config.appendingPathComponent("accounts"))
            let chosen: String?
            do { chosen = try account ?? store.defaultName } catch { throw UserError("\(error)") }
            guard let name = chosen else {
                // A damaged account file is why there seems to be none: say so first.
                let damaged = store.problems().map { "An account file is damaged: \($0)\n" }.joined()
                throw UserError(damaged + """
                    No account and no web feeds yet. Start with either (or both):
                      tern login example.social                  a fediverse account (Mastodon, GoToSocial, Akkoma…)
                      tern feeds add https://example.org/feed    a web feed (RSS, Atom or JSON Feed), no account needed
                    or look around first in the built-in demo:  tern demo
                    """)
            }
            do { return try Self.target(store.load(name)) } catch { throw UserError("\(error)") }
        }
        let url: URL
        do { url = try OAuth.serverURL(server) } catch { throw ValidationError("\(error)") }
        let token = try tokenFile.map(TokenFile.read)
        let host = url.host.map { h in url.port.map { "\(h):\($0)" } ?? h } ?? server
        // Tokens of different users on one server keep apart, without the token itself in the file.
        return Target(baseURL: url, token: token, storeKey: "\(host)#\(token.map(Self.fingerprint) ?? "anonymous")",
                      title: url.host ?? server)
    }

    static func target(_ stored: StoredAccount) -> Target {
        Target(baseURL: stored.server, token: stored.token, storeKey: stored.name, title: stored.name,
               accountID: stored.accountID, acct: stored.name.split(separator: "@").first.map(String.init))
    }

    /// FNV-1a of the token: a partition key, not a secret.
    static func fingerprint(_ token: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in token.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }
}
