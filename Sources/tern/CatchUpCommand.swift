import ArgumentParser
import Foundation
import Logging
import TernFeed
import TernHTTP
import TernMastodon
import TernModel
import TernStore
import TernTerminal

/// `tern catchup`: what came in since the read mark (or in the last hours, or since the last catch-up),
/// ranked and grouped from the cache, printed as plain text as `tern --plain` prints a timeline, or as JSON.
/// Online it first fetches what the cache lacks for the window (`CatchUpFetch`); `--offline` reads the cache alone,
/// as it does beside another Tern that has the cache open (which fetches for itself).
struct CatchUpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catchup",
        abstract: "What you missed: the posts since the read mark (or the last hours), ranked and grouped, from the cache.")

    @OptionGroup var accountOptions: AccountOptions

    @Option(help: "The last N hours instead of since the read mark: 1, 2, 4, 8, 12 or 24.")
    var hours: Int?

    @Flag(help: "Since the newest post of the last catch-up read (with --done, or x on the C screen).")
    var sinceLast = false

    @Option(help: "newest, stand-outs (attention against the author's usual), liked, boosted or replied.")
    var order = "newest"

    @Option(help: "Only posts of these kinds (repeat for more): originals, replies, quotes, boosts, pictures, hashtags.")
    var kind: [String] = []

    @Flag(help: "One group per author, most relevant first.")
    var group = false

    @Option(help: "Posts printed (the counts are of all).")
    var count = 40

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Flag(help: "Plain text (what it prints anyway; taken as `tern --plain` takes it).")
    var plain = false

    @Flag(help: "Read only from the cache: ask the server nothing.")
    var offline = false

    @Flag(help: "Done reading: move the read mark (and the last catch-up) to the newest post of the window.")
    var done = false

    @Option(help: "What goes to the log ($XDG_STATE_HOME/tern/tern.log): trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .info

    func validate() throws {
        if let hours, !CatchUpWindow.hourChoices.contains(hours) {
            throw ValidationError("--hours takes 1, 2, 4, 8, 12 or 24, not \(hours)")
        }
        if plain, json { throw ValidationError("--plain and --json are two ways to print: choose one") }
        if hours != nil, sinceLast { throw ValidationError("--hours and --since-last are two windows: choose one") }
        if CatchUpOrders.named(order) == nil {
            throw ValidationError("unknown order '\(order)': use \(CatchUpOrders.all.map(\.name).joined(separator: ", "))")
        }
        for k in kind where CatchUpKind(rawValue: k.lowercased()) == nil {
            throw ValidationError("unknown kind '\(k)': use \(CatchUpKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard count >= 0 else { throw ValidationError("--count cannot be negative") }
    }

    var window: CatchUpWindow { hours.map { .lastHours($0) } ?? (sinceLast ? .sinceLastCatchUp : .sinceReadMark) }

    func run() throws {
        let paths = TernPaths()
        Logs.start(level: logLevel, paths: paths)
        let target = try accountOptions.target()
        let store: Store
        // Another Tern holding the cache does not stop a reading: what it holds is read beside it (it fetches
        // for itself). Moving the read mark is a write, which stays that Tern's.
        var beside: String?
        do { store = try Store(url: paths.store) } catch StoreError.inUse(_, let holder) {
            if done { throw UserError("Another Tern (\(holder)) has the cache open: mark it read there with C and x, or quit it first.") }
            do { store = try Store(readingWhileInUse: paths.store) } catch { throw UserError("\(error)") }
            beside = holder
        } catch {
            throw UserError("\(error)")
        }
        let data = store.account(target.storeKey)
        let http = HTTPFetch.makeClient()
        defer { waitFor { await shutDown(http) } }
        let (window, offline) = (self.window, self.offline || beside != nil)
        // Beside another Tern, nothing is fetched here: said as why, not as being offline (that Tern may be live).
        let notFetched = beside.map {
            CatchUpFetch.Outcome(failure: "another Tern (\($0)) has the cache open and fetches for itself; the hashtags you follow are not known here")
        }
        // What the store lacks for the window first, with its progress on standard error when that is a
        // terminal (never into standard output, which may be JSON for a pipe).
        let progress = Progress(interactive: isatty(2) == 1, onStandardError: true)
        let load: CatchUpLoad = try blocking {
            let client = MastodonClient(baseURL: target.baseURL, token: target.token, http: http, timeout: .seconds(20))
            // The user's own posts are left out, as on the screen: who they are is the login's, or the server's word.
            var me = target.accountID
            guard !offline else { return try await CatchUpLoad.load(data: data, window: window, client: nil, fetched: notFetched, ownAccountID: me) }
            if me == nil {
                do { me = try await client.verifyCredentials().id } catch {
                    Self.note("Who you are could not be asked of the server (\(error)): your own posts are among the rest.")
                }
            }
            let actions = try ActionQueue(data: data, client: client, offline: true)
            defer { actions.stop() }
            let fetched = await CatchUpFetch.run(sources: .init(client: client, data: data, actions: actions), window: window) {
                progress.update("Fetching \(window.words): \($0.words)")
            }
            progress.update("")
            return try await CatchUpLoad.load(data: data, window: window, client: fetched.failure == nil ? client : nil, fetched: fetched,
                                              ownAccountID: me)
        }
        for line in load.notes { Self.note(line) }
        let ordering = CatchUpOrders.named(order) ?? NewestOrder()
        let kinds = Set(kind.compactMap { CatchUpKind(rawValue: $0.lowercased()) })
        let view = load.pool.view(order: ordering, kinds: kinds)
        let printed = CatchUpPrinting(load: load, view: view, order: ordering, kinds: kinds, grouped: group, count: count)
        let text = json ? try printed.json() : printed.plain(width: PlainTimeline.outputWidth(), now: Date())
        FileHandle.standardOutput.write(Data(text.utf8))
        if done, load.pool.newestID == nil { Self.note("Nothing in this window to mark read.") }
        if done, let newest = load.pool.newestID {
            try blocking { try await CatchUpReader(data: data).finish(newestID: newest) }
            Self.note("Read: the read mark is at the newest post of the window.")
            // The server's home marker too, where it has one, and never back from what another client read;
            // offline (or with the server away) kept for Tern's next start online.
            let said: String? = try blocking {
                let client = MastodonClient(baseURL: target.baseURL, token: target.token, http: http, timeout: .seconds(20))
                return await CatchUpServerMarker.moveOrHold(to: newest, client: client, data: data, offline: offline)
            }
            if let said { Self.note(said) }
        }
    }

    /// A line on standard error: what is printed on standard output stays clean for a pipe.
    private static func note(_ text: String) {
        FileHandle.standardError.write(Data(PlainText.clean(text + "\n").utf8))
    }
}
