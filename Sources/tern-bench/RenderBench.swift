import ArgumentParser
import AsyncHTTPClient
import Foundation
import TernHTTP
import TernDemo
import TernFeed
import TernImages
import TernMastodon
import TernModel
import TernTerminal
import TernUI

/// Frame cost of the list: posts from the demo server, real thumbnails, curses writing to a file.
struct RenderBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Time to draw a full frame, and the bytes sent per scroll, for each way of showing pictures.")

    @Option(help: "Screen columns.") var columns = 200
    @Option(help: "Screen rows.") var rows = 60
    @Option(help: "Frames timed.") var frames = 200
    @Option(help: "Terminal type curses writes for.") var term = "xterm-256color"
    @OptionGroup var output: OutputOptions

    @Option(help: "Replies in the long thread that is timed too.") var threadReplies = 500
    @Option(help: "Ways of showing pictures to time, comma-separated (symbols, kitty, sixel, iterm).")
    var modes = "symbols,kitty,sixel,iterm"

    func run() async throws {
        var config = DemoConfig()
        config.largeThreadReplies = threadReplies
        let server = try await DemoServer.start(config)
        let http = HTTPFetch.makeClient()
        let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "bench", http: http)
        var posts: [Post] = []
        var page = try await client.timeline(.home, limit: 40)
        posts += page.posts
        for _ in 0..<2 {
            guard let next = page.links.next else { break }
            page = try await client.page(at: next)
            posts += page.posts
        }
        // The long thread as the thread screen shows it: fetched, decoded and put in tree order.
        guard let rootID = await server.largeThreadID() else { throw ValidationError("the demo made no long thread") }
        let root = try await client.status(id: rootID)
        let context = try await client.context(of: rootID)
        let tree = ThreadEngine.tree(ancestors: context.ancestors, focus: root, descendants: context.descendants)
        var thread = FeedSnapshot(version: 1, feed: .thread(rootID: rootID),
                                  rows: tree.map { FeedRow.post($0.post, depth: $0.depth, focused: $0.post.statusID == rootID) })
        thread.reachedEnd = true
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tern-bench-\(getpid()).out")
        defer { try? FileManager.default.removeItem(at: out) }
        var figures: [Figure] = []
        // Each way of showing pictures, on the same posts: warm caches, every thumbnail made before timing.
        let chosen = try modes.split(separator: ",").map { name in
            guard let mode = GraphicsMode(rawValue: String(name)) else { throw ValidationError("no way of showing pictures called \(name)") }
            return mode
        }
        for mode in chosen {
            let screen = try Screen(terminalType: term, output: out.path, size: (rows, columns))
            let list = StaticList(theme: .builtIn, snapshot: FeedSnapshot(TimelineSnapshot(version: 1, timeline: .home, posts: posts)),
                                  rows: rows, columns: columns)
            let loader = ImageLoader(http: http, colorMode: .indexed256, pixels: PixelOutput(mode: mode, cell: .typical),
                                     gridBudget: 512 << 20)
            var sentOnce = 0
            for (request, _) in list.thumbnailRequests() {
                sentOnce += list.accept(request, try await loader.thumbnail(request), screen: screen)
            }
            figures += measure(list, screen, outputFile: out.path).map { f in
                var f = f
                f.name = "\(mode.rawValue): " + f.name
                return f
            }
            if mode == .kitty {
                figures.append(Figure(name: "kitty: pictures sent once, \(list.images.count) thumbnails", value: Double(sentOnce) / 1024, unit: "KB"))
            }
            if mode == .symbols {
                let threadList = StaticList(theme: .builtIn, snapshot: thread, rows: rows, columns: columns)
                figures += measure(threadList, screen, outputFile: out.path).map { f -> Figure in
                    var f = f
                    f.name = "thread of \(context.descendants.count) replies: " + f.name
                    return f
                }
                figures += [
                    Figure(name: "posts loaded", value: Double(posts.count), unit: "posts"),
                    Figure(name: "thumbnails drawn", value: Double(list.images.count), unit: "images"),
                    Figure(name: "thread depth, deepest", value: Double(tree.map(\.depth).max() ?? 0), unit: "levels"),
                ]
            }
            screen.close()
        }
        try await http.shutdown()
        await server.stop()
        Report.print("render: \(columns)×\(rows) frame, \(term), warm caches", figures, json: output.json)
    }

    private func measure(_ list: StaticList, _ screen: Screen, outputFile: String) -> [Figure] {
        func size() -> Int { ((try? FileManager.default.attributesOfItem(atPath: outputFile))?[.size] as? Int) ?? 0 }
        func ms(_ body: () -> Void) -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
        for _ in 0..<5 { list.draw(on: screen) }
        // A full frame: everything repainted and sent, layouts and pictures cached. The view moves a page
        // every 20 frames, so the figure covers many pages rather than one.
        var full: [Double] = [], composed: [Double] = []
        var fullBytes: [Double] = []
        for i in 0..<frames {
            if i % 20 == 0 { list.page(1); list.draw(on: screen) }
            screen.invalidate()
            let before = size()
            var compose = 0.0
            full.append(ms {
                compose = ms { list.compose(on: screen) }
                screen.update()
            })
            composed.append(compose)
            fullBytes.append(Double(size() - before))
        }
        // The same with every post laid out again (what a resize costs).
        var cold: [Double] = []
        for _ in 0..<max(20, frames / 10) {
            list.dropLayouts()
            screen.invalidate()
            cold.append(ms { list.draw(on: screen) })
        }
        // Scrolling: only changed cells go out.
        list.toTop()
        list.draw(on: screen)
        var lineBytes: [Double] = [], lineTimes: [Double] = []
        for _ in 0..<60 {
            let before = size()
            list.scroll(lines: 1)
            lineTimes.append(ms { list.draw(on: screen) })
            lineBytes.append(Double(size() - before))
        }
        list.toTop()
        list.draw(on: screen)
        var pageBytes: [Double] = []
        for _ in 0..<10 {
            let before = size()
            list.page(1)
            list.draw(on: screen)
            pageBytes.append(Double(size() - before))
        }
        return [
            Figure(name: "full frame, median", value: Report.median(full), unit: "ms"),
            Figure(name: "full frame, p95", value: Report.percentile(full, 0.95), unit: "ms"),
            Figure(name: "full frame, bytes sent", value: Report.median(fullBytes), unit: "bytes"),
            Figure(name: "full frame, of it drawing the list (median)", value: Report.median(composed), unit: "ms"),
            Figure(name: "frame with fresh layout, median", value: Report.median(cold), unit: "ms"),
            Figure(name: "one-line scroll, median", value: Report.median(lineTimes), unit: "ms"),
            Figure(name: "one-line scroll, bytes sent (median)", value: Report.median(lineBytes), unit: "bytes"),
            Figure(name: "one-line scroll, bytes sent (max)", value: lineBytes.max() ?? 0, unit: "bytes"),
            Figure(name: "one-page scroll, bytes sent (median)", value: Report.median(pageBytes), unit: "bytes"),
            Figure(name: "one-page scroll, bytes sent (max)", value: pageBytes.max() ?? 0, unit: "bytes"),
        ]
    }
}
