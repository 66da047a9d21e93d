import ArgumentParser
import Foundation
import Logging
import TernHTTP
import TernMastodon
import TernModel
import TernTerminal
import TernStore

/// Browses a server's timeline, starting from the cache.
struct Browse: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse a server's timeline (the default command).")

    @OptionGroup var accountOptions: AccountOptions

    @Option(help: "What to open: home, local, federated, saved, liked, #tag, list:TITLE, notifications, dms or feeds.")
    var timeline = BrowseSettings.standard.timeline

    @Flag(help: "Read only from the cache: send nothing; likes and saves queue until a later online run.")
    var offline = false

    @Flag(help: "Print the newest posts as plain text and end (also when the output is no terminal, or TERM=dumb).")
    var plain = false

    @OptionGroup var view: ViewOptions

    var settings: BrowseSettings {
        BrowseSettings(account: accountOptions.choice, timeline: timeline, offline: offline, plain: plain, view: view.settings)
    }

    func run() throws { try Self.run(settings, glance: nil, startup: StartupTimeline()) }

    /// `glance`: the first screenful read while the arguments were parsed; used when it is of this timeline.
    static func run(_ settings: BrowseSettings, glance: Task<Result<Glance?, Error>, Never>?, startup: StartupTimeline) throws {
        guard var named = TimelineChoice(settings.timeline) else {
            throw ValidationError("unknown timeline '\(settings.timeline)': use \(TimelineChoice.accepted)")
        }
        let target: Target
        var feedsOnly = false
        do { target = try settings.account.target() } catch {
            // No account, but web feeds: Tern reads those.
            guard settings.account == AccountChoice(), Self.followsWebFeeds() else { throw error }
            (target, feedsOnly) = (.feedsOnly, true)
            named = TimelineChoice(id: .allWebFeeds, notifications: false, listTitle: nil)
        }
        if named.listTitle != nil, settings.offline { throw ValidationError("a list is found on the server: not with --offline") }
        let choice = try named.resolved(target)
        if settings.plainOutputHere {
            guard !choice.notifications else { throw ValidationError("plain output shows timelines: not notifications") }
            try sayConfigNotices()
            return try PlainTimeline.print(target: target, timeline: choice.id, offline: settings.offline, logLevel: settings.view.logLevel)
        }
        var startup = startup
        startup.mark("account")
        try Session.run(target: target, timeline: choice.id, view: settings.view, offline: settings.offline, feedsOnly: feedsOnly, glance: glance,
                        openNotifications: choice.notifications, startup: startup)
    }

    /// Plain output reads the config as the screen does: a broken one stops it, naming the line, and what
    /// the screen would show in turn goes to standard error, beside the posts on standard output.
    static func sayConfigNotices() throws {
        for notice in try Config.loadWithKeys(TernPaths()).0.notices {
            FileHandle.standardError.write(Data(PlainText.clean(notice + "\n").utf8))
        }
    }

    /// Whether the store lists any web feed (read only when no account is stored). A store that can't be
    /// read follows none here: the error about the missing account is the one to show, and the failure is logged.
    static func followsWebFeeds() -> Bool {
        do { return try FeedsData.followsAny(store: TernPaths().store) } catch {
            Logger(label: "tern.feeds").error("couldn't read whether the store follows web feeds", metadata: ["error": "\(error)"])
            return false
        }
    }

    /// Whether these arguments can be a `browse` (the default command): no other command named, no help or
    /// version asked for. Decides only whether reading ahead is worth it; the parser decides the rest.
    static func mayBrowse(_ arguments: ArraySlice<String>) -> Bool {
        if arguments.isEmpty { return true }
        let others = Set(Tern.configuration.subcommands.map { $0._commandName }).subtracting([configuration.commandName ?? ""])
        if let first = arguments.first, others.contains(first) || first == "help" { return false }
        return !arguments.contains { ["-h", "--help", "--version", "--generate-completion-script"].contains($0) }
    }

    /// The default command's flags that take no value, and what each sets. Arguments made of these alone
    /// (`tern --offline`, each once) are known without the parser: even `browse`'s own reflection over its
    /// options (`parsedAlone`) was 25–47 ms of a loaded machine's start (the log's "arguments" step), against
    /// 0.3 ms for `tern` alone. `BrowseSettingsTests` holds each to what the parser makes of it.
    static let flagsWithoutValues: [String: @Sendable (inout BrowseSettings) -> Void] = [
        "--offline": { $0.offline = true },
        "--plain": { $0.plain = true },
        "--no-stream": { $0.view.noStream = true },
        "--low-data": { $0.view.lowData = true },
    ]

    /// The settings of arguments that are only `flagsWithoutValues`, each once; nil for anything else (the
    /// parser's to read, and to word the error of).
    static func flagsAlone(_ arguments: ArraySlice<String>) -> BrowseSettings? {
        guard !arguments.isEmpty, Set(arguments).count == arguments.count else { return nil }
        var settings = BrowseSettings.standard
        for argument in arguments {
            guard let set = flagsWithoutValues[argument] else { return nil }
            set(&settings)
        }
        return settings
    }

    /// Options of the default command alone (`tern --offline`), parsed by `browse` alone: it reflects over its
    /// own options, not every command's: 13 M instructions fewer of a start that took 157 M (callgrind). Nil
    /// where the whole parser must answer (another command, help, or anything `browse` refuses: its error
    /// is the whole parser's to word).
    static func parsedAlone(_ arguments: ArraySlice<String>) -> Browse? {
        guard !arguments.isEmpty, mayBrowse(arguments) else { return nil }
        return try? parse(Array(arguments))
    }

    /// The default account's home timeline, as `tern` alone would open it; nil without an account or a store.
    static func glanceAtDefaultHome() -> Result<Glance?, Error> {
        let paths = TernPaths()
        return Result {
            guard let name = try AccountStore(directory: paths.config.appendingPathComponent("accounts")).defaultName else { return nil }
            return try Glance.read(store: paths.store, key: TimelineKey(account: name, timeline: TimelineID.home.storageKey))
        }
    }
}

