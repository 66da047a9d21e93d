import AsyncHTTPClient
import Foundation
import TernDemo
@testable import TernFeed
import TernHTTP
import TernImages
import TernMastodon
import TernModel
import TernStore
import TernTerminal
import TernTestSupport
@testable import TernUI
import XCTest

/// A runner on real parts: an in-process demo server, a store file in a folder of its own, engines, and a
/// screen drawn to /dev/null (or to a file, to see what reached the terminal). Two accounts are open:
/// "ada@one", shown, and "bo@two", in the background for the inbox.
struct RunnerRig {
    let runner: AppRunner
    let http: HTTPClient
    let server: DemoServer
    let folder: URL
    let store: Store
    private let queues: QueueList

    /// The action queues made so far, to stop at the end.
    private final class QueueList: @unchecked Sendable {
        var all: [ActionQueue] = []
    }

    static func start(output: String = "/dev/null") async throws -> RunnerRig {
        let server = try await DemoServer.start()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-runner-\(UUID().uuidString)")
        let store = try Store(url: folder.appendingPathComponent("tern.sqlite"))
        let http = HTTPFetch.makeClient()
        let queues = QueueList()
        let screen = try Screen(terminalType: "xterm-256color", output: output, size: (40, 120))
        let first = try parts("ada@one", server: server, store: store, http: http, queues: queues)
        let runner = AppRunner(screen: screen, account: first, loader: ImageLoader(http: http, colorMode: .indexed256),
                               mailbox: Mailbox(), theme: .builtIn, timeline: .home, settings: .noMouse,
                               accounts: ["ada@one", "bo@two"], onEngine: { _, _ in })
        let rig = RunnerRig(runner: runner, http: http, server: server, folder: folder, store: store, queues: queues)
        // The second account, opened for the inbox: in the background.
        runner.opened(1, try rig.parts("bo@two"))
        return rig
    }

    /// An account's parts as the caller opens them, on the demo and the store file.
    func parts(_ name: String) throws -> AccountParts {
        try Self.parts(name, server: server, store: store, http: http, queues: queues)
    }

    private static func parts(_ name: String, server: DemoServer, store: Store, http: HTTPClient, queues: QueueList) throws -> AccountParts {
        let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: http, timeout: .seconds(5))
        let actions = try ActionQueue(data: store.account(name), client: client)
        queues.all.append(actions)
        return AccountParts(name: name, title: name,
                            sources: TimelineEngine.Sources(client: client, data: store.account(name), actions: actions),
                            writing: Writing(outbox: Outbox(store: store.account(name), client: client, deliveries: actions.deliveries),
                                             changes: ChangeQueue(store: store.account(name), client: client, deliveries: actions.deliveries),
                                             ownAccountID: "1", ownAcct: "me"),
                            live: nil, fetchLists: { [] })
    }

    func close() async throws {
        for s in runner.sessions { for (_, e) in s.engines { e.list.stop() } }
        runner.pictures.stop()
        for q in queues.all { q.stop() }
        try await http.shutdown()
        await server.stop()
        try FileManager.default.removeItem(at: folder)
    }

    /// Hands the runner what its mailbox brings, as its loop does, until `done` holds or `seconds` pass;
    /// whether it held. `heard` gets every event handed on.
    @discardableResult
    func pump(_ seconds: Double = 10, heard: ((UIEvent) -> Void)? = nil, until done: (AppRunner) -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            for event in runner.mailbox.drain() {
                heard?(event)
                runner.accept(event)
            }
            if done(runner) { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return done(runner)
    }

    /// The shown account's Home, started, once its first posts are on the screen: its rows.
    func homeWithPosts() async throws -> [FeedRow] {
        runner.perform([.feed(.timeline(.home), .start)])
        let came = try await pump { Self.home($0).contains { $0.post != nil } }
        XCTAssertTrue(came, "Home never showed its posts")
        return Self.home(runner)
    }

    /// The rows the bottom screen (Home) shows.
    static func home(_ runner: AppRunner) -> [FeedRow] {
        (runner.stack.layers.first as? FeedLayer)?.snapshot?.rows ?? []
    }
}
