import ArgumentParser
import Foundation
import TernModel

/// Browses a real server with a token the user already has (login arrives with its own command).
struct Browse: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Browse a server's timeline (the default command).")

    @Option(help: "The server's address, e.g. https://mastodon.social.")
    var server: String?

    @Option(help: "A file holding an access token (e.g. made in the server's web settings).")
    var tokenFile: String?

    @Option(help: "home, local, federated, bookmarks or favourites.")
    var timeline = "home"

    @OptionGroup var view: ViewOptions

    func run() throws {
        guard let server else {
            throw ValidationError("""
                No server given. Try the built-in demo instance:  tern demo
                or browse your own server with a token:  tern --server https://example.social --token-file ~/token.txt
                """)
        }
        guard let url = URL(string: server.contains("://") ? server : "https://\(server)"), url.host != nil else {
            throw ValidationError("'\(server)' is not a server address")
        }
        let loopback = ["127.0.0.1", "localhost", "::1"].contains(url.host ?? "")
        guard url.scheme == "https" || (url.scheme == "http" && loopback) else {
            throw ValidationError("only https:// servers are allowed (http:// only on this machine)")
        }
        var token: String?
        if let tokenFile {
            do {
                token = try String(contentsOfFile: (tokenFile as NSString).expandingTildeInPath, encoding: .utf8)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            } catch {
                throw ValidationError("cannot read the token file \(tokenFile): \(error.localizedDescription)")
            }
        }
        guard let id = TimelineChoice(rawValue: timeline)?.id else {
            throw ValidationError("unknown timeline '\(timeline)': use home, local, federated, bookmarks or favourites")
        }
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
