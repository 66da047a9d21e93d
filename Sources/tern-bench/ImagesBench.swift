import ArgumentParser
import AsyncHTTPClient
import Foundation
import TernHTTP
import TernDemo
import TernImages
import TernMastodon
import TernModel
import TernTerminal
import TernUI

/// The image pipeline: per-stage cost, cache hits, prefetch hit ratio, peak memory.
struct ImagesBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "images", abstract: "Image pipeline stages, caches, prefetch hit ratio and peak RSS.")

    @Option(help: "Pictures of each kind (smooth, photo-like) timed.") var count = 12
    @Option(help: "Posts scrolled at 10 posts/s for the prefetch hit ratio.") var scrollPosts = 150
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let http = HTTPFetch.makeClient()
        var figures: [Figure] = []
        figures += try await stages(http)
        figures += try await cacheHits(http)
        figures += try await prefetchRatio(http, prefetch: 10)
        figures += try await prefetchRatio(http, prefetch: 0)
        figures += try await moving(http)
        try await http.shutdown()
        Report.print("images: JPEG 1080×1080 → 40×20 cells, 256 colours", figures, json: output.json)
    }

    static func ms(_ start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 }
    static var clock: UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Download from loopback, decode at reduced scale, chafa; and the chafa tool on the same files.
    func stages(_ http: HTTPClient) async throws -> [Figure] {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tern-bench-images-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try PictureLibraries.require()
        let renderer = ChafaRenderer()
        var figures: [Figure] = []
        for photo in [false, true] {
            let kind = photo ? "photo-like" : "smooth"
            let paths = Array(await server.squareJPEGPaths(photoLike: photo).prefix(count))
            var download: [Double] = [], decode: [Double] = [], chafa: [Double] = [], files: [String] = []
            for (i, path) in paths.enumerated() {
                var t = Self.clock
                let response = try await http.execute(HTTPClientRequest(url: server.baseURL + path), timeout: .seconds(30))
                let bytes = Array(buffer: try await response.body.collect(upTo: 50 << 20))
                download.append(Self.ms(t))
                t = Self.clock
                let image = try ImageDecoder.decode(bytes, target: (40 * 8, 20 * 8))
                decode.append(Self.ms(t))
                t = Self.clock
                let size = ChafaRenderer.fit(width: image.width, height: image.height, columns: 40, rows: 20)
                _ = renderer.render(image, columns: size.columns, rows: size.rows, mode: .indexed256)
                chafa.append(Self.ms(t))
                let file = dir.appendingPathComponent("\(kind)-\(i).jpg")
                try Data(bytes).write(to: file)
                files.append(file.path)
            }
            let total = zip(zip(download, decode), chafa).map { $0.0 + $0.1 + $1 }
            let ours = zip(decode, chafa).map { $0 + $1 }
            figures += [
                Figure(name: "\(kind): download (loopback)", value: Report.median(download), unit: "ms"),
                Figure(name: "\(kind): decode (DCT-scaled)", value: Report.median(decode), unit: "ms"),
                Figure(name: "\(kind): chafa", value: Report.median(chafa), unit: "ms"),
                Figure(name: "\(kind): total", value: Report.median(total), unit: "ms"),
            ]
            // The same files through the command-line tools, in the same run: chafa with Tern's symbols,
            // and timg (when installed) with its quarter blocks, one thread as Tern's figure is.
            let tools: [(String, [String])] = [
                ("chafa", ["--size", "40x20", "--format", "symbols", "--colors", "240",
                           "--symbols", "block+border+space+solid+stipple-wide-ambiguous"]),
                ("timg", ["-g40x20", "-pq", "--threads=1"]),
            ]
            for (tool, arguments) in tools {
                guard let perImage = Self.tool(tool, arguments + files) else {
                    figures.append(Figure(name: "\(kind): \(tool) tool: not installed", value: .nan, unit: ""))
                    continue
                }
                figures += [
                    Figure(name: "\(kind): \(tool) tool, per image", value: perImage / Double(files.count), unit: "ms"),
                    Figure(name: "\(kind): \(tool) tool / Tern decode+chafa", value: perImage / Double(files.count) / Report.median(ours), unit: "×"),
                ]
            }
            figures += try await modes(files, kind: kind)
        }
        return figures
    }

    /// A thumbnail of each file in each way of showing it: time (decode, symbols and the pixels) and bytes.
    func modes(_ files: [String], kind: String) async throws -> [Figure] {
        var figures: [Figure] = []
        let http = HTTPFetch.makeClient()
        var symbols = Double.nan
        for mode in [GraphicsMode.symbols, .kitty, .sixel, .iterm] {
            // One worker, so the time is one picture's work, not a share of several cores'.
            let loader = ImageLoader(http: http, colorMode: .indexed256, pixels: PixelOutput(mode: mode, cell: .typical), maxDecodes: 1)
            var times: [Double] = [], bytes: [Double] = []
            for file in files {
                let t = Self.clock
                let thumbnail = try await loader.thumbnail(ThumbnailRequest(url: URL(fileURLWithPath: file).absoluteString, columns: 40, rows: 20))
                times.append(Self.ms(t))
                if let p = thumbnail.pixels { bytes.append(Double(p.byteCount)) }
            }
            figures.append(Figure(name: "\(kind): \(mode.rawValue) thumbnail, 40×20 cells", value: Report.median(times), unit: "ms"))
            // A picture's first send against its symbols' (goal: within 1.5×).
            if mode == .symbols { symbols = Report.median(times) } else {
                figures.append(Figure(name: "\(kind): \(mode.rawValue) / symbols thumbnail", value: Report.median(times) / symbols, unit: "×"))
            }
            if !bytes.isEmpty {
                figures.append(Figure(name: "\(kind): \(mode.rawValue) picture sent, 40×20 cells", value: Report.median(bytes) / 1024, unit: "KB"))
            }
        }
        try await http.shutdown()
        return figures
    }

    /// A command-line tool over the files in one process, in ms; nil when it isn't installed or fails.
    static func tool(_ name: String, _ arguments: [String]) -> Double? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [name] + arguments
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        let t = clock
        do { try p.run() } catch { return nil }
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return nil }
        return ms(t)
    }

    func cacheHits(_ http: HTTPClient) async throws -> [Figure] {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tern-bench-disk-\(getpid())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let paths = Array(await server.mediaPaths().filter { $0.contains("small") }.prefix(count))
        let requests = paths.map { ThumbnailRequest(url: server.baseURL + $0, columns: 20, rows: 8) }
        let disk = try DiskCache(directory: dir)
        let warm = ImageLoader(http: http, colorMode: .indexed256, diskCache: disk)
        for r in requests { _ = try await warm.thumbnail(r) }
        while await disk.count < requests.count { try await Task.sleep(for: .milliseconds(10)) }
        var memory: [Double] = []
        for r in requests {
            let t = Self.clock
            _ = try await warm.thumbnail(r)
            memory.append(Self.ms(t) * 1000)
        }
        // A new loader on the same disk cache: nothing in memory, everything on disk.
        let cold = ImageLoader(http: http, colorMode: .indexed256, diskCache: disk)
        var diskHits: [Double] = []
        for r in requests {
            let t = Self.clock
            _ = try await cold.thumbnail(r)
            diskHits.append(Self.ms(t))
        }
        let stats = await cold.stats
        return [
            Figure(name: "memory-cache hit", value: Report.median(memory), unit: "µs"),
            Figure(name: "disk-cache hit (read, decode, chafa)", value: Report.median(diskHits), unit: "ms"),
            Figure(name: "disk-cache hits / requests", value: Double(stats.diskHits) / Double(requests.count), unit: "share"),
        ]
    }

    /// Scrolls the demo list at 10 posts/s with slow pictures; the share complete on entering the view.
    func prefetchRatio(_ http: HTTPClient, prefetch: Int) async throws -> [Figure] {
        var config = DemoConfig()
        config.imageLatencyMilliseconds = 150
        let server = try await DemoServer.start(config)
        defer { Task { await server.stop() } }
        let posts = try await loadPosts(server, http, count: scrollPosts + 20)
        let loader = ImageLoader(http: http, colorMode: .indexed256)
        let probe = ScrollProbe(posts: posts, loader: loader, columns: 120, rows: 40, prefetchRows: prefetch)
        // The first screen is asked for at start-up, as in the app; give it the time a user would wait.
        try await Task.sleep(for: .seconds(2))
        for _ in 0..<scrollPosts {
            probe.drain()
            probe.step()
            for _ in 0..<10 { try await Task.sleep(for: .milliseconds(10)); probe.drain() }
            if probe.atEnd { break }
        }
        probe.stop()
        let ratio = probe.entered == 0 ? Double.nan : Double(probe.completeOnEntry) / Double(probe.entered)
        return [Figure(name: "prefetch \(prefetch) rows: complete on entry (\(probe.entered) pictures)",
                       value: ratio * 100, unit: "%")]
    }

    func loadPosts(_ server: DemoServer, _ http: HTTPClient, count: Int) async throws -> [Post] {
        try await Posts.load(baseURL: server.baseURL, http: http, count: count)
    }
}

/// Pages of the demo's home timeline, followed by Link headers.
enum Posts {
    static func load(baseURL: String, http: HTTPClient, count: Int) async throws -> [Post] {
        let client = MastodonClient(baseURL: URL(string: baseURL)!, token: "bench", http: http)
        var page = try await client.timeline(.home, limit: 40)
        var posts = page.posts
        while posts.count < count, let next = page.links.next {
            page = try await client.page(at: next)
            if page.posts.isEmpty { break }
            posts += page.posts
        }
        return Array(posts.prefix(count))
    }
}
