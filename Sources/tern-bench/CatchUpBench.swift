import ArgumentParser
import Foundation
import TernFeed
import TernModel
import TernStore

/// Catch-up on a real store file: a window of 5,000 posts read from the home timeline a page at a time,
/// then gathered, sifted, ranked (stand-outs) and grouped by author with the links several shared. Each
/// part's median is printed; the goal is the ranking and grouping under 30 ms. Beside them, what a timeline's
/// first screen reads from the same store, the figure Catch-up's first screen is set against.
struct CatchUpBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catchup", abstract: "Catch-up: 5,000 posts read from the store, ranked and grouped.")

    @Option(help: "Posts in the window.") var posts = 5_000
    @Option(help: "Runs; medians are printed.") var runs = 15
    @OptionGroup var output: OutputOptions

    func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-bench-catchup-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Store(url: folder.appendingPathComponent("tern.sqlite"))
        let data = store.account("bench")
        // The window and as many older posts again, 1,000 to a transaction, newest first.
        let total = posts * 2
        let home = data.timeline(TimelineID.home.storageKey)
        for top in stride(from: total, to: 0, by: -1_000) {
            try home.insert((max(1, top - 999)...top).reversed().map(Self.post), at: .bottom)
        }
        var reader = CatchUpReader(data: data)
        reader.limit = posts
        let sieve = CatchUpSieve(hidden: [HiddenEntry(kind: .muted, target: "a7")],
                                 filters: [FilterInfo(id: "1", title: "Kettles", words: [.init(id: "w", word: "kettle lantern")],
                                                      contexts: [.home], action: .warn)], now: Date())
        var reads: [Double] = [], ranks: [Double] = [], totals: [Double] = [], timelines: [Double] = []
        var shown = 0, groups = 0, links = 0
        let clock = ContinuousClock()
        for _ in 0..<runs {
            let start = clock.now
            let window = try reader.read(CatchUpBounds())
            let read = clock.now
            let pool = CatchUpPool(entries: window.entries, usual: AuthorUsual(window.entries, older: window.older), sieve: sieve,
                                   followedTags: ["orbit"])
            let view = pool.view(order: StandOutOrder())
            groups = view.groups.count
            let done = clock.now
            shown = view.items.count
            links = view.links.count
            reads.append(Self.ms(read - start))
            ranks.append(Self.ms(done - read))
            totals.append(Self.ms(done - start))
            // What a timeline reads for its first screen from the same store (`TimelineEngine`'s cached start).
            let timelineStart = clock.now
            _ = try home.run(around: nil, before: 0, after: 40)
            timelines.append(Self.ms(clock.now - timelineStart))
        }
        Report.print("catchup: \(posts) posts in the window (\(shown) rows, \(groups) authors, \(links) shared links), \(runs) runs", [
            Figure(name: "read from the store, in pages (median)", value: Report.median(reads), unit: "ms"),
            Figure(name: "gather, sift, rank, group, links (median; goal < 30)", value: Report.median(ranks), unit: "ms"),
            Figure(name: "both (median)", value: Report.median(totals), unit: "ms"),
            Figure(name: "both (p90)", value: Report.percentile(totals, 0.9), unit: "ms"),
            Figure(name: "a timeline's first screen, 40 posts read (median)", value: Report.median(timelines), unit: "ms"),
        ], json: output.json)
    }

    private static func ms(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }

    /// A cached post (`CachedPosts`) with attention that varies by author, a reply in five, a boost in
    /// eight (of a post boosted by several), and a link in six, shared by several with and without tracking.
    static func post(_ n: Int) -> Post {
        var p = CachedPosts.post(n)
        let author = n % 40
        let loudness = author < 4 ? 400 : author < 20 ? 20 : 2
        p.favouritesCount = loudness * (1 + n % 5) / 3 + n % 7
        p.boostsCount = loudness / 4 + n % 3
        p.repliesCount = n % 9
        if n % 5 == 1 { p.inReplyToID = String(n - 3) }
        if n % 6 == 0 {
            let link = "https://news.example/story/\(n % 120)" + (n % 12 == 0 ? "?utm_source=mastodon" : "")
            p.content.paragraphs[0][0].append(StyledText.Run(" " + link, style: .link(link)))
        }
        if n % 8 == 0 {
            p.id = "\(n)"
            p.statusID = "s\(n % 64)"
            p.boostedBy = Account(id: "a\((n / 8) % 40)", acct: "user\((n / 8) % 40)@bench.example", displayName: "User \((n / 8) % 40)")
        }
        return p
    }
}
