import Foundation
import TernModel
import TernTerminal
@testable import TernUI
import XCTest

/// `V` on a post with a poll: one answer is chosen with Enter or its digit; several are ticked with Space
/// and sent with Enter; Escape votes for nothing. A poll that can't take a vote says why.
final class PollLayerTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func post(multiple: Bool, voted: Bool = false, expired: Bool = false, id: String? = "p1") -> Post {
        var p = Post(id: "1", statusID: "1", account: Account(id: "a", acct: "ann", displayName: "Ann"), createdAt: now,
                     content: StyledText(plain: "Tea?"))
        p.poll = Poll(options: [.init(title: "tea", votes: 1), .init(title: "coffee", votes: 2), .init(title: "neither", votes: 0)],
                      votes: 3, expiresAt: now.addingTimeInterval(3_600), expired: expired, ownVotes: voted ? [0] : [], id: id,
                      multiple: multiple, voted: voted)
        return p
    }

    private func env() -> LayerEnv { LayerEnv(rows: 24, columns: 80, now: now, renderer: FrameRenderer(theme: .builtIn)) }

    /// The poll's line says what the key does ("V to vote"), which read as a count ("V votes") beside the
    /// count of votes, and counts in words ("1 vote").
    func testAnOpenPollSaysWhichKeyVotes() {
        var p = post(multiple: false)
        p.poll?.votes = 1
        let head = RowLayout.pollLines(p.poll!, now: now, inner: 60)[0].map(\.text.string).joined()
        XCTAssertEqual(head, "▤ Poll · 1 vote · ends in 1h · V to vote")
        let several = RowLayout.pollLines(post(multiple: true).poll!, now: now, inner: 60)[0].map(\.text.string).joined()
        XCTAssertTrue(several.hasSuffix("· V to vote (several)"), several)
        // A total below an option's own count (here 1 against 2) draws full bars, not a crash.
        let bars = RowLayout.pollLines(p.poll!, now: now, inner: 60).dropFirst().map { $0.map(\.text.string).joined() }
        XCTAssertTrue(bars.contains { $0.contains("▰▰▰▰▰▰▰▰▰▰ 100%") }, bars.joined(separator: "\n"))
    }

    func testOneAnswerIsChosenWithEnterOrItsDigit() {
        let p = post(multiple: false)
        XCTAssertEqual(PollLayer.voting(p, now: now), [.push(.poll(p))])
        var layer = PollLayer(post: p)
        XCTAssertEqual(layer.update(.character("j"), env()), [])
        XCTAssertEqual(layer.update(.enter, env()), [.pop, .vote(p, choices: [1])])
        var digit = PollLayer(post: p)
        XCTAssertEqual(digit.update(.character("3"), env()), [.pop, .vote(p, choices: [2])])
        var space = PollLayer(post: p)
        XCTAssertEqual(space.update(.character(" "), env()), [], "space ticks nothing in a one-answer poll")
        XCTAssertEqual(space.update(.escape, env()), [.pop], "escape votes for nothing")
    }

    func testSeveralAnswersAreTickedThenSent() {
        let p = post(multiple: true)
        var layer = PollLayer(post: p)
        XCTAssertEqual(layer.update(.character(" "), env()), [])
        XCTAssertEqual(layer.update(.character("3"), env()), [], "a digit ticks in a poll of several answers")
        XCTAssertEqual(layer.update(.character("1"), env()), [], "and unticks")
        XCTAssertEqual(layer.update(.character("2"), env()), [])
        XCTAssertEqual(layer.update(.enter, env()), [.pop, .vote(p, choices: [1, 2])])
        var none = PollLayer(post: p)
        _ = none.update(.down, env())
        XCTAssertEqual(none.update(.enter, env()), [.pop, .vote(p, choices: [1])], "none ticked: the one under the cursor")
    }

    func testAPollThatCantTakeAVoteSaysWhy() {
        XCTAssertEqual(PollLayer.voting(post(multiple: false, voted: true), now: now), [.say("You have voted in this poll", error: false)])
        XCTAssertEqual(PollLayer.voting(post(multiple: false, expired: true), now: now), [.say("This poll is closed", error: false)])
        XCTAssertEqual(PollLayer.voting(post(multiple: false, id: nil), now: now),
                       [.say("Tern doesn't know this poll's id yet: r fetches it again", error: false)])
        var pending = post(multiple: false)
        pending.pending.insert(.vote)
        XCTAssertEqual(PollLayer.voting(pending, now: now), [.say("Your vote is on its way", error: false)])
        var plain = post(multiple: false)
        plain.poll = nil
        XCTAssertEqual(PollLayer.voting(plain, now: now), [.say("This post has no poll", error: false)])
    }
}
