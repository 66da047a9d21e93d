import AsyncHTTPClient
import Foundation
import TernFeed
import TernHTTP
import TernImages
import TernMastodon
import TernModel
import TernStore
import TernTerminal

/// A seeded model-based run of the whole UI against a server (the demo's, in tests and `tern-bench model`):
/// random keys (move, open a thread, a profile, the notifications, like, save, boost, vote in a poll,
/// follow, refresh, reveal, reply, a resize to 80×24 and back, Esc) through the runner's own loop, with real engines and a
/// real store file in `folder`. After each step it waits for the rules to hold, and stops with the seed and
/// the steps that led there when one does not:
/// - every screen on the stack shows each post as the session holds it (`SessionPosts`), its server's text,
///   counts, marks and poll, wherever no wish of the user's is still on its way;
/// - every profile on the stack shows the relationship as the session holds it (`SessionPeople`), under the
///   user's settled wishes;
/// - Esc back to a screen finds it at the post it left, and a resize keeps the post selected.
package enum ModelProbe {
    /// How a run ended: the steps taken, and what broke a rule (nil: none did).
    package struct Outcome: Sendable {
        package var steps: Int
        package var failure: String?
        /// Polls voted in: a vote is drawn as often as a follow, but only a post with an open poll takes one.
        package var votes = 0
    }

    private enum Step: String, CaseIterable {
        case down = "j", up = "k", top = "g", bottom = "G", open = "Enter", back = "Esc", profile = "p",
             notifications = "n", like = "f", save = "b", boost = "B", refresh = "r", reveal = "c", reply = "a…Ctrl-S",
             follow = "F", vote = "j…V1", resize = "resize"

        /// How often each is drawn: moving most, as a reader does.
        var weight: Int {
            switch self {
            case .down: 24
            case .up: 10
            case .open, .back: 12
            case .like, .save: 6
            case .top, .bottom, .profile, .notifications, .boost, .refresh, .reveal: 3
            case .reply, .follow, .vote, .resize: 2
            }
        }

        var key: Key? {
            switch self {
            case .open: .enter
            case .back: .escape
            case .reply, .vote: nil
            case .resize: .resize
            default: .character(Character(rawValue))
            }
        }
    }

    /// Runs `steps` steps drawn from `seed` on the account `token` opens at `server`.
    package static func run(server: URL, token: String, folder: URL, seed: UInt64, steps: Int) async throws -> Outcome {
        let rig = try Rig(server: server, token: token, folder: folder)
        do {
            let outcome = try await play(rig, seed: seed, steps: steps)
            try await rig.close()
            return outcome
        } catch {
            try await rig.close()
            throw error
        }
    }

    private static func play(_ rig: Rig, seed: UInt64, steps: Int) async throws -> Outcome {
        var random = SeededRandom(seed: seed)
        let runner = rig.runner
        var history: [String] = [], votes = 0
        func failed(_ what: String) -> Outcome {
            Outcome(steps: history.count, failure: "seed \(seed), step \(history.count): \(what)\n"
                    + "last steps: \(history.suffix(12).joined(separator: " "))", votes: votes)
        }

        runner.perform([.feed(.timeline(.home), .start)])
        runner.session.startWriting()
        guard try await rig.pump(until: { !(($0.stack.layers.first as? FeedLayer)?.snapshot?.rows.isEmpty ?? true) }) else {
            return failed("Home never showed its posts")
        }
        /// Where each screen beneath the top was left: its list and the post selected there.
        var left: [(feed: FeedID, selected: String?)] = []
        let all = Step.allCases.flatMap { Array(repeating: $0, count: $0.weight) }
        for _ in 0..<steps {
            let lists = Self.lists(runner)
            let step: Step
            if !(runner.stack.top is FeedLayer) { step = .back } else { step = all[Int(random.next() % UInt64(all.count))] }
            history.append(step.rawValue)
            let selectedBefore = lists.last?.viewport.selectedID
            if step == .resize {
                let small = runner.screen.columns == 120
                runner.screen.resize(rows: small ? 24 : 40, columns: small ? 80 : 120)
            }
            if let key = step.key {
                runner.handle(key)
            } else if step == .vote {
                if vote(runner) { votes += 1 }
            } else if try await !reply(rig) {
                return failed("the reply was not posted")
            }
            rig.turn()
            // `g` and `G` that need posts from the store land before the next key, as a reader sees them land: a
            // screen opened before the landing finds the list beneath moved when Esc comes back to it (a known
            // gap, issue 46's note).
            if step == .top || step == .bottom, !(try await rig.pump(until: { Self.lists($0).last?.awaitsEdge != true })) {
                return failed("\(step.rawValue) never landed")
            }
            let now = Self.lists(runner)
            // A row that left the list meanwhile (a post on its way, replaced by the post the server made of it)
            // takes the selection elsewhere whatever the size: the resize must keep a selection that still has its row.
            if step == .resize, let selectedBefore, now.last?.viewport.selectedID != selectedBefore,
               now.last?.snapshot?.rows.contains(where: { $0.id == selectedBefore }) == true {
                return failed("a resize moved the selection from \(selectedBefore) to \(now.last?.viewport.selectedID ?? "nothing")")
            }
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
                    return failed("Esc came back to \(top.feed) at \(top.viewport.selectedID ?? "nothing"), "
                                  + "left at \(expected.feed) on \(expected.selected ?? "nothing")")
                }
            }
            guard try await rig.pump(until: { Self.disagreements($0).isEmpty }) else {
                return failed("a screen shows a post otherwise than the session holds it: \(Self.disagreements(runner).prefix(3))")
            }
            guard try await rig.pump(until: { Self.peopleDisagreements($0).isEmpty }) else {
                return failed("a profile shows a relationship otherwise than the session holds it: \(Self.peopleDisagreements(runner).prefix(3))")
            }
        }
        return Outcome(steps: history.count, failure: nil, votes: votes)
    }

    /// `a`, a few words, Ctrl-S: the compose screen opens (its draft read off the loop) and closes once sent.
    private static func reply(_ rig: Rig) async throws -> Bool {
        let runner = rig.runner
        guard let list = runner.stack.top as? FeedLayer,
              let post = list.snapshot?.rows.first(where: { $0.id == list.viewport.selectedID })?.post, post.unread == nil else { return true }
        runner.handle(.character("a"))
        guard try await rig.pump(until: { $0.stack.top is ComposeLayer }) else { return true }
        for c in "an answer" { runner.handle(.character(c)) }
        runner.handle(.character("\u{13}"))
        return try await rig.pump(until: { !($0.stack.top is ComposeLayer) && $0.session.outgoing.posts.isEmpty })
    }

    /// `j` down to the next post with a poll open to a vote (a few presses at most: one post in several has a
    /// poll), `V`, then the first option where the poll's box opens (one voted in or closed says so on the
    /// status line and opens nothing). Whether a vote was cast.
    private static func vote(_ runner: AppRunner) -> Bool {
        func votable() -> Bool {
            guard let list = runner.stack.top as? FeedLayer,
                  let post = list.snapshot?.rows.first(where: { $0.id == list.viewport.selectedID })?.post, let poll = post.poll else { return false }
            return !poll.hasVoted && !poll.isClosed(at: Date()) && !post.pending.contains(.vote)
        }
        for _ in 0..<12 where !votable() { runner.handle(.character("j")) }
        runner.handle(.character("V"))
        guard runner.stack.top is PollLayer else { return false }
        runner.handle(.character("1"))
        return true
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
                        ("poll", expected.poll != shown.poll),
                    ].filter(\.1).map(\.0)
                    if !differs.isEmpty {
                        found.append("\(list.feed) (v\(list.snapshot?.version ?? -1), latest v\(session.feeds[list.feed]?.version ?? -1)) shows "
                                     + "\(shown.statusID) with other \(differs.joined(separator: ", ")) (shown ↩ \(shown.repliesCount) "
                                     + "☆ \(shown.favouritesCount) ⇄ \(shown.boostsCount); held ↩ \(held.repliesCount) ☆ \(held.favouritesCount) "
                                     + "⇄ \(held.boostsCount))")
                    }
                }
            }
        }
        return found
    }

    /// Profiles that show a relationship otherwise than the session holds it, under the user's settled wishes
    /// (none with a wish on its way: that shows the wish).
    static func peopleDisagreements(_ runner: AppRunner) -> [String] {
        var found: [String] = []
        for session in runner.sessions {
            for list in session.stack.layers.compactMap({ $0 as? FeedLayer }) {
                guard case .profile(let profile, let shown?, let pending)? = list.snapshot?.rows.first, !pending,
                      let held = session.sources.people.relationship(with: profile.account.id) else { continue }
                let (expected, waiting) = session.sources.actions.apply(to: held, accountID: profile.account.id)
                if !waiting, expected != shown { found.append("@\(profile.account.acct): shown \(shown), held \(expected)") }
            }
        }
        return found
    }
}
