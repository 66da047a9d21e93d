import AsyncHTTPClient
import Dispatch
import Foundation
import Synchronization
import TernFeed
import TernImages
import TernMastodon
import TernModel
import TernStore
import TernTerminal
import TernUI

/// Wires one interactive session: HTTP client, engine, image loader, screen, and the UI loop.
enum Session {
    /// `imageCache` overrides the disk cache's folder (the demo uses a throwaway one).
    static func run(baseURL: URL, token: String?, timeline: TimelineID, title: String, view: ViewOptions,
                    imageCache: URL? = nil) throws {
        let paths = TernPaths()
        let config = try Config.load(from: paths.config.appendingPathComponent("config.toml"))
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let (theme, themeWarning) = Theme.load(named: view.theme ?? config.theme ?? "default",
                                               userThemes: paths.userThemes, executable: executable)
        // The disk cache is a help, not a need: without it, pictures come from the network each run.
        let disk = try? DiskCache(directory: imageCache ?? paths.imageCache, capacity: max(1, config.imageCacheMB ?? 500) << 20,
                                  ttl: (config.imageCacheDays ?? 7) * 86_400)
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { waitFor { try? await http.shutdown() } }
        let client = MastodonClient(baseURL: baseURL, token: token, http: http, timeout: .seconds(10))
        let mailbox = Mailbox()
        // Every timeline the user opens gets its own engine, running until the session ends.
        let engines = EngineRegistry()
        let pageSize = view.pageSize
        let makeEngine = { (id: TimelineID) -> TimelineEngine in
            let engine = TimelineEngine(client: client, timeline: id, pageSize: pageSize, publish: { mailbox.publish($0) })
            Task.detached { await engine.run() }
            engines.add(engine)
            return engine
        }
        let poller = view.poll.flatMap { $0 > 0 ? max(5, $0) : nil }.map { seconds in
            Task.detached {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(seconds))
                    for engine in engines.all { engine.send(.poll) }
                }
            }
        }
        defer {
            poller?.cancel()
            for engine in engines.all { engine.stop() }
        }

        // Signals leave through the loop, so curses always restores the terminal.
        let signals = QuitSignals.observe([SIGINT, SIGTERM]) { mailbox.requestQuit() }
        defer { signals.forEach { $0.cancel() } }

        let screen = try Screen()
        defer { screen.close() }
        let loader = ImageLoader(http: http, colorMode: imageMode(for: screen.colorMode), diskCache: disk)
        defer { waitFor { await loader.flush() } }
        let app = TimelineApp(screen: screen, makeEngine: makeEngine,
                              fetchLists: { (try? await client.lists()) ?? [] }, loader: loader, mailbox: mailbox, theme: theme,
                              timeline: timeline, title: title, prefetchRows: view.prefetch ?? config.prefetchRows ?? 10,
                              notice: themeWarning ?? (disk == nil ? "Image disk cache unavailable at \(paths.imageCache.path)" : nil))
        app.run()
    }

    static func imageMode(for mode: ColorMode) -> ImageColorMode {
        switch mode {
        case .direct: return .truecolor
        case .indexed256: return .indexed256
        case .indexed16: return .indexed16
        case .indexed8: return .indexed8
        case .monochrome: return .monochrome
        }
    }
}

/// The engines of one session, for the poller and for stopping them at the end.
final class EngineRegistry: Sendable {
    private let engines = Mutex<[TimelineEngine]>([])
    func add(_ engine: TimelineEngine) { engines.withLock { $0.append(engine) } }
    var all: [TimelineEngine] { engines.withLock { $0 } }
}

/// Runs async work to completion from synchronous start-up code on the main thread. The work runs on
/// the global executor, never on the blocked thread.
@discardableResult
func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let result = Mutex<Result<T, Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        let r: Result<T, Error>
        do { r = .success(try await body()) } catch { r = .failure(error) }
        result.withLock { $0 = r }
        done.signal()
    }
    done.wait()
    return try result.withLock { $0! }.get()
}

/// `blocking` for work that cannot fail (clean-up in `defer`).
func waitFor(_ body: @escaping @Sendable () async -> Void) {
    _ = try? blocking { () async throws -> Bool in await body(); return true }
}
