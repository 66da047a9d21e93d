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
@testable import TernUI
import XCTest

/// A seeded model-based run of the whole UI on the demo: random keys (move, open a thread, a profile, the
/// notifications, like, save, boost, refresh, reveal, reply, Esc) through the runner's own loop, with real
/// engines, a real store file and the demo server. After each step the oracle waits for the two rules to
/// hold, and fails with the seed and the steps that led there when one does not:
/// - every screen on the stack shows each post as the session holds it (`SessionPosts`), its server's text,
///   counts and marks, wherever no wish of the user's is still on its way;
/// - Esc back to a screen finds it at the post it left.
/// `TERN_MODEL_SEED` replays a seed; `TERN_MODEL_STEPS` runs longer (`make test` runs 2,000).
final class SessionModelTests: XCTestCase {
    private enum Step: String, CaseIterable {
        case down = "j", up = "k", top = "g", bottom = "G", open = "Enter", back = "Esc", profile = "p",
             notifications = "n", like = "f", save = "b", boost = "B", refresh = "r", reveal = "c", reply = "a…Ctrl-S"

        /// How often each is drawn: moving most, as a reader does.
        var weight: Int {
            switch self {
            case .down: 24
            case .up: 10
            case .open, .back: 12
            case .like, .save: 6
            case .top, .bottom, .profile, .notifications, .boost, .refresh, .reveal: 3
            case .reply: 2
            }
        }

        var key: Key? {
            switch self {
            case .open: .enter
            case .back: .escape
            case .reply: nil
            default: .character(Character(rawValue))
            }
        }
    }

    func testEveryScreenShowsEachPostAsTheSessionHoldsItAndEscFindsItsPlace() async throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["TERN_MODEL_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...999_999)
        let steps = environment["TERN_MODEL_STEPS"].flatMap(Int.init) ?? 2_000
        var random = SeededRandom(seed: seed)
        let rig = try await Rig.start()
        defer { rig.remove() }
        let runner = rig.runner
        var history: [String] = []
        func fail(_ what: String) {
            XCTFail("seed \(seed) (TERN_MODEL_SEED=\(seed) replays it), step \(history.count): \(what)\n"
                    + "last steps: \(history.suffix(12).joined(separator: " "))")
        }

        runner.perform([.feed(.timeline(.home), .start)])
        runner.session.startWriting()
        guard try await rig.pump(until: { !(($0.stack.layers.first as? FeedLayer)?.snapshot?.rows.isEmpty ?? true) }) else {
            fail("Home never showed its posts")
            return try await rig.close()
        }
        /// Where each screen beneath the top was left: its list and the post selected there.
        var left: [(feed: FeedID, selected: String?)] = []
        let all = Step.allCases.flatMap { Array(repeating: $0, count: $0.weight) }
        for _ in 0..<steps {
            let lists = Self.lists(runner)
            let step: Step
            if !(runner.stack.top is FeedLayer) { step = .back } else { step = all[Int(random.next() % UInt64(all.count))] }
            history.append(step.rawValue)
            if let key = step.key { runner.handle(key) } else if try await !reply(rig) { fail("the reply was not posted"); break }
            rig.turn()
            // `g` and `G` that need posts from the store land before the next key, as a reader sees them land: a
            // screen opened before the landing finds the list beneath moved when Esc comes back to it (a known
            // gap, issue 46's note).
            if step == .top || step == .bottom, !(try await rig.pump(until: { Self.lists($0).last?.awaitsEdge != true })) {
                fail("\(step.rawValue) never landed")
                break
            }
            let now = Self.lists(runner)
            if now.count > lists.count, let under = lists.last { left.append((under.feed, under.viewport.selectedID)) }
            if now.count < lists.count, let top = now.last {
                // Only the screens above went: what was left is on top again.
                let expected = left.count >= now.count ? left[now.count - 1] : nil
                left.removeLast(min(left.count, lists.count - now.count))
                // A screen left before its posts came had nothing selected: any place is its place. A post on its
                // way (`outbox:` rows) gives way to the post the server made, which the selection does not follow
                // yet: the row below it is taken (a known gap, issue 46's note).
                let kept = expected?.selected.map { !$0.hasPrefix("outbox:") } ?? false
                if let expected, top.feed != expected.feed || (kept && top.viewport.selectedID != expected.selected) {
                    fail("Esc came back to \(top.feed) at \(top.viewport.selectedID ?? "nothing"), "
                         + "left at \(expected.feed) on \(expected.selected ?? "nothing")")
                    break
                }
            }
            guard try await rig.pump(until: { Self.disagreements($0).isEmpty }) else {
                fail("a screen shows a post otherwise than the session holds it: \(Self.disagreements(runner).prefix(3))")
                break
            }
        }
        try await rig.close()
    }

