import ArgumentParser
import Foundation
import TernMastodon
import TernModel
import TernStore

/// Browses a real server with a token the user already has (login arrives with its own command).
struct Browse: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Browse a server's timeline (the default command).")

    @Option(help: "A stored account (see `tern accounts`); default: the default account.")
    var account: String?

    @Option(help: "A server to browse with --token-file instead of a stored account.")
    var server: String?

    @Option(help: "A file holding an access token (e.g. made in the server's web settings).")
    var tokenFile: String?

    @Option(help: "home, local, federated, bookmarks or favourites.")
    var timeline = "home"

    @OptionGroup var view: ViewOptions

    func run() throws {
        guard let id = TimelineChoice(rawValue: timeline)?.id else {
            throw ValidationError("unknown timeline '\(timeline)': use home, local, federated, bookmarks or favourites")
        }
        guard let server else {
            let store = AccountStore(directory: TernPaths().config.appendingPathComponent("accounts"))
            guard let name = account ?? store.defaultName else {
                throw UserError("""
                    No account yet. Log in with:  tern login example.social
                    or try the built-in demo instance:  tern demo
                    """)
            }
            let stored: StoredAccount
            do { stored = try store.load(name) } catch { throw UserError("\(error)") }
            try Session.run(baseURL: stored.server, token: stored.token, timeline: id, title: stored.name, view: view)
            return
        }
        let url: URL
        do { url = try OAuth.serverURL(server) } catch { throw ValidationError("\(error)") }
        let token = try tokenFile.map(TokenFile.read)
        try Session.run(baseURL: url, token: token, timeline: id, title: url.host ?? server, view: view)
    }
}

enum TimelineChoice: String {
    case home, local, federated, bookmarks, favourites

    var id: TimelineID {
        switch self {
        case .home: return .home
        case .local: return .local
        case .federated: return .federated
        case .bookmarks: return .bookmarks
        case .favourites: return .favourites
        }
    }
}
