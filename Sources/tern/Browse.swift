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

    @Option(help: "What to open: home, local, federated, saved, liked, #tag or notifications.")
    var timeline = BrowseSettings.standard.timeline

    @Flag(help: "Read only from the cache: send nothing; likes and saves queue until a later online run.")
    var offline = false

    @OptionGroup var view: ViewOptions

    var settings: BrowseSettings {
        BrowseSettings(account: accountOptions.choice, timeline: timeline, offline: offline, view: view.settings)
    }

    func run() throws { try Self.run(settings, glance: nil, startup: StartupTimeline()) }

    /// `glance`: the first screenful read while the arguments were parsed; used when it is of this timeline.
    static func run(_ settings: BrowseSettings, glance: Task<Result<Glance?, Error>, Never>?, startup: StartupTimeline) throws {
        guard let choice = TimelineChoice(settings.timeline) else {
            throw ValidationError("unknown timeline '\(settings.timeline)': use \(TimelineChoice.accepted)")
        }
        let target = try settings.account.target()
        var startup = startup
        startup.mark("account")
        try Session.run(target: target, timeline: choice.id, view: settings.view, offline: settings.offline, glance: glance,
                        openNotifications: choice.notifications, startup: startup)
    }

    /// Whether these arguments can be a `browse` (the default command): no other command named, no help or
    /// version asked for. Decides only whether reading ahead is worth it; the parser decides the rest.
    static func mayBrowse(_ arguments: ArraySlice<String>) -> Bool {
        if arguments.isEmpty { return true }
        let others = Set(Tern.configuration.subcommands.map { $0._commandName }).subtracting([configuration.commandName ?? ""])
        if let first = arguments.first, others.contains(first) || first == "help" { return false }
        return !arguments.contains { ["-h", "--help", "--version", "--generate-completion-script"].contains($0) }
    }

    /// The default account's home timeline, as `tern` alone would open it; nil without an account or a store.
    static func glanceAtDefaultHome() -> Result<Glance?, Error> {
        let paths = TernPaths()
        guard let name = AccountStore(directory: paths.config.appendingPathComponent("accounts")).defaultName else { return .success(nil) }
        return Result { try Glance.read(store: paths.store, key: TimelineKey(account: name, timeline: TimelineID.home.storageKey)) }
    }
}

/// What `--timeline` names: what the `t` picker offers, by the picker's words or the API's. A list is
/// chosen in the picker (its id is the server's).
struct TimelineChoice: Equatable {
    var id: TimelineID
    /// Open the notifications over the timeline (they are no timeline of their own).
    var notifications = false

    static let accepted = "home, local, federated, saved (bookmarks), liked (favourites), #tag or notifications"

    init?(_ name: String) {
        let n = name.trimmingCharacters(in: .whitespaces)
        switch n.lowercased() {
        case "home": id = .home
        case "local": id = .local
        case "federated", "public": id = .federated
        case "bookmarks", "saved": id = .bookmarks
        case "favourites", "favorites", "liked": id = .favourites
        case "notifications", "mentions": (id, notifications) = (.home, true)
        default:
            let tag = n.hasPrefix("#") ? n.dropFirst() : n.lowercased().hasPrefix("tag:") ? n.dropFirst(4) : ""
            guard !tag.isEmpty, tag.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
            id = .hashtag(String(tag))
        }
    }
}