    /// `a`, a few words, Ctrl-S: the compose screen opens (its draft read off the loop) and closes once sent.
    private func reply(_ rig: Rig) async throws -> Bool {
        let runner = rig.runner
        guard let list = runner.stack.top as? FeedLayer,
              let post = list.snapshot?.rows.first(where: { $0.id == list.viewport.selectedID })?.post, post.unread == nil else { return true }
        runner.handle(.character("a"))
        guard try await rig.pump(until: { $0.stack.top is ComposeLayer }) else { return true }
        for c in "an answer" { runner.handle(.character(c)) }
        runner.handle(.character("\u{13}"))
        return try await rig.pump(until: { !($0.stack.top is ComposeLayer) && $0.session.outgoing.posts.isEmpty })
    }

    private static func lists(_ runner: AppRunner) -> [FeedLayer] { runner.stack.layers.compactMap { $0 as? FeedLayer } }

    /// Posts some screen shows otherwise than the session holds them: its copy, under the user's settled
    /// wishes (none with a wish on its way: that shows the wish).
    static func disagreements(_ runner: AppRunner) -> [String] {
        var found: [String] = []
        for session in runner.sessions {
            for list in session.stack.layers.compactMap({ $0 as? FeedLayer }) {
                for row in list.snapshot?.rows ?? [] {
                    guard let shown = row.post, shown.pending.isEmpty, let held = session.sources.posts.copy(of: shown.statusID) else { continue }
                    // The user's settled wishes are the session's too: every list shows them over the server's copy.
                    let expected = session.sources.actions.apply(to: shown.showing(held))
                    let differs = [
                        ("text", expected.content != shown.content), ("edited", expected.editedAt != shown.editedAt),
                        ("replies", expected.repliesCount != shown.repliesCount), ("boosts", expected.boostsCount != shown.boostsCount),
                        ("likes", expected.favouritesCount != shown.favouritesCount), ("liked", expected.favourited != shown.favourited),
                        ("saved", expected.bookmarked != shown.bookmarked), ("boosted", expected.boosted != shown.boosted),
                    ].filter(\.1).map(\.0)
                    if !differs.isEmpty {
                        found.append("\(list.feed) (loading: \(list.snapshot?.loadingNewer ?? false), v\(list.snapshot?.version ?? -1), engine: "
                                     + "\(session.engines[list.feed] != nil), latest v\(session.feeds[list.feed]?.version ?? -1) loading "
                                     + "\(session.feeds[list.feed]?.loadingNewer ?? false)) shows \(shown.statusID) with other \(differs.joined(separator: ", ")) (shown ↩ \(shown.repliesCount) ☆ \(shown.favouritesCount) "
                                     + "\(shown.favourited ? "liked" : "not liked"), \(shown.bookmarked ? "saved" : "not saved"), ⇄ \(shown.boostsCount) \(shown.boosted ? "boosted" : ""); held ↩ \(held.repliesCount) ☆ "
                                     + "\(held.favouritesCount) \(held.favourited ? "liked" : "not liked"), \(held.bookmarked ? "saved" : "not saved"), ⇄ \(held.boostsCount) \(held.boosted ? "boosted" : ""))")
                    }
                }
            }
        }
        return found
    }

    /// The runner with one account on the demo server, drawn to /dev/null, turned by hand as its loop turns.
    private struct Rig {
        let runner: AppRunner
        let http: HTTPClient
        let server: DemoServer
        let folder: URL
        let actions: ActionQueue
        let outbox: Outbox

        static func start() async throws -> Rig {
            let server = try await DemoServer.start()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-model-\(UUID().uuidString)")
            let store = try Store(url: folder.appendingPathComponent("tern.sqlite"))
            let http = HTTPFetch.makeClient()
            let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: http, timeout: .seconds(5))
            let actions = try ActionQueue(data: store.account("demo"), client: client)
            let sources = TimelineEngine.Sources(client: client, data: store.account("demo"), actions: actions)
            let outbox = Outbox(store: store.account("demo"), client: client, posts: sources.posts, deliveries: actions.deliveries)
            let parts = AccountParts(name: "demo", title: "demo", sources: sources,
                                     writing: Writing(outbox: outbox, changes: ChangeQueue(store: store.account("demo"), client: client,
                                                                                           deliveries: actions.deliveries),
                                                      ownAccountID: "1", ownAcct: "user1"),
                                     live: nil, fetchLists: { [] })
            let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (40, 120))
            // No pictures: the run is about posts and places, and the demo drawing each thumbnail in this process
            // would take the two threads the engines share.
            let runner = AppRunner(screen: screen, account: parts, loader: ImageLoader(http: http, colorMode: .indexed256, offline: true),
                                   mailbox: Mailbox(), theme: .builtIn, timeline: .home, settings: .noMouse,
                                   accounts: ["demo"], onEngine: { _, _ in })
            actions.resume()
            return Rig(runner: runner, http: http, server: server, folder: folder, actions: actions, outbox: outbox)
        }

        /// One turn of the loop: the clock, a frame when something changed, what work sent.
        func turn() {
            runner.tick()
            if runner.dirty { runner.settleAndDraw() }
            for event in runner.mailbox.drain() { runner.accept(event) }
            if runner.dirty { runner.settleAndDraw() }
        }

        /// Turns the loop until `condition` holds (true) or ten seconds pass (false), leaving the thread to the
        /// engines and the demo server between turns.
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
            await server.stop()
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }
}
