import ArgumentParser
import Foundation
import TernHTTP
import TernModel
import TernStore
import TernTerminal
import TernWebFeeds

/// `tern feeds`: the web feeds Tern reads beside (or without) the fediverse.
struct Feeds: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feeds",
        abstract: "Follow web feeds (RSS, Atom, JSON Feed): add, list, remove, import, export.",
        subcommands: [Add.self, List.self, Remove.self, Import.self, Export.self],
        defaultSubcommand: List.self)

    /// The store, opened for one command; what the command logs goes to Tern's log, not the terminal.
    static func store() throws -> Store {
        Logs.start(level: .info)
        do { return try Store(url: TernPaths().store) } catch { throw UserError("\(error)") }
    }

    static func say(_ text: String) { print(PlainText.clean(text)) }

    /// The address a feed is added by, or an error that says what is wrong with it in words, with what to
    /// write instead (not the usage text: the command was right, the address was not).
    static func webAddress(_ text: String) throws -> URL {
        let written = text.trimmingCharacters(in: .whitespaces)
        let scheme = written.range(of: "://").map { written[..<$0.lowerBound].lowercased() }
        if let scheme, !["http", "https"].contains(scheme) {
            throw UserError("\(written) is not a web address: Tern reads feeds over http:// and https://, not \(scheme)://")
        }
        guard scheme != nil else {
            // A server's name and a path, as people often copy them: the address it likely means.
            let host = written.prefix { $0 != "/" }
            let likely = host.contains(".") && !host.hasPrefix(".") && !host.hasSuffix(".") && !written.contains(" ")
            throw UserError("\(written) is not a web address (try https://\(likely ? written : "…"))")
        }
        guard let url = URL(string: written) else { throw UserError("\(written) is not a web address (try https://…)") }
        guard let host = url.host, !host.isEmpty else {
            throw UserError("\(written) is not a web address: it names no server (try https://example.org/feed)")
        }
        return url
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Follow a feed, by its address or a page that names it; its items are fetched at once.")

        @Argument(help: "The feed's address, or a web page's that names its feed.")
        var url: String

        @Option(name: .customLong("tag"), help: "A tag for it (a Feeds list of its own); repeat for more.")
        var tags: [String] = []

        @Flag(help: "Follow it even when it can't be read now (a feed that is down for a while).")
        var anyway = false

        func run() throws {
            let given = try Feeds.webAddress(url)
            let store = try Feeds.store()
            let (tags, anyway) = (self.tags, self.anyway)
            let http = HTTPFetch.makeClient(followRedirects: false)
            defer { waitFor { await shutDown(http) } }
            try blocking {
                // A page that names its feed: the feed it names first.
                var address = given
                if case .page(let alternates) = await FeedFetch.fetch(given, etag: nil, lastModified: nil, http: http) {
                    guard let first = alternates.first else { throw UserError("\(given.absoluteString) is a web page that names no feed") }
                    Feeds.say("\(given.absoluteString) is a page; its feed: \(first.absoluteString)")
                    address = first
                }
                let followed = try await store.feeds.subscriptions()
                if let at = followed.firstIndex(where: { $0.url == address }) {
                    let had = followed[at]
                    let added = tags.filter { !had.tags.contains($0) }
                    if !added.isEmpty { try await store.feeds.subscribe(url: address, tags: added) }
                    return Feeds.say("Already followed: \(at + 1). \(had.name)"
                                     + (added.isEmpty ? "" : "; tagged \(added.joined(separator: ", ")) now"))
                }
                let feed = try await store.feeds.subscribe(url: address, tags: tags)
                let report = await FeedRefresh(data: store.feeds, http: http).refresh(feed)
                switch report.outcome {
                case .new(let n): Feeds.say("Added \(report.feed.name): \(Counted.words(n, "item"))")
                case .notModified, .waiting: Feeds.say("Added \(address.absoluteString)")
                case .failed(let why) where anyway:
                    Feeds.say("Added \(address.absoluteString), but it could not be read now: \(why)")
                case .failed(let why):
                    try await store.feeds.unsubscribe(feed.id)
                    throw UserError("\(address.absoluteString) could not be read: \(why). Not added; "
                                    + "`tern feeds add --anyway \(address.absoluteString)` follows it all the same.")
                }
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The feeds followed: unread items, when last read, the last error.")

        func run() throws {
            Logs.start(level: .info)
            let (feeds, unread): ([WebFeedSubscription], [Int64: Int])
            do { (feeds, unread) = try FeedsData.listed(store: TernPaths().store) } catch { throw UserError("\(error)") }
            guard !feeds.isEmpty else { return Feeds.say("No feeds yet: tern feeds add URL, or tern feeds import FILE") }
            // Numbered as listed, 1 to n: the number `tern feeds remove` takes.
            for (n, f) in feeds.enumerated() {
                var line = "\(n + 1). \(f.title.isEmpty ? "(not read yet)" : f.title)  \(f.url.absoluteString)"
                if !f.tags.isEmpty { line += "  [" + f.tags.joined(separator: ", ") + "]" }
                line += "  \(unread[f.id] ?? 0) unread"
                if let checked = f.checkedAt { line += ", checked \(RelativeWords.ago(checked))" }
                if let error = f.lastError { line += "\n   last error: \(error)" }
                Feeds.say(line)
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Stop following a feed (by its number in `tern feeds list`, or its address).")

        @Argument(help: "The feed's number or address.")
        var feed: String

        func run() throws {
            let store = try Feeds.store()
            let which = feed
            try blocking {
                let feeds = try await store.feeds.subscriptions()
                guard let f = feeds.enumerated().first(where: { String($0.offset + 1) == which || $0.element.url.absoluteString == which })?.element else {
                    throw UserError("No feed \(which): see tern feeds list")
                }
                try await store.feeds.unsubscribe(f.id)
                Feeds.say("Removed \(f.name)")
            }
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Follow the feeds of an OPML file, or of newsboat's urls file (its tags and \"~titles\" too).")

        @Argument(help: "The file (- for standard input).")
        var file: String

        func run() throws {
            let data: Data
            do {
                data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
            } catch { throw UserError("\(file) could not be read: \(error.localizedDescription)") }
            let read: FeedList.Read
            do { read = try FeedList.read(data) } catch { throw UserError("\(file): \(error)") }
            let store = try Feeds.store()
            try blocking {
                for e in read.entries { try await store.feeds.subscribe(url: e.url, title: e.title, tags: e.tags) }
            }
            for s in read.skipped { Feeds.say("skipped \(s)") }
            Feeds.say("Imported \(read.entries.count) feeds" + (read.skipped.isEmpty ? "" : ", skipped \(read.skipped.count)")
                      + ". `tern sync` reads them.")
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the feeds followed as OPML.")

        func run() throws {
            let store = try Feeds.store()
            let feeds = try blocking { try await store.feeds.subscriptions() }
            // Titles are the feeds' own words: cleaned as any server's text is (XML has no place for control characters anyway).
            print(PlainText.clean(FeedList.opml(feeds.map { FeedList.Entry(url: $0.url, title: $0.title, tags: $0.tags) })), terminator: "")
        }
    }
}

/// "3 minutes ago", for lists printed as text.
enum RelativeWords {
    static func ago(_ date: Date, now: Date = Date()) -> String {
        let s = Int(now.timeIntervalSince(date))
        if s < 60 { return "just now" }
        if s < 3600 { return "\(s / 60) min ago" }
        if s < 86400 { return "\(s / 3600) h ago" }
        return "\(s / 86400) days ago"
    }
}
