import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The built-in demo instance: a Hummingbird server on 127.0.0.1 that speaks the Mastodon API over
/// deterministic synthetic posts with generated images. `tern demo`, the tests and the benchmarks all use it.
package final class DemoServer: Sendable {
    /// `http://127.0.0.1:PORT`, no trailing slash.
    package let baseURL: String
    let state: DemoState
    private let task: Task<Void, Error>
    /// Makes things happen over time (new posts, edits, deletes, dropped streams) when the knobs ask.
    private let clock: Task<Void, Never>

    private init(baseURL: String, state: DemoState, task: Task<Void, Error>) {
        self.baseURL = baseURL
        self.state = state
        self.task = task
        let c = state.config
        let timed = [c.newPostInterval, c.editInterval, c.deleteInterval, c.dropStreamInterval].contains { ($0 ?? 0) > 0 }
        clock = Task { [state] in
            guard timed else { return }
            while !Task.isCancelled {
                do { try await Task.sleep(for: .milliseconds(250)) } catch { return }
                await state.tick()
            }
        }
    }

    /// The domain that post content links to (hashtags, mentions), as a real instance's would.
    static let contentHost = "tern-demo.example"

    /// Starts the server and returns once it accepts connections; with `unreachableSeconds`, returns at once
    /// with the address it will listen on when that time is up (connections are refused until then).
    package static func start(_ config: DemoConfig = DemoConfig()) async throws -> DemoServer {
        var config = config
        if config.unreachableSeconds > 0 {
            if config.port == 0 { config.port = try freePort() }
            let state = DemoState(config: config, host: contentHost)
            let later = config
            let task = Task {
                try await Task.sleep(for: .milliseconds(Int(later.unreachableSeconds * 1000)))
                var now = later
                now.unreachableSeconds = 0
                let server = try await listen(now, state: state)
                try await withTaskCancellationHandler {
                    try await server.task.value
                } onCancel: { server.task.cancel() }
            }
            return DemoServer(baseURL: "http://127.0.0.1:\(config.port)", state: state, task: task)
        }
        return try await listen(config, state: DemoState(config: config, host: contentHost))
    }

    /// A port nothing listens on now, from the system.
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw DemoError(description: "no socket for picking a port") }
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) == 0 && getsockname(fd, $0, &len) == 0 }
        }
        guard bound else { throw DemoError(description: "could not pick a free port") }
        return Int(UInt16(bigEndian: addr.sin_port))
    }

    private static func listen(_ config: DemoConfig, state: DemoState) async throws -> DemoServer {
        let routes = DemoRoutes(state: state, config: config)
        let router = Router()
        router.add(middleware: DemoWriteLogMiddleware(state: state))
        routes.register(on: router)
        let (portStream, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade { request, _, _ in await routes.upgrade(request) },
            configuration: .init(address: .hostname("127.0.0.1", port: config.port), serverName: "tern-demo"),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: Logger(label: "tern-demo", factory: { _ in SwiftLogNoOpLogHandler() }))
        let task = Task { try await app.run() }
        var port = 0
        for await p in portStream { port = p }
        guard port > 0 else {
            task.cancel()
            throw DemoError(description: "the demo server could not listen on 127.0.0.1:\(config.port)")
        }
        let base = "http://127.0.0.1:\(port)"
        await routes.base.set(base)
        await state.setBase(base)
        return DemoServer(baseURL: base, state: state, task: task)
    }

    /// Stops accepting connections.
    package func stop() async {
        clock.cancel()
        await state.dropListeners()
        task.cancel()
        _ = try? await task.value
    }

    /// Edits the newest post, deletes it, or adds a follower, telling streaming listeners.
    package func editNewest() async -> String? { await state.editNewest().map(state.wireID) }
    package func deleteNewest() async -> String? { await state.deleteNewest().map(state.wireID) }
    package func notifyFollow() async { await state.notifyFollow() }
    /// A mention of the demo user, streamed: one more unread notification, whatever the hour.
    package func notifyMention() async { await state.notifyMention() }
    /// Sends the newest post's edit event `count` times (stream load).
    package func echoEdits(_ count: Int) async { await state.echoEdits(count) }
    /// Cuts every streaming connection; how many are open.
    package func dropStreams() async { await state.dropListeners() }
    package func streamListeners() async -> Int { await state.listeners.count }
    /// Where each streaming request so far carried its token: "protocol", "query", "header" or "none".
    package func streamTokenPlaces() async -> [String] { await state.streamTokenPlaces }
    /// How many streams the open connections have subscribed to (subscribing follows connecting).
    package func streamSubscriptions() async -> Int { await state.listeners.values.map(\.streams.count).reduce(0, +) }

    /// Makes `count` new posts appear at once (for refresh tests).
    package func addPosts(_ count: Int) async { await state.addPosts(count) }

    /// How many times a media path was requested.
    package func mediaRequestCount(path: String) async -> Int { await state.mediaRequests[path] ?? 0 }

    /// Paths of the preview and original files of the newest posts' attachments (for tests and benchmarks).
    package func mediaPaths(posts: Int = 40) async -> [String] {
        await state.mediaPaths(posts: posts)
    }

    /// Paths of 1080×1080 JPEG originals, smooth (`photoLike` false) or with photographic grain.
    package func squareJPEGPaths(photoLike: Bool) async -> [String] {
        await state.originals(width: 1080, height: 1080, format: .jpeg, photoLike: photoLike)
    }

    /// Makes the next timeline reads or like/save requests fail, one fault each, in order.
    package func injectFaults(_ faults: [DemoFault]) async { await state.inject(faults) }

    /// The post with a 40-reply, 3-deep thread under it, as this server writes ids.
    package func showcaseThreadID() async -> String { state.wireID(await state.showcaseThreadID) }

    /// The post with a 14-deep chain of replies under it.
    package func deepThreadID() async -> String { state.wireID(await state.deepThreadID) }

    /// The post with `largeThreadReplies` replies under it (nil when that knob is 0).
    package func largeThreadID() async -> String? { await state.largeThreadID.map(state.wireID) }

    /// The demo user's read marker for notifications, as this server writes ids.
    package func notificationsMarker() async -> String? { await state.notificationsMarker.map(state.wireID) }

    /// The home timeline's read marker, as this server writes ids.
    package func homeMarker() async -> String? { await state.homeMarker.map(state.wireID) }

    /// The id of the newest of the demo user's notifications.
    package func newestNotificationID() async -> String? { await state.notifications.last.map { state.wireID($0.id) } }

    /// Makes the next picture requests fail, one fault each, in order.
    package func injectMediaFaults(_ faults: [DemoFault]) async { await state.injectMedia(faults) }

    /// Media paths in the order they were requested.
    package func mediaRequestLog() async -> [String] { await state.mediaRequestLog }

    /// Like/save actions carried out, in order, as "favourite 123".
    package func actionLog() async -> [String] { await state.actionLog }

    /// Every write request received, in order, as `/demo/write-log` serves it (one JSON line each).
    package func writeRequests() async -> [String] { await state.requestLog }

    /// Posts, edits, deletions and uploads carried out through the API, in order ("post 123", "upload 91").
    package func writeLog() async -> [String] { await state.writeLog }

    /// The demo user's posts as the server holds them now, oldest first.
    package func writtenPosts() async -> [DemoWrittenPost] {
        await state.written().map { p in
            DemoWrittenPost(id: state.wireID(p.id), text: p.source ?? "", spoiler: p.spoilerText, visibility: p.visibility,
                            language: p.language, inReplyToID: p.inReplyTo.map { state.wireID($0.id) },
                            media: p.media.map { ($0.description, $0.upload?.mimeType ?? "", $0.upload?.bytes.count ?? 0) },
                            pollOptions: p.poll?.options ?? [], edited: p.editedAt != nil)
        }
    }

    /// A generated picture encoded by the real encoder (`png`, `jpeg` or `webp`), for uploads in tests.
    package static func samplePicture(width: Int, height: Int, format: String, seed: UInt64 = 7) throws -> Data {
        let spec = ImageSpec(seed: seed, width: width, height: height, format: ImageSpec.Format(rawValue: format) ?? .png,
                             pattern: .rings, photoLike: false)
        return Data(try ImageEncoder.encode(rgb: PatternRenderer.render(spec), width: width, height: height, as: spec.format))
    }

    /// Where the demo serves its moving picture, as its posts link it.
    package func movingPicturePath() async -> String? {
        await state.posts.lazy.flatMap(\.media).first { $0.moves }.map { "/media/\($0.id)/moving.gif" }
    }

    /// The demo's moving picture (twelve frames, a tenth of a second each, a ball crossing stripes from
    /// left to right), as the demo serves it: an animated GIF made with giflib.
    package static func sampleAnimation() throws -> [UInt8] { try DemoAnimation.encoded.get() }

    /// Like/save requests received so far.
    package func actionRequestCount() async -> Int { await state.actionRequests }

    /// Ids of the newest posts, newest first, as the home timeline lists them.
    package func newestPostIDs(_ count: Int) async -> [String] {
        await state.newestIDs(count).map { state.wireID($0) }
    }
}

/// One of the demo user's posts, as the server holds it (for tests).
package struct DemoWrittenPost: Sendable {
    package var id: String
    package var text: String
    package var spoiler: String
    package var visibility: String
    package var language: String
    package var inReplyToID: String?
    package var media: [(description: String, mimeType: String, bytes: Int)]
    package var pollOptions: [String]
    package var edited: Bool
}

package struct DemoError: Error, CustomStringConvertible {
    package var description: String
}

/// A value set once after start-up and read by every request.
actor BaseURLBox {
    private(set) var value = ""
    func set(_ v: String) { value = v }
}
