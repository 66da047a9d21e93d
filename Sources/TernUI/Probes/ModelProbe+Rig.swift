import AsyncHTTPClient
import Foundation
import TernFeed
import TernHTTP
import TernImages
import TernMastodon
import TernModel
import TernStore
import TernTerminal

extension ModelProbe {
    /// The runner with one account on a server, drawn to /dev/null, turned by hand as its loop turns.
    final class Rig {
        let runner: AppRunner
        private let http: HTTPClient
        private let actions: ActionQueue
        private let outbox: Outbox

        init(server: URL, token: String, folder: URL) throws {
            let store = try Store(url: folder.appendingPathComponent("tern.sqlite"))
            http = HTTPFetch.makeClient()
            let client = MastodonClient(baseURL: server, token: token, http: http, timeout: .seconds(5))
            actions = try ActionQueue(data: store.account("model"), client: client)
            let sources = TimelineEngine.Sources(client: client, data: store.account("model"), actions: actions)
            // One delivery loop for the marks, posts and changes, as a session has.
            outbox = Outbox(store: store.account("model"), client: client, posts: sources.posts, deliveries: actions.deliveries)
            let parts = AccountParts(name: "model", title: "model", sources: sources,
                                     writing: Writing(outbox: outbox, changes: ChangeQueue(store: store.account("model"), client: client,
                                                                                           deliveries: actions.deliveries),
                                                      ownAccountID: "1", ownAcct: "user1"),
                                     live: nil, fetchLists: { [] })
            let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (40, 120))
            // No pictures: the run is about posts, people and places, and a server drawing each thumbnail in the
            // same process would take the threads the engines share.
            runner = AppRunner(screen: screen, account: parts, loader: ImageLoader(http: http, colorMode: .indexed256, offline: true),
                               mailbox: Mailbox(), theme: .builtIn, timeline: .home, settings: .noMouse,
                               accounts: ["model"], onEngine: { _, _ in })
            actions.resume()
        }

        /// One turn of the loop: the clock, a frame when something changed, what work sent.
        func turn() {
            runner.tick()
            if runner.dirty { runner.settleAndDraw() }
            for event in runner.mailbox.drain() { runner.accept(event) }
            if runner.dirty { runner.settleAndDraw() }
        }

        /// Turns the loop until `condition` holds (true) or ten seconds pass (false), leaving the thread to the
        /// engines and the server between turns.
        func pump(until condition: (AppRunner) -> Bool) async throws -> Bool {
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                turn()
                if condition(runner) { return true }
                try await Task.sleep(for: .milliseconds(2))
            }
            return false
        }

        func close() async throws {
            for s in runner.sessions { for (_, e) in s.engines { e.list.stop() } }
            actions.stop()
            await outbox.stop()
            try await http.shutdown()
        }
    }
}