/// What `--timeline` names: what the `t` picker offers, by the picker's words or the API's. A list is
/// chosen in the picker (its id is the server's).
struct TimelineChoice: Equatable {
    var id: TimelineID
    /// Open the notifications over the timeline (they are no timeline of their own).
    var notifications = false
    /// A list named by its title, whose id the server gives (`list:Friends`).
    var listTitle: String?

    static let accepted = "home, local, federated, saved (bookmarks), liked (favourites), #tag, list:TITLE, notifications, dms (direct messages) or feeds"

    /// The list's id from the server, by its title (any case); a clear error where there is none.
    func resolved(_ target: Target) throws -> TimelineChoice {
        guard let title = listTitle else { return self }
        let http = HTTPFetch.makeClient()
        defer { waitFor { await shutDown(http) } }
        let client = MastodonClient(baseURL: target.baseURL, token: target.token ?? "", http: http)
        let lists: [TimelineID]
        do { lists = try blocking { try await client.lists() } } catch {
            throw ValidationError("couldn't ask the server for your lists (list:\(title)): \(error)")
        }
        let titles = lists.compactMap { if case .list(_, let t) = $0 { return t } else { return nil } }
        guard let list = lists.first(where: { if case .list(_, let t) = $0 { return t.caseInsensitiveCompare(title) == .orderedSame } else { return false } })
        else { throw ValidationError("no list called \"\(title)\"; yours: \(titles.isEmpty ? "none" : titles.joined(separator: ", "))") }
        return TimelineChoice(id: list, notifications: false, listTitle: nil)
    }

    init(id: TimelineID, notifications: Bool, listTitle: String?) {
        (self.id, self.notifications, self.listTitle) = (id, notifications, listTitle)
    }

    init?(_ name: String) {
        let n = name.trimmingCharacters(in: .whitespaces)
        if n.lowercased().hasPrefix("list:") {
            let title = n.dropFirst(5).trimmingCharacters(in: .whitespaces)
            guard !title.isEmpty else { return nil }
            (id, listTitle) = (.home, title)
            return
        }
        switch n.lowercased() {
        case "home": id = .home
        case "local": id = .local
        case "federated", "public": id = .federated
        case "bookmarks", "saved": id = .bookmarks
        case "favourites", "favorites", "liked": id = .favourites
        case "notifications", "mentions": (id, notifications) = (.home, true)
        case "feeds", "rss": id = .allWebFeeds
        case "dms", "direct", "conversations": id = .conversations
        default:
            let tag = n.hasPrefix("#") ? n.dropFirst() : n.lowercased().hasPrefix("tag:") ? n.dropFirst(4) : ""
            guard !tag.isEmpty, tag.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
            id = .hashtag(String(tag))
        }
    }
}
