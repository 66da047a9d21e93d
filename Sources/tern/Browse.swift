import ArgumentParser
import Foundation
import TernModel
import TernStore

/// Browses a server's timeline, starting from the cache.
struct Browse: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse a server's timeline (the default command).")

    @OptionGroup var accountOptions: AccountOptions

    @Option(help: "home, local, federated, bookmarks or favourites.")
    var timeline = "home"

    @Flag(help: "Read only from the cache: send nothing; likes and saves queue until a later online run.")
    var offline = false

    @OptionGroup var view: ViewOptions

    func run() throws {
        guard let id = TimelineChoice(rawValue: timeline)?.id else {
            throw ValidationError("unknown timeline '\(timeline)': use home, local, federated, bookmarks or favourites")
        }
        try Session.run(target: try accountOptions.target(), timeline: id, view: view, offline: offline)
    }
}

enum TimelineChoice: String, CaseIterable {
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
